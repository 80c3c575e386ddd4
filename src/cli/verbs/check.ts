// `skillgraph check`: the catalog now against a lockfile; exit 1 on drift.
import { wideningText } from '../../audit/capabilities.js';
import { LOCKFILE_NAME, type LockEntry } from '../../catalog/lockfile.js';
import { displayPath } from '../../discover/paths.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { reportText } from '../../report/index.js';
import { checkTask, type CheckRun } from '../../tasks/check.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs } from '../args.js';
import { catalogRequest, homeFrom, LOCK_FLAGS } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
import { completenessLines } from '../catalog-text.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { REPORT_FLAGS, reportOptions } from '../report-flags.js';

export const spec: VerbSpec = {
  name: 'check',
  summary: 'compare the catalog with a lockfile; exit 1 on drift',
  usage: `[PATH...] [--lock ${LOCKFILE_NAME}] [--accept] [catalog flags]`,
  flags: {
    ...LOCK_FLAGS,
    lock: { type: 'string', value: 'FILE', description: `lockfile to compare with (default ${LOCKFILE_NAME})` },
    accept: {
      type: 'boolean',
      description:
        'record what changed, widened capabilities included: ' +
        'rewrite the lockfile from the catalog now (exit 0 once written)',
    },
    format: REPORT_FLAGS.format,
  },
  positionals: 'roots',
  examples: ['skillgraph check', 'skillgraph check --lock skillgraph.lock.json --format github'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const { format } = reportOptions(values, io, spec.name);
  const lock = typeof values.lock === 'string' ? values.lock : LOCKFILE_NAME;
  const accept = values.accept === true;
  // No --workers: inline (see the lock task).
  const inline = values.workers === undefined ? { ...values, workers: '0' } : values;
  const request = catalogRequest(inline, io, spec.name, { roots: positionals, projectOnly: true });
  const result = await runTask(io, spec.name, () =>
    checkTask({ request, lock, accept, cwd: io.cwd, home: homeFrom(io) }),
  );
  if (format === 'json') writeJson(io, result.document);
  else if (format !== 'text') io.stdout.write(reportText(format, result.report));
  else writeDrift(io, result, accept);
  return result.status;
}

/** The drift on stdout, one line per skill; completeness and the verdict on stderr. */
function writeDrift(io: CliIo, result: CheckRun, accept: boolean): void {
  const { drift, state, shown, digest } = result;
  const color = useColor(io, 'stdout');
  const line = (e: LockEntry): string => `${e.name} (${e.scope}) ${e.root}/${e.path}`;
  const finding = (d: Diagnostic): string =>
    `      ${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''}` +
    ` ${paint(color, 'dim', d.code)} ${d.message}`;
  const out: string[] = [];
  const current = new Map(state.entries.map((e) => [e.name, e]));
  for (const w of drift.widened)
    out.push(`${paint(color, 'red', '! widened   ')} ${line(current.get(w.name)!)}: ${wideningText(w.widening)}`);
  for (const e of drift.added) out.push(`${paint(color, 'green', '+ added     ')} ${line(e)}`);
  for (const e of drift.removed) out.push(`${paint(color, 'red', '- removed   ')} ${line(e)}`);
  for (const c of drift.changed)
    out.push(`${paint(color, 'yellow', '~ changed   ')} ${line(c.current)}: ${c.fields.join(', ')}`);
  for (const b of drift.invalid) {
    out.push(`${paint(color, 'red', '! invalid   ')} ${line(b.locked)}`);
    for (const d of b.diagnostics) out.push(finding(d));
  }
  for (const b of drift.invalidNow) {
    out.push(
      `${paint(color, 'red', '! invalid   ')}` +
        ` ${b.root}/${b.path}${b.recorded ? ' (recorded as invalid in the lock)' : ''}`,
    );
    for (const d of b.diagnostics) out.push(finding(d));
  }
  for (const e of drift.incomplete)
    out.push(`${paint(color, 'yellow', '? incomplete')} ${line(e)}: not found, and the walk stopped at a limit`);
  const lines = completenessLines(result.walk, useColor(io));
  if (drift.unsealed > 0) {
    lines.push(
      `${drift.unsealed} locked skill(s) have no sealed capability surface` +
        ` (a lock written before surfaces were sealed): ` +
        `widening is not checked for them; 'skillgraph check --accept' or 'skillgraph lock' seals them.`,
    );
  }
  if (out.length > 0) io.stdout.write(`${out.join('\n')}\n`);
  const counts =
    `${drift.widened.length} widened, ${drift.added.length} added, ${drift.removed.length} removed,` +
    ` ${drift.changed.length} changed,` +
    ` ${drift.invalid.length + drift.invalidNow.length} invalid,` +
    ` ${drift.incomplete.length} not found in an incomplete walk`;
  lines.push(
    drift.ok
      ? `No drift: ${result.locked.skills.length} skill(s) match ${shown}.`
      : `Drift against ${shown}: ${counts}.`,
  );
  if (accept && !drift.ok)
    lines.push(
      result.accepted
        ? `Accepted: ${shown} rewritten with ${state.entries.length} skill(s) · ${digest}.`
        : paint(
            useColor(io),
            'red',
            `Not accepted: ${shown} left as it was, because of errors in skills or an incomplete walk.`,
          ),
    );
  note(io, `${lines.join('\n')}\n`);
}
