/** Deep freezing for sealed values. */
import type { SkillPackage } from '../model/package.js';

/**
 * Freeze `value` and everything reachable from it (plain objects and arrays).
 * Already-frozen subtrees are skipped, so re-sealing shared packages is cheap.
 *
 * @example deepFreeze({ a: [1] }).a.push(2) // throws TypeError in strict mode
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * `deepFreeze` for a package of skillgraph's own parser, whose shape is
 * known: the descriptor's parts and the diagnostics are frozen directly and
 * only the open-ended parts (frontmatter, composition, compatibility) are
 * walked. Perf: ~10k packages per seal; `deepFreeze` spent most of its
 * ~40 ms listing keys of objects whose keys are known.
 *
 * @example freezeOwnPackage(parseSkill(text, options).package!)
 */
export function freezeOwnPackage(pkg: SkillPackage): SkillPackage {
  if (Object.isFrozen(pkg)) return pkg;
  const d = pkg.descriptor;
  Object.freeze(d.source);
  Object.freeze(d.metadata);
  Object.freeze(d.allowedTools);
  if (d.compatibility !== undefined) deepFreeze(d.compatibility);
  Object.freeze(d);
  for (const diagnostic of pkg.diagnostics) Object.freeze(diagnostic);
  Object.freeze(pkg.diagnostics);
  deepFreeze(pkg.composition);
  deepFreeze(pkg.frontmatter);
  return Object.freeze(pkg);
}
