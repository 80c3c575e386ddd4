// Findings about the paths themselves fail the gate too when they are errors.
import type { FlowDiagnostic } from '../audit/code/flow-rules.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { AUDIT_RULES, OWASP_AST, RULES_BY_CODE, ruleTags, type AuditRule } from '../audit/rules.js';
import type { FailOn } from '../report/formats.js';
import { gate, type GateResult } from '../report/gate.js';
import { buildReport, type Report } from '../report/model.js';
import type { ReportRule } from '../report/rules.js';
import { auditPath, type AuditLimits, type AuditMemo, type AuditReport, type AuditSkillReport } from './audit-path.js';
import type { TaskStatus } from './catalog.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface AuditTaskOptions {
  /** Skill folders, trees of them, or SKILL.md files (relative to `cwd`). */
  readonly paths: readonly string[];
  readonly cwd?: string;
  readonly limits?: Partial<AuditLimits>;
  /** What earlier runs read, by skill folder (watch mode). */
  readonly memo?: AuditMemo;
  /** Default: the engine's, loaded once. */
  readonly parsers?: CodeParsers;
  /** Worker threads besides this one: 0 = inline, `auto` (default) by the number of skills. */
  readonly workers?: number | 'auto';
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
}

export interface AuditRun {
  readonly result: AuditReport;
  readonly gate: GateResult;
  readonly status: TaskStatus;
  /** Without `schemaVersion`; built on first read. */
  readonly document: Record<string, unknown>;
  /** One unit per skill; path findings and reading notes as notifications. */
  readonly report: Report;
}

const AUDIT_TASK_KEYS = optionKeys<AuditTaskOptions>('auditTask', {
  paths: true,
  cwd: true,
  limits: true,
  memo: true,
  parsers: true,
  workers: true,
  failOn: true,
  maxWarnings: true,
});

/** Audit the skills under `options.paths`. */
export async function auditTask(options: AuditTaskOptions): Promise<AuditRun> {
  checkOptionKeys(options, AUDIT_TASK_KEYS);
  const cwd = options.cwd ?? process.cwd();
  const { limits, memo, parsers, workers } = options;
  const result = await auditPath(options.paths, {
    cwd,
    ...(workers !== undefined ? { workers } : {}),
    ...(limits ? { limits } : {}),
    ...(memo ? { memo } : {}),
    ...(parsers ? { parsers } : {}),
  });
  const report = auditReport(result, cwd);
  // Discovery errors (a path with no SKILL.md) fail the run too, though they are not security results.
  const findings = [...report.findings, ...result.diagnostics.filter((d) => d.severity === 'error')];
  const limit = options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {};
  const verdict = gate(findings, { failOn: options.failOn ?? 'error', ...limit });
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

/** SARIF rules (with security-severity and tags), JUnit failure types. */
export function reportRule(r: AuditRule): ReportRule {
  return {
    code: r.code,
    description: r.summary,
    help: r.help,
    level: r.level,
    security_severity: r.securitySeverity,
    tags: ruleTags(r),
    help_markdown: explainMarkdown(r),
  };
}

export const AUDIT_REPORT_RULES: readonly ReportRule[] = AUDIT_RULES.map(reportRule);

function diagnosticJson(d: FlowDiagnostic): Record<string, unknown> {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    file: d.file,
    line: d.line,
    column: d.column,
    hint: d.hint,
    ...(d.flow ? { flow: d.flow } : {}),
  };
}

function skillJson(s: AuditSkillReport): Record<string, unknown> {
  return { dir: s.dir, file: s.file, name: s.name, verdict: s.verdict, diagnostics: s.diagnostics.map(diagnosticJson) };
}

/** A rule as JSON: code, class, level, what it finds, the fix, an example, its OWASP risk and tags. */
export function ruleJson(r: AuditRule): Record<string, unknown> {
  return {
    code: r.code,
    family: r.family,
    level: r.level,
    summary: r.summary,
    help: r.help,
    example: r.example,
    owasp: r.owasp,
    security_severity: r.securitySeverity,
    tags: ruleTags(r),
  };
}

/** The JSON document: skills and their findings, path findings, notes, the rules that fired, the summary. */
export function auditDocument(report: AuditReport): Record<string, unknown> {
  const fired = new Set(report.skills.flatMap((s) => s.diagnostics.map((d) => d.code)));
  const rules = [...RULES_BY_CODE.values()].filter((r) => fired.has(r.code)).map(ruleJson);
  return {
    skills: report.skills.map(skillJson),
    diagnostics: report.diagnostics.map(diagnosticJson),
    notes: report.notes,
    rules,
    summary: { ...report.summary, notes: report.notes.length },
  };
}

/** The audit as a report for every format. */
export function auditReport(report: AuditReport, root: string): Report {
  const built = buildReport({
    suite: 'skillgraph audit',
    root,
    findings: report.skills.flatMap((s) => s.diagnostics),
    units: report.skills.map((s) => ({ name: s.dir, file: s.file })),
    rules: AUDIT_REPORT_RULES,
  });
  const notes = [
    ...report.diagnostics.map((d) => ({ level: d.severity, message: `${d.file}: ${d.message}` })),
    ...report.notes.map((message) => ({ level: 'info' as const, message })),
  ];
  return { ...built, notes };
}

function explainMarkdown(r: AuditRule): string {
  return (
    `**${r.code}** — ${r.summary}.\n\nExample:\n\n\`\`\`\n${r.example}\n\`\`\`\n\nFix: ${r.help}\n\n` +
    `Class: ${r.family}; OWASP Agentic Skills Top 10: ${r.owasp} ${OWASP_AST[r.owasp]}.`
  );
}
