/**
 * `skillgraph audit PATH... [--format text|json]` — the `security.*` rules
 * over every skill under the paths (SKILL.md, references, scripts, every
 * text file), each finding with its place, reason and hint. Exit 1 when any
 * finding is an error, 0 with warnings only, 2 on usage.
 */
import { auditPath, type AuditReport, type AuditSkillReport } from '../../engine/audit-path.js';
import { RULES_BY_CODE, isSecurityCode } from '../../audit/rules.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import { paint, useColor, writeJson, type CliIo } from '../io.js';
import { formatDiagnostic } from './validate.js';

const FORMATS = ['text', 'json'] as const;

export const spec: VerbSpec = {
  name: 'audit',
  summary: 'security findings for skills: hidden text, instruction overrides, remote code, exfiltration, over-privilege',
  usage: 'PATH... [--format text|json] [--json]',
  minPositionals: 1,
  flags: {
    format: { type: 'string', value: 'F', description: 'text (default, on stderr) or json (one document on stdout, as --json)' },
  },
  positionals: 'paths',
};

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

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const format = typeof values.format === 'string' ? values.format : values.json === true ? 'json' : 'text';
  if (!(FORMATS as readonly string[]).includes(format)) usageError(io, spec.name, `--format must be one of ${FORMATS.join(', ')}, got '${format}'`);
  const report = auditPath(positionals, { cwd: io.cwd });
  const color = useColor(io);
  if (format === 'json' || values.json === true) writeJson(io, auditDocument(report));
  io.stderr.write(humanAudit(report, color));
  return report.summary.errors > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * Human text: every finding with its source line, then one summary line.
 *
 * @example io.stderr.write(humanAudit(auditPath(['skills/']), false))
 */
export function humanAudit(report: AuditReport, color: boolean): string {
  const out: string[] = [];
  const all = [...report.diagnostics, ...report.skills.flatMap((s) => s.diagnostics)];
  for (const d of all) {
    const lines = report.sources.get(d.file);
    out.push(...formatDiagnostic(d, lines, color));
  }
  const { skills, pass, warn, fail, errors, warnings } = report.summary;
  const verdict = errors > 0 ? paint(color, 'red', 'FAIL') : warnings > 0 ? paint(color, 'yellow', 'warn') : paint(color, 'green', 'ok');
  const codes = new Set(all.map((d) => d.code).filter(isSecurityCode));
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  out.push(`${verdict} ${plural(skills, 'skill')} audited: ${pass} pass, ${warn} warn, ${fail} fail; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}${codes.size ? ` (${[...codes].sort().join(', ')})` : ''}`);
  return `${out.join('\n')}\n`;
}
