import type { Diagnostic, Severity } from '../model/diagnostics.js';

/** A rule's level: a severity, or `off` to drop its findings. */
export type RuleLevel = 'off' | Severity;

/** The findings with the config's per-rule severities applied (`off` drops a rule). */
export function withRuleLevels<D extends Diagnostic>(
  diagnostics: readonly D[],
  levels: ReadonlyMap<string, RuleLevel>,
): D[] {
  if (levels.size === 0) return [...diagnostics];
  const out: D[] = [];
  for (const d of diagnostics) {
    const level = levels.get(d.code);
    if (level === 'off') continue;
    out.push(level === undefined || level === d.severity ? d : { ...d, severity: level as Severity });
  }
  return out;
}
