/**
 * `skillgraph audit PATH... [--format text|json|sarif|junit|github]` — the
 * `security.*` rules over every skill under the paths (SKILL.md,
 * references, scripts, every text file), each finding with its place,
 * reason and hint. Findings on stdout (text or a document), the summary on
 * stderr. Exit 1 when the gate fails (any error, or warnings with
 * `--fail-on warning` / `--max-warnings N`), 0 otherwise, 2 on usage.
 */
import type { AuditMemo, AuditReport } from '../../tasks/audit-path.js';
import { auditTask, type AuditRun } from '../../tasks/audit.js';
import { isSecurityCode } from '../../audit/rules.js';
import { parseVerbArgs, type VerbSpec } from '../args.js';
import { jsonDocument, note, paint, useColor, type CliIo } from '../io.js';
import { reportText, textReport } from '../../report/index.js';
import type { ReportFormat } from '../../report/index.js';
import { REPORT_FLAGS, reportOptions, type ReportOptions } from '../report-flags.js';
import { OUTPUT_FLAG, reportOutputs, writeReportOutputs, type ReportOutput } from '../report-output.js';
import { WATCH_FLAG, watchUsage } from '../watch-flag.js';
import { DEFAULT_COLUMNS, terminalWidth } from '../width.js';

export const spec: VerbSpec = {
  name: 'audit',
  summary: 'security findings for skills: hidden text, instruction overrides, remote code, exfiltration, over-privilege',
  usage:
    'PATH... [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--fail-on error|warning] ' +
    '[--max-warnings N] [--watch] [--json]',
  minPositionals: 1,
  flags: { ...REPORT_FLAGS, ...OUTPUT_FLAG, ...WATCH_FLAG },
  positionals: 'paths',
  examples: [
    'skillgraph audit .claude/skills',
    'skillgraph audit skills --fail-on warning',
    'skillgraph audit skills --format sarif > audit.sarif',
    'skillgraph audit .claude/skills --watch',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const options = reportOptions(values, io, spec.name);
  const outputs = reportOutputs(values, io, spec.name);
  const task = { paths: positionals, cwd: io.cwd, failOn: options.failOn, ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}) };
  if (values.watch === true) {
    watchUsage(io, spec.name, values, options.format, outputs.length);
    const { watchChecks } = await import('../watch.js');
    const check = (memo: AuditMemo): AuditRun => auditTask({ ...task, memo });
    const show = (run: AuditRun): number => writeAudit(io, run, options, []);
    return watchChecks(io, { verb: spec.name, paths: positionals, check, show });
  }
  return writeAudit(io, auditTask(task), options, outputs);
}

/** Print the audit in its format, write each --output file, then the summary line on stderr; the gate's status. */
function writeAudit(io: CliIo, run: AuditRun, options: ReportOptions, outputs: readonly ReportOutput[]): number {
  const { result, report: built, gate: verdict } = run;
  const render = (format: ReportFormat, screen = { color: false, width: DEFAULT_COLUMNS }): string =>
    format === 'json'
      ? jsonDocument(run.document)
      : format === 'text'
        ? textReport(built, screen.color, (file) => result.sources.get(file), screen.width)
        : reportText(format, built, options.failOn);
  writeReportOutputs(io, outputs, (format) => render(format));
  io.stdout.write(render(options.format, { color: useColor(io, 'stdout'), width: terminalWidth(io.stdout) }));
  note(io, `${summaryLine(result, useColor(io))}${verdict.passed ? '' : `; failed: ${verdict.reasons.join(', ')}`}\n`);
  return run.status;
}

/**
 * The one summary line: the verdict, the skills by verdict, the counts and the codes that fired.
 *
 * @example summaryLine(auditPath(['skills/']), false) // 'ok 3 skills audited: 3 pass, 0 warn, 0 fail; 0 errors, 0 warnings'
 */
export function summaryLine(report: AuditReport, color: boolean): string {
  const all = [...report.diagnostics, ...report.skills.flatMap((s) => s.diagnostics)];
  const { skills, pass, warn, fail, errors, warnings } = report.summary;
  const verdict = errors > 0 ? paint(color, 'red', 'FAIL') : warnings > 0 ? paint(color, 'yellow', 'warn') : paint(color, 'green', 'ok');
  const codes = new Set(all.map((d) => d.code).filter(isSecurityCode));
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${verdict} ${plural(skills, 'skill')} audited: ${pass} pass, ${warn} warn, ${fail} fail; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}${codes.size ? ` (${[...codes].sort().join(', ')})` : ''}`;
}
