/** Deep freezing for sealed values (DESIGN C2: sealed catalogs are immutable). */

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
