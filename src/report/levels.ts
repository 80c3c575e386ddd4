/** Per-rule severities (a config file's `rules`) applied to findings. */
import type { Diagnostic, Severity } from '../model/diagnostics.js';

/** A rule's level: a severity, or `off` to drop its findings. */
export type RuleLevel = 'off' | Severity;

/**
 * The findings with the config's severities: `off` drops a rule, a level replaces its severity.
 *
 * @example withRuleLevels(diagnostics, new Map([['field.unknown', 'error']]))
 */
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
