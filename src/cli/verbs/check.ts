/**
 * `skillgraph check [--lock FILE]` — compare the catalog now with a lockfile;
 * exit 1 on drift (skills added, removed, or changed in scope, location,
 * package digest or tree digest).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compareLock, LOCKFILE_NAME, parseLock, type LockEntry } from '../../catalog/lockfile.js';
import { SkillgraphError } from '../../model/errors.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { paint, useColor, writeJson, type CliIo } from '../io.js';
import { displayPath } from './catalog.js';
import { lockEntries } from './lock.js';

export const spec: VerbSpec = {
  name: 'check',
  summary: 'compare the catalog with a lockfile; exit 1 on drift',
  usage: `[--lock ${LOCKFILE_NAME}] [catalog flags]`,
  flags: {
    ...CATALOG_FLAGS,
    lock: { type: 'string', value: 'FILE', description: `lockfile to compare with (default ${LOCKFILE_NAME})` },
  },
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const file = resolve(io.cwd, typeof values.lock === 'string' ? values.lock : LOCKFILE_NAME);
  const shown = displayPath(file, io.cwd);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SkillgraphError('lockfile.invalid', `cannot read lockfile ${shown} (${(error as NodeJS.ErrnoException).code ?? 'error'}); run 'skillgraph lock' first`, { file: shown }, error);
  }
  const lock = parseLock(text, shown);
  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const drift = compareLock(lock, lockEntries(catalog, io.cwd));
  if (values.json) {
    writeJson(io, { ok: drift.ok, lock: shown, digest: { locked: lock.digest, current: catalog.digest }, added: drift.added, removed: drift.removed, changed: drift.changed });
  } else {
    const color = useColor(io);
    const line = (e: LockEntry): string => `${e.name} (${e.scope}) ${e.locator}`;
    const out: string[] = [];
    for (const e of drift.added) out.push(`${paint(color, 'green', '+ added  ')} ${line(e)}`);
    for (const e of drift.removed) out.push(`${paint(color, 'red', '- removed')} ${line(e)}`);
    for (const c of drift.changed) out.push(`${paint(color, 'yellow', '~ changed')} ${line(c.current)}: ${c.fields.join(', ')}`);
    out.push(drift.ok ? `No drift: ${lock.skills.length} skill(s) match ${shown}.` : `Drift against ${shown}: ${drift.added.length} added, ${drift.removed.length} removed, ${drift.changed.length} changed.`);
    io.stderr.write(`${out.join('\n')}\n`);
  }
  return drift.ok ? EXIT.ok : EXIT.findings;
}
