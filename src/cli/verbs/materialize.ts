/**
 * `skillgraph materialize DIR [NAME...]` — copy skills (SKILL.md, scripts/,
 * references/, assets/, every other file) into DIR/<name>/, each write
 * atomic and inside DIR. `--lazy` copies nothing up front and stages only the
 * NAMEs given, one load each, answering `loaded` / `already_loaded`.
 * One bad skill never blocks the others: each is verified, listed and its
 * files opened before its first write, and a skill that cannot be copied
 * (unreadable, past a limit, a Windows device name, swapped mid-run, a
 * workspace file holding other content without `--force`) is left out and
 * named with its finding; the others are copied (exit 1). Invalid skills in
 * the roots are named as left out too.
 * JSON: `{schemaVersion, dir, lazy, available, skills: [{name, status, digest, path, files}], left_out,
 * not_handed_over}` with `path` relative to DIR as given; `not_handed_over` lists each link or
 * mention in a copied skill of a skill that was not copied (or is not installed at all).
 */
import { resolve } from 'node:path';
import { catalogLeftOut, leftOutJson, leftOutLine, leftOutReport, type LeftOutSkill } from '../../context/left-out.js';
import { createLazyWorkspace, materialize, type StagedSkill } from '../../workspace/materialize.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';
import { handedOverNotes } from '../../tasks/handed-over.js';

export const spec: VerbSpec = {
  name: 'materialize',
  summary: 'copy skills into a workspace folder (or stage them one at a time with --lazy)',
  usage: 'DIR [NAME...] [--lazy] [--force] [--root PATH[:scope[:prec]]]... [--json]',
  minPositionals: 1,
  flags: {
    ...CATALOG_FLAGS,
    lazy: { type: 'boolean', description: 'copy nothing up front; stage only the NAMEs given, one load each' },
    force: { type: 'boolean', description: 'replace workspace files that hold other content (refused otherwise, exit 1)' },
  },
  positionals: 'paths',
  examples: [
    'skillgraph materialize .agent/skills',
    'skillgraph materialize .agent/skills code-review ship-it --force',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const [dirArg, ...names] = positionals as [string, ...string[]];
  // An empty DIR (an unset shell variable) would resolve to the working folder and fill it with skills.
  if (dirArg.trim() === '') usageError(io, spec.name, "DIR must not be empty; write '.' for the working folder");
  const dir = resolve(io.cwd, dirArg);
  const { catalog, walk } = await catalogFromFlags(values, io, spec.name);
  const lazy = values.lazy === true;
  const force = values.force === true;

  let skills: readonly StagedSkill[];
  let available: readonly string[];
  let left: readonly LeftOutSkill[];
  if (lazy) {
    const ws = createLazyWorkspace(catalog, dir, { force });
    skills = names.map((n) => ws.load(n));
    available = ws.names;
    left = catalogLeftOut(catalog);
  } else {
    const out = materialize(catalog, dir, names.length > 0 ? { names, force } : { force });
    skills = out.skills;
    available = out.skills.map((s) => s.name);
    left = out.leftOut;
  }
  // Named skills: only what was asked for and not copied is left out; the whole catalog otherwise.
  const leftOut = leftOutReport(left, names.length > 0 ? undefined : walk, names.length > 0 ? undefined : catalog);

  const shown = dirArg.replace(/\\/g, '/').replace(/\/+$/, '') || '.';
  const siblings = handedOverNotes(catalog, skills.map((s) => s.name), io.cwd);
  if (values.json === true) {
    writeJson(io, {
      dir: shown,
      lazy,
      available: [...available],
      skills: skills.map((s) => ({ name: s.name, status: s.status, digest: s.digest, path: s.name, files: [...s.files] })),
      left_out: leftOutJson(leftOut),
      not_handed_over: siblings.json,
    });
  }
  const lines = skills.map((s) =>
    s.status === 'loaded' ? `${s.name}: loaded into ${shown}/${s.name} (${s.files.length} file${s.files.length === 1 ? '' : 's'})` : `${s.name}: already_loaded`,
  );
  if (lazy) lines.push(`${available.length} skill${available.length === 1 ? '' : 's'} available to load into ${shown}`);
  const line = leftOutLine(leftOut);
  if (line) lines.push(line);
  for (const s of leftOut.skills.filter((x) => x.reason === 'failed')) lines.push(`${s.name}: ${s.diagnostics[0]?.message ?? 'not copied'}`);
  lines.push(...siblings.lines);
  note(io, `${lines.map((l) => `materialize: ${l}`).join('\n')}\n`);
  return leftOut.findings ? EXIT.findings : EXIT.ok;
}
