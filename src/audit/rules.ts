/**
 * The `security.*` rules as one table: code, threat class, default level,
 * what the rule finds, the fix, an example that fires it, the OWASP Agentic
 * Skills Top 10 risk it belongs to and its security-severity score (the
 * 0–10 scale code scanning ranks alerts by). Report writers (text, JSON,
 * SARIF, `audit --explain`) read rule metadata from here; the scanners only
 * say which rule fired, where, why and at what level (a rule's level may
 * rise for the unambiguous form of it, e.g. a download piped into a shell
 * from a bare IP address).
 */
import type { DiagnosticCode, Severity } from '../model/diagnostics.js';
import { RULE_ROWS } from './rule-rows.js';

/** Every `security.*` code. */
export type SecurityCode = Extract<DiagnosticCode, `security.${string}`>;

/** The threat class a rule detects (the classes of docs/audit.md). */
export type RuleFamily =
  | 'hidden-unicode'
  | 'prompt-injection'
  | 'remote-code-execution'
  | 'obfuscation'
  | 'exfiltration'
  | 'destructive'
  | 'persistence'
  | 'tool-permission'
  | 'trigger-hijack'
  | 'supply-chain'
  | 'unsafe-deserialization'
  | 'binary-executable'
  | 'symlink-escape'
  | 'coverage';

/** OWASP Agentic Skills Top 10 (2026) risk ids. */
export type OwaspAst =
  'AST01' | 'AST02' | 'AST03' | 'AST04' | 'AST05' | 'AST06' | 'AST07' | 'AST08' | 'AST09' | 'AST10';

export interface AuditRule {
  readonly code: SecurityCode;
  readonly family: RuleFamily;
  /** The level most findings of this rule get. */
  readonly level: Severity;
  /** One line: what the rule finds. */
  readonly summary: string;
  /** What to do about a finding. */
  readonly help: string;
  /** A short piece of a skill that fires the rule. */
  readonly example: string;
  readonly owasp: OwaspAst;
  /** Code scanning's 0.0–10.0 score, as a string with one decimal. */
  readonly securitySeverity: string;
}

/** The OWASP Agentic Skills Top 10 risks by id (project summary table, 2026). */
export const OWASP_AST: Readonly<Record<OwaspAst, string>> = Object.freeze({
  AST01: 'Malicious Skills',
  AST02: 'Supply Chain Compromise',
  AST03: 'Over-Privileged Skills',
  AST04: 'Insecure Metadata',
  AST05: 'Unsafe Deserialization',
  AST06: 'Weak Isolation',
  AST07: 'Update Drift',
  AST08: 'Poor Scanning',
  AST09: 'No Governance',
  AST10: 'Cross-Platform Reuse',
});

/** The rules, in class order. */
export const AUDIT_RULES: readonly AuditRule[] = Object.freeze(
  RULE_ROWS.map(([code, family, level, owasp, securitySeverity, summary, help, example]) =>
    Object.freeze({ code, family, level, summary, help, example, owasp, securitySeverity }),
  ),
);

/** The rule of a code. */
export const RULES_BY_CODE: ReadonlyMap<SecurityCode, AuditRule> = new Map(AUDIT_RULES.map((r) => [r.code, r]));

/** Every security code, in table order. */
export const SECURITY_CODES: readonly SecurityCode[] = Object.freeze(AUDIT_RULES.map((r) => r.code));

/**
 * The tags code scanning shows for a rule: `security`, its class, its OWASP risk.
 *
 * @example ruleTags(RULES_BY_CODE.get('security.remote-exec')!) // ['security', 'remote-code-execution', 'owasp-ast01']
 */
export function ruleTags(rule: AuditRule): string[] {
  return ['security', rule.family, `owasp-${rule.owasp.toLowerCase()}`];
}

/**
 * True when `code` is one of the audit rules.
 *
 * @example isSecurityCode('security.decode-exec') // true
 */
export function isSecurityCode(code: string): code is SecurityCode {
  return RULES_BY_CODE.has(code as SecurityCode);
}
