/**
 * `skillgraph audit PATH... [--format text|json|sarif|junit|github]` — the
 * `security.*` rules over every skill under the paths (SKILL.md,
 * references, scripts, every text file), each finding with its place,
 * reason and hint; `audit --explain CODE` prints a rule, an example and the
 * fix. Findings on stdout (text or a document); the summary, discovery
 * findings and reading notes on stderr (and in SARIF's notifications).
 * Exit 1 when the gate fails (any error, or warnings with `--fail-on
 * warning` / `--max-warnings N`), 0 otherwise, 2 on usage.
 */
import type { AuditMemo, AuditReport } from '../../tasks/audit-path.js';
import { auditTask, ruleJson, type AuditRun } from '../../tasks/audit.js';
import { AUDIT_RULES, OWASP_AST, RULES_BY_CODE, isSecurityCode, type AuditRule } from '../../audit/rules.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { didYouMean } from '../../model/wording.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
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
    'security findings for skills: hidden text, instructions against the user, remote code, exfiltration, persistence, over-privilege',
  usage:
    'PATH... [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--fail-on error|warning] ' +
    '[--max-warnings N] [--watch] [--json] | --explain CODE',
  flags: {
    ...REPORT_FLAGS,
    ...OUTPUT_FLAG,
    ...WATCH_FLAG,
    explain: { type: 'string', value: 'CODE', description: 'print what a rule finds, an example and the fix' },
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
  const task = {
    paths: positionals,
    cwd: io.cwd,
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

/** Print the audit in its format, write each --output file, then the notes and summary line on stderr; the gate's status. */
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

/** `--explain CODE`: the rule, its class and OWASP risk, an example and the fix. */
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

/**
 * A rule as text: what it finds, its level, class and OWASP risk, an example and the fix.
 *
 * @example explainText(RULES_BY_CODE.get('security.remote-exec')!)
 */
export function explainText(r: AuditRule): string {
  return [
    `${r.code} (${r.level}; ${r.family}; OWASP ${r.owasp} ${OWASP_AST[r.owasp]}; security-severity ${r.securitySeverity})`,
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

/**
 * The one summary line: the verdict, the skills by verdict, the counts and the codes that fired.
 *
 * @example summaryLine(await auditPath(['skills/']), false) // 'ok 3 skills audited: 3 pass, 0 warn, 0 fail; 0 errors, 0 warnings'
 */
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
  return `${verdict} ${plural(skills, 'skill')} audited: ${pass} pass, ${warn} warn, ${fail} fail; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}${notes ? `, ${plural(notes, 'note')}` : ''}${codes.size ? ` (${[...codes].sort().join(', ')})` : ''}`;
}
