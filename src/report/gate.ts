import type { FailOn } from './formats.js';
import type { ReportFinding } from './model.js';

export interface GateOptions {
  /** `error`: errors fail the run; `warning`: warnings too. */
  readonly failOn: FailOn;
  /** More warnings than this fail the run (unset: no limit). */
  readonly maxWarnings?: number;
}

export interface GateResult {
  readonly passed: boolean;
  readonly errors: number;
  readonly warnings: number;
  readonly reasons: readonly string[];
}

/** The pass/fail decision of a CI run, e.g. `gate(findings, { failOn: 'error', maxWarnings: 0 }).passed`. */
export function gate(findings: readonly ReportFinding[], options: GateOptions): GateResult {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const reasons: string[] = [];
  if (errors > 0) reasons.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (options.failOn === 'warning' && warnings > 0)
    reasons.push(`${warnings} warning${warnings === 1 ? '' : 's'} (--fail-on warning)`);
  else if (options.maxWarnings !== undefined && warnings > options.maxWarnings)
    reasons.push(`${warnings} warnings, more than --max-warnings ${options.maxWarnings}`);
  return { passed: reasons.length === 0, errors, warnings, reasons };
}
