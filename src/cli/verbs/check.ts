/**
 * `skillgraph check [PATH...] [--lock FILE]` — compare the catalog now with a
 * lockfile; exit 1 on drift: a skill added, removed, changed (scope, root,
 * path, package or tree digest), invalid now (with its findings), or not
 * found while the walk was incomplete. The lockfile is read as a regular file
 * only (a FIFO or a link in its place is refused, never waited on).
 */
import { dirname, resolve } from 'node:path';
import { compareLock, LOCKFILE_NAME, parseLock, type LockEntry } from '../../catalog/lockfile.js';
import { SkillgraphError } from '../../model/errors.js';
import { readRegularFile } from '../../workspace/safe-read.js';
import { collectGarbage } from '../../engine/gc.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs } from '../args.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { displayPath } from './catalog.js';
import { LOCK_FLAGS, lockState, placesFromCatalog } from './lock.js';

export const spec: VerbSpec = {
  name: 'check',
  summary: 'compare the catalog with a lockfile; exit 1 on drift',
  usage: `[PATH...] [--lock ${LOCKFILE_NAME}] [catalog flags]`,
  flags: {
    ...LOCK_FLAGS,
    lock: { type: 'string', value: 'FILE', description: `lockfile to compare with (default ${LOCKFILE_NAME})` },
  },
  positionals: 'roots',
};

/** A lockfile this large is not one (a skill entry is ~300 bytes). */
const MAX_LOCKFILE_BYTES = 64 * 1024 * 1024;

function readLockText(file: string, shown: string): string {
  const read = readRegularFile(file, MAX_LOCKFILE_BYTES, { followLinks: true });
  if (read.ok) return read.bytes.toString('utf8');
  const why = read.reason === 'missing' ? "not found; run 'skillgraph lock' first" : read.reason === 'not-regular' ? 'not a regular file' : read.reason === 'too-large' ? `larger than ${MAX_LOCKFILE_BYTES} bytes` : `unreadable (${read.errno ?? read.reason})`;
  throw new SkillgraphError('lockfile.invalid', `cannot read lockfile ${shown}: ${why}`, { file: shown, reason: read.reason });
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const file = resolve(io.cwd, typeof values.lock === 'string' ? values.lock : LOCKFILE_NAME);
  const shown = displayPath(file, io.cwd);
  const text = readLockText(file, shown);
  // A malformed lockfile fails before the walk; the parsed lock is dropped and made again at the end.
  // Perf: 100,000 locked skills are ~75 MB as objects and ~30 MB as text, held across the catalog's peak.
  const locked = parseLock(text, shown).skills.length;
  collectGarbage(locked);
  const color = useColor(io, 'stdout');
  const { places, completeness, lines } = await placesFromCatalog(values, io, spec.name, positionals, dirname(file), useColor(io));
  collectGarbage(places.skills.length);
  const state = lockState(places);
  collectGarbage(places.skills.length);
  const lock = parseLock(text, shown);
  const drift = compareLock(lock, state);
  if (values.json) {
    writeJson(io, {
      ok: drift.ok,
      lock: shown,
      digest: { locked: lock.digest, current: places.digest },
      added: drift.added,
      removed: drift.removed,
      changed: drift.changed,
      invalid: drift.invalid.map((b) => ({ ...b.locked, diagnostics: b.diagnostics })),
      incomplete: drift.incomplete,
      ...completeness,
    });
    return drift.ok ? EXIT.ok : EXIT.findings;
  }
  const line = (e: LockEntry): string => `${e.name} (${e.scope}) ${e.root}/${e.path}`;
  const out: string[] = [];
  for (const e of drift.added) out.push(`${paint(color, 'green', '+ added     ')} ${line(e)}`);
  for (const e of drift.removed) out.push(`${paint(color, 'red', '- removed   ')} ${line(e)}`);
  for (const c of drift.changed) out.push(`${paint(color, 'yellow', '~ changed   ')} ${line(c.current)}: ${c.fields.join(', ')}`);
  for (const b of drift.invalid) {
    out.push(`${paint(color, 'red', '! invalid   ')} ${line(b.locked)}`);
    for (const d of b.diagnostics) out.push(`      ${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''} ${paint(color, 'dim', d.code)} ${d.message}`);
  }
  for (const e of drift.incomplete) out.push(`${paint(color, 'yellow', '? incomplete')} ${line(e)}: not found, and the walk stopped at a limit`);
  if (out.length > 0) io.stdout.write(`${out.join('\n')}\n`);
  const counts = `${drift.added.length} added, ${drift.removed.length} removed, ${drift.changed.length} changed, ${drift.invalid.length} invalid, ${drift.incomplete.length} not found in an incomplete walk`;
  lines.push(drift.ok ? `No drift: ${lock.skills.length} skill(s) match ${shown}.` : `Drift against ${shown}: ${counts}.`);
  note(io, `${lines.join('\n')}\n`);
  return drift.ok ? EXIT.ok : EXIT.findings;
}
