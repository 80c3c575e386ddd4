/**
 * `skillgraph check [PATH...] [--lock FILE] [--accept]` — compare the catalog
 * now with a lockfile; exit 1 on drift: a skill whose capability surface
 * widened (reported apart from content changes), added, removed, changed
 * (scope, root, path, package or tree digest), invalid now (with its
 * findings; a skill recorded as invalid in the lock is reported until it is
 * fixed), or not found while the walk was incomplete. `--accept` rewrites
 * the lockfile from the catalog now. The lockfile is read as a regular file
 * only (a FIFO or a link in its place is refused, never waited on).
 */
import { dirname, join, resolve } from 'node:path';
import { wideningText } from '../../audit/capabilities.js';
import { compareLock, createLock, LOCKFILE_NAME, parseLock, type LockEntry } from '../../catalog/lockfile.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { homeFrom } from '../catalog-flags.js';
import { SkillgraphError } from '../../model/errors.js';
import { readRegularFile } from '../../discover/safe-read.js';
import { collectGarbage } from '../../engine/gc.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs } from '../args.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { displayPath } from './catalog.js';
import { REPORT_FLAGS, reportOptions } from '../report-flags.js';
import { buildReport, reportText, type ReportFinding } from '../../report/index.js';
import type { LockDrift } from '../../catalog/lockfile.js';
import { LOCK_FLAGS, lockState, placesFromCatalog, writeLockfile } from './lock.js';

export const spec: VerbSpec = {
  name: 'check',
  summary: 'compare the catalog with a lockfile; exit 1 on drift',
  usage: `[PATH...] [--lock ${LOCKFILE_NAME}] [--accept] [catalog flags]`,
  flags: {
    ...LOCK_FLAGS,
    lock: { type: 'string', value: 'FILE', description: `lockfile to compare with (default ${LOCKFILE_NAME})` },
    accept: { type: 'boolean', description: 'record what changed, widened capabilities included: rewrite the lockfile from the catalog now (exit 0 once written)' },
    format: REPORT_FLAGS.format,
  },
  positionals: 'roots',
  examples: [
    'skillgraph check',
    'skillgraph check --lock skillgraph.lock.json --format github',
  ],
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
  const { format } = reportOptions(values, io, spec.name);
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
  // --accept records the catalog now, as `lock` would, unless a skill has errors or the walk was cut short.
  const acceptable = state.skillErrors.length === 0 && state.complete;
  const accepted = values.accept === true && !drift.ok && acceptable;
  if (accepted) writeLockfile(file, `${JSON.stringify(createLock(places.digest, state.entries, { complete: state.complete, invalid: state.invalid }), null, 2)}\n`);
  const status = drift.ok || accepted ? EXIT.ok : EXIT.findings;
  if (format !== 'text' && format !== 'json') {
    const findings = driftFindings(drift, (e) => displayPath(placeOf(e.root, e.path, dirname(file), homeFrom(io)), io.cwd), shown);
    io.stdout.write(reportText(format, buildReport({ suite: 'skillgraph check', root: io.cwd, findings, units: lock.skills.map((e) => ({ name: e.name, file: displayPath(placeOf(e.root, e.path, dirname(file), homeFrom(io)), io.cwd) })) })));
    return status;
  }
  if (format === 'json') {
    writeJson(io, {
      ok: drift.ok,
      ...(values.accept === true ? { accepted } : {}),
      widened: drift.widened.map((w) => ({ name: w.name, ...w.widening, text: wideningText(w.widening) })),
      unsealed: drift.unsealed,
      lock: shown,
      digest: { locked: lock.digest, current: places.digest },
      added: drift.added,
      removed: drift.removed,
      changed: drift.changed,
      invalid: drift.invalid.map((b) => ({ ...b.locked, diagnostics: b.diagnostics })),
      invalid_now: drift.invalidNow.map((b) => ({ root: b.root, path: b.path, recorded: b.recorded, diagnostics: b.diagnostics })),
      incomplete: drift.incomplete,
      ...completeness,
    });
    return status;
  }
  const line = (e: LockEntry): string => `${e.name} (${e.scope}) ${e.root}/${e.path}`;
  const out: string[] = [];
  const current = new Map(state.entries.map((e) => [e.name, e]));
  for (const w of drift.widened) out.push(`${paint(color, 'red', '! widened   ')} ${line(current.get(w.name)!)}: ${wideningText(w.widening)}`);
  for (const e of drift.added) out.push(`${paint(color, 'green', '+ added     ')} ${line(e)}`);
  for (const e of drift.removed) out.push(`${paint(color, 'red', '- removed   ')} ${line(e)}`);
  for (const c of drift.changed) out.push(`${paint(color, 'yellow', '~ changed   ')} ${line(c.current)}: ${c.fields.join(', ')}`);
  for (const b of drift.invalid) {
    out.push(`${paint(color, 'red', '! invalid   ')} ${line(b.locked)}`);
    for (const d of b.diagnostics) out.push(`      ${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''} ${paint(color, 'dim', d.code)} ${d.message}`);
  }
  for (const b of drift.invalidNow) {
    out.push(`${paint(color, 'red', '! invalid   ')} ${b.root}/${b.path}${b.recorded ? ' (recorded as invalid in the lock)' : ''}`);
    for (const d of b.diagnostics) out.push(`      ${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''} ${paint(color, 'dim', d.code)} ${d.message}`);
  }
  for (const e of drift.incomplete) out.push(`${paint(color, 'yellow', '? incomplete')} ${line(e)}: not found, and the walk stopped at a limit`);
  if (drift.unsealed > 0) {
    lines.push(`${drift.unsealed} locked skill(s) have no sealed capability surface (a lock written before surfaces were sealed): widening is not checked for them; 'skillgraph check --accept' or 'skillgraph lock' seals them.`);
  }
  if (out.length > 0) io.stdout.write(`${out.join('\n')}\n`);
  const counts = `${drift.widened.length} widened, ${drift.added.length} added, ${drift.removed.length} removed, ${drift.changed.length} changed, ${drift.invalid.length + drift.invalidNow.length} invalid, ${drift.incomplete.length} not found in an incomplete walk`;
  lines.push(drift.ok ? `No drift: ${lock.skills.length} skill(s) match ${shown}.` : `Drift against ${shown}: ${counts}.`);
  if (values.accept === true && !drift.ok) lines.push(accepted ? `Accepted: ${shown} rewritten with ${state.entries.length} skill(s) · ${places.digest}.` : paint(useColor(io), 'red', `Not accepted: ${shown} left as it was, because of errors in skills or an incomplete walk.`));
  note(io, `${lines.join('\n')}\n`);
  return status;
}

/** A lock entry's SKILL.md on disk: its root (relative to the lockfile's folder, or `~/…`) and its path in it. */
function placeOf(root: string, path: string, lockDir: string, home: string): string {
  const base = root === '~' ? home : root.startsWith('~/') ? join(home, root.slice(2)) : resolve(lockDir, root);
  return join(base, path);
}

/**
 * Drift as findings for the reports: each added, removed, changed or unfound skill an error at
 * its SKILL.md, and each invalid skill's own diagnostics.
 */
export function driftFindings(drift: LockDrift<Diagnostic>, fileOf: (e: LockEntry) => string, lock: string): ReportFinding[] {
  const at = (code: ReportFinding['code'], e: LockEntry, message: string, hint: string): ReportFinding => ({ code, severity: 'error', message, file: fileOf(e), line: 0, column: 0, hint });
  return [
    ...drift.widened.map((w) => at('check.widened', w.current, `${w.name} can do more than ${lock} sealed: ${wideningText(w.widening)}`, "review what the skill gained, then run 'skillgraph check --accept' or 'skillgraph lock'")),
    ...drift.added.map((e) => at('check.added', e, `${e.name} (${e.scope}) is not in ${lock}`, "run 'skillgraph lock' to record it")),
    ...drift.removed.map((e) => at('check.removed', e, `${e.name} (${e.scope}) is in ${lock} but no longer in the catalog`, "restore the skill, or run 'skillgraph lock'")),
    ...drift.changed.map((c) => at('check.changed', c.current, `${c.name} changed since ${lock}: ${c.fields.join(', ')}`, "review the change, then run 'skillgraph lock'")),
    ...drift.invalid.flatMap((b) => b.diagnostics),
    ...drift.invalidNow.flatMap((b) => b.diagnostics),
    ...drift.incomplete.map((e) => at('check.incomplete', e, `${e.name} was not found, and the walk stopped at a limit`, 'raise --depth or --max-dirs so the walk is complete')),
  ];
}
