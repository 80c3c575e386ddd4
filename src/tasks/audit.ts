/**
 * The `audit` task: the `security.*` rules over every skill under the paths
 * (SKILL.md, references, scripts, every text file; `auditPath`), each finding
 * with its place, reason and hint, gated like validate's findings.
 */
import { AUDIT_RULES, RULES_BY_CODE } from '../audit/rules.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { FailOn } from '../report/formats.js';
import { gate, type GateResult } from '../report/gate.js';
import { buildReport, type Report } from '../report/model.js';
import type { ReportRule } from '../report/rules.js';
import { auditPath, type AuditLimits, type AuditMemo, type AuditReport, type AuditSkillReport } from './audit-path.js';
import type { TaskStatus } from './catalog.js';

export interface AuditTaskOptions {
  /** Skill folders, trees of them, or SKILL.md files (relative to `cwd`). */
  readonly paths: readonly string[];
  /** Default: the working folder. */
  readonly cwd?: string;
  /** Bounds on what one skill's audit reads. */
  readonly limits?: Partial<AuditLimits>;
  /** What earlier runs read, by skill folder (watch mode). */
  readonly memo?: AuditMemo;
  /** What fails the gate: errors (default), or warnings too. */
  readonly failOn?: FailOn;
  /** Fail the gate beyond this many warnings. */
  readonly maxWarnings?: number;
}

/** An audit task's result: the skills' verdicts and findings, the gate's verdict, status and documents. */
export interface AuditRun {
  readonly result: AuditReport;
  readonly gate: GateResult;
  /** 1 when the gate fails. */
  readonly status: TaskStatus;
  /** The `--json` document, without `schemaVersion` (built on first read). */
  readonly document: Record<string, unknown>;
  /** The findings as a report, one unit per skill, the audit rules' metadata (built on first read). */
  readonly report: Report;
}

/** The audit rules as report rule metadata (SARIF rules, JUnit failure types). */
export const AUDIT_REPORT_RULES: readonly ReportRule[] = AUDIT_RULES.map((r) => ({ code: r.code, description: r.summary, help: r.help, level: r.level }));

/**
 * Audit the skills under `options.paths`.
 *
 * @example auditTask({ paths: ['skills'] }).result.summary // { skills: 3, pass: 2, warn: 1, fail: 0, errors: 0, warnings: 1 }
 */
export function auditTask(options: AuditTaskOptions): AuditRun {
  const cwd = options.cwd ?? process.cwd();
  const result = auditPath(options.paths, { cwd, ...(options.limits ? { limits: options.limits } : {}), ...(options.memo ? { memo: options.memo } : {}) });
  const report = auditReport(result, cwd);
  const verdict = gate(report.findings, { failOn: options.failOn ?? 'error', ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}) });
  let document: Record<string, unknown> | undefined;
  return {
    result,
    gate: verdict,
    status: verdict.passed ? 0 : 1,
    get document(): Record<string, unknown> {
      return (document ??= auditDocument(result));
    },
    report,
  };
}

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
