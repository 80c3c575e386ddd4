// `skillgraph audit PATH...`: the `security.*` rules over every text file of every skill. Findings on
// stdout; summary, discovery findings and reading notes on stderr (and in SARIF's notifications).
import type { AuditMemo, AuditReport } from '../../tasks/audit-path.js';
import { auditTask, ruleJson, type AuditRun } from '../../tasks/audit.js';
import { AUDIT_RULES, OWASP_AST, RULES_BY_CODE, isSecurityCode, type AuditRule } from '../../audit/rules.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { didYouMean } from '../../model/wording.js';
import { intFlag, parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import { jsonDocument, note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { reportText, textReport } from '../../report/index.js';
import type { ReportFormat } from '../../report/index.js';
import { REPORT_FLAGS, reportOptions, type ReportOptions } from '../report-flags.js';
import { OUTPUT_FLAG, reportOutputs, writeReportOutputs, type ReportOutput } from '../report-output.js';
import { WATCH_FLAG, watchUsage } from '../watch-flag.js';
import { DEFAULT_COLUMNS, terminalWidth } from '../width.js';

export const spec: VerbSpec = {
  name: 'audit',
  summary:
    'security findings for skills: hidden text, instructions against the user, remote code, ' +
    'exfiltration, persistence, over-privilege',
  usage:
    'PATH... [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--fail-on error|warning] ' +
    '[--max-warnings N] [--workers N|auto] [--watch] [--json] | --explain CODE',
  flags: {
    ...REPORT_FLAGS,
    ...OUTPUT_FLAG,
    ...WATCH_FLAG,
    explain: { type: 'string', value: 'CODE', description: 'print what a rule finds, an example and the fix' },
    workers: {
      type: 'string',
      value: 'N|auto',
      description: 'audit in N worker threads besides the main one (0 = inline; default auto: from 256 skills)',
    },
  },
  positionals: 'paths',
  examples: [
    'skillgraph audit .claude/skills',
    'skillgraph audit skills --fail-on warning',
    'skillgraph audit skills --format sarif > audit.sarif',
    'skillgraph audit .claude/skills --watch',
    'skillgraph audit --explain security.remote-exec',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const options = reportOptions(values, io, spec.name);
  if (values.explain !== undefined) return explain(String(values.explain), options.format === 'json', io);
  if (positionals.length === 0)
    usageError(
      io,
      spec.name,
      'give at least one PATH (a skill folder, a tree of them, or a SKILL.md), or --explain CODE',
    );
  const outputs = reportOutputs(values, io, spec.name);
  const workers: number | 'auto' =
    values.workers === undefined || values.workers === 'auto'
      ? 'auto'
      : intFlag(io, spec.name, 'workers', values.workers, 0);
  if (workers !== 'auto' && workers > 64) usageError(io, spec.name, '--workers must be auto or 0–64');
  const task = {
    paths: positionals,
    cwd: io.cwd,
    workers,
    failOn: options.failOn,
    ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
  };
  if (values.watch === true) {
    watchUsage(io, spec.name, values, options.format, outputs.length);
    const { watchChecks } = await import('../watch.js');
    const check = (memo: AuditMemo): Promise<AuditRun> => auditTask({ ...task, memo });
    const show = (run: AuditRun): number => writeAudit(io, run, options, []);
    return watchChecks(io, { verb: spec.name, paths: positionals, check, show });
  }
  return writeAudit(io, await auditTask(task), options, outputs);
}

/** Report in its format, each --output file, then notes and summary on stderr; returns the gate's status. */
function writeAudit(io: CliIo, run: AuditRun, options: ReportOptions, outputs: readonly ReportOutput[]): number {
  const { result: report, report: built, gate: verdict } = run;
  const render = (format: ReportFormat, screen = { color: false, width: DEFAULT_COLUMNS }): string =>
    format === 'json'
      ? jsonDocument(run.document)
      : format === 'text'
        ? textReport(built, screen.color, (file) => report.sources.get(file), screen.width)
        : reportText(format, built, options.failOn);
  writeReportOutputs(io, outputs, (format) => render(format));
  io.stdout.write(render(options.format, { color: useColor(io, 'stdout'), width: terminalWidth(io.stdout) }));
  for (const d of report.diagnostics) note(io, `${d.severity} ${d.code} ${d.file}: ${d.message}\n`);
  for (const n of report.notes) note(io, `note: ${n}\n`);
  note(io, `${summaryLine(report, useColor(io))}${verdict.passed ? '' : `; failed: ${verdict.reasons.join(', ')}`}\n`);
  return run.status;
}

function explain(raw: string, json: boolean, io: CliIo): number {
  const code = raw.startsWith('security.') ? raw : `security.${raw}`;
  const rule = isSecurityCode(code) ? RULES_BY_CODE.get(code) : undefined;
  if (!rule)
    usageError(
      io,
      spec.name,
      `unknown rule '${raw}'${didYouMean(
        code,
        AUDIT_RULES.map((r) => r.code),
      )}`,
    );
  if (json) writeJson(io, { explain: ruleJson(rule!) });
  else io.stdout.write(explainText(rule!));
  return EXIT.ok;
}

/** A rule as text: what it finds, its level, class and OWASP risk, an example and the fix. */
export function explainText(r: AuditRule): string {
  return [
    `${r.code} (${r.level}; ${r.family}; OWASP ${r.owasp} ${OWASP_AST[r.owasp]}; ` +
      `security-severity ${r.securitySeverity})`,
    '',
    `Finds: ${r.summary}.`,
    '',
    'Example:',
    `    ${r.example}`,
    '',
    `Fix: ${r.help}`,
    '',
  ].join('\n');
}

/** The verdict, the skills by verdict, the counts and the codes that fired. */
export function summaryLine(report: AuditReport, color: boolean): string {
  const all: Diagnostic[] = report.skills.flatMap((s) => s.diagnostics);
  const { skills, pass, warn, fail, errors, warnings } = report.summary;
  const verdict =
    errors > 0
      ? paint(color, 'red', 'FAIL')
      : warnings > 0
        ? paint(color, 'yellow', 'warn')
        : paint(color, 'green', 'ok');
  const codes = new Set(all.map((d) => d.code).filter(isSecurityCode));
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const notes = report.notes.length + report.diagnostics.length;
  return (
    `${verdict} ${plural(skills, 'skill')} audited: ${pass} pass, ${warn} warn, ${fail} fail; ` +
    `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
    (notes ? `, ${plural(notes, 'note')}` : '') +
    (codes.size ? ` (${[...codes].sort().join(', ')})` : '')
  );
}
