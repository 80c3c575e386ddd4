/**
 * `skillgraph audit PATH... [--format text|json|sarif|junit|github]` — the
 * `security.*` rules over every skill under the paths (SKILL.md,
 * references, scripts, every text file), each finding with its place,
 * reason and hint. Findings on stdout (text or a document), the summary on
 * stderr. Exit 1 when the gate fails (any error, or warnings with
 * `--fail-on warning` / `--max-warnings N`), 0 otherwise, 2 on usage.
 */
import { auditPath, type AuditMemo, type AuditReport, type AuditSkillReport } from '../../tasks/audit-path.js';
import { AUDIT_RULES, RULES_BY_CODE, isSecurityCode } from '../../audit/rules.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { parseVerbArgs, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import { jsonDocument, note, paint, useColor, type CliIo } from '../io.js';
import { buildReport, gate, reportText, textReport } from '../../report/index.js';
import type { Report, ReportFormat, ReportRule } from '../../report/index.js';
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

/** The audit rules as report rule metadata (SARIF rules, JUnit failure types). */
export const AUDIT_REPORT_RULES: readonly ReportRule[] = AUDIT_RULES.map((r) => ({ code: r.code, description: r.summary, help: r.help, level: r.level }));

function diagnosticJson(d: Diagnostic): Record<string, unknown> {
  return { code: d.code, severity: d.severity, message: d.message, file: d.file, line: d.line, column: d.column, hint: d.hint };
}

function skillJson(s: AuditSkillReport): Record<string, unknown> {
  return { dir: s.dir, file: s.file, name: s.name, verdict: s.verdict, diagnostics: s.diagnostics.map(diagnosticJson) };
}

/**
 * The JSON document: skills with their findings, findings about the paths, the rules that fired, the summary.
 *
 * @example auditDocument(auditPath(['skills/'])).summary // { skills: 3, pass: 2, warn: 1, fail: 0, errors: 0, warnings: 1 }
 */
export function auditDocument(report: AuditReport): Record<string, unknown> {
  const fired = new Set(report.skills.flatMap((s) => s.diagnostics.map((d) => d.code)));
  const rules = [...RULES_BY_CODE.values()].filter((r) => fired.has(r.code)).map((r) => ({ code: r.code, family: r.family, level: r.level, summary: r.summary, help: r.help }));
  return { skills: report.skills.map(skillJson), diagnostics: report.diagnostics.map(diagnosticJson), rules, summary: report.summary };
}

/**
 * The audit as a report for every format: one unit per skill, the audit rules' metadata.
 *
 * @example reportText('sarif', auditReport(auditPath(['skills/']), process.cwd()))
 */
export function auditReport(report: AuditReport, root: string): Report {
  return buildReport({
    suite: 'skillgraph audit',
    root,
    findings: [...report.diagnostics, ...report.skills.flatMap((s) => s.diagnostics)],
    units: report.skills.map((s) => ({ name: s.dir, file: s.file })),
    rules: AUDIT_REPORT_RULES,
  });
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const options = reportOptions(values, io, spec.name);
  const outputs = reportOutputs(values, io, spec.name);
  if (values.watch === true) {
    watchUsage(io, spec.name, values, options.format, outputs.length);
    const { watchChecks } = await import('../watch.js');
    const check = (memo: AuditMemo): AuditReport => auditPath(positionals, { cwd: io.cwd, memo });
    const show = (report: AuditReport): number => writeAudit(io, report, options, []);
    return watchChecks(io, { verb: spec.name, paths: positionals, check, show });
  }
  return writeAudit(io, auditPath(positionals, { cwd: io.cwd }), options, outputs);
}

/** Print the audit in its format, write each --output file, then the summary line on stderr; the gate's status. */
function writeAudit(io: CliIo, report: AuditReport, options: ReportOptions, outputs: readonly ReportOutput[]): number {
  const built = auditReport(report, io.cwd);
  const verdict = gate(built.findings, options);
  const render = (format: ReportFormat, screen = { color: false, width: DEFAULT_COLUMNS }): string =>
    format === 'json'
      ? jsonDocument(auditDocument(report))
      : format === 'text'
        ? textReport(built, screen.color, (file) => report.sources.get(file), screen.width)
        : reportText(format, built, options.failOn);
  writeReportOutputs(io, outputs, (format) => render(format));
  io.stdout.write(render(options.format, { color: useColor(io, 'stdout'), width: terminalWidth(io.stdout) }));
  note(io, `${summaryLine(report, useColor(io))}${verdict.passed ? '' : `; failed: ${verdict.reasons.join(', ')}`}\n`);
  return verdict.passed ? EXIT.ok : EXIT.findings;
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
