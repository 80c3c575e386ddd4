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
  // Perf: indexed loops: a for…of makes an iterator per list, and most lists here are empty.
  for (let i = 0; i < pkg.diagnostics.length; i++) Object.freeze(pkg.diagnostics[i]);
  Object.freeze(pkg.diagnostics);
  freezeComposition(pkg.composition);
  freezeParsedTree(pkg.frontmatter);
  return Object.freeze(pkg);
}

/** The composition of our own parser, by its known shape; only overrides and input schemas are open-ended. */
function freezeComposition(c: SkillPackage['composition']): void {
  if (Object.isFrozen(c)) return;
  for (let i = 0; i < c.includes.length; i++) {
    const inc = c.includes[i]!;
    freezeParsedTree(inc.overrides);
    Object.freeze(inc);
  }
  for (let i = 0; i < c.tools.length; i++) Object.freeze(c.tools[i]);
  for (let i = 0; i < c.inlineTools.length; i++) {
    const t = c.inlineTools[i]!;
    if (t.inputSchema !== undefined) freezeParsedTree(t.inputSchema);
    Object.freeze(t);
  }
  for (let i = 0; i < c.mcp.length; i++) {
    const m = c.mcp[i]!;
    for (let j = 0; j < m.tools.length; j++) Object.freeze(m.tools[j]);
    Object.freeze(m.tools);
    Object.freeze(m);
  }
  Object.freeze(c.includes);
  Object.freeze(c.tools);
  Object.freeze(c.inlineTools);
  Object.freeze(c.mcp);
  Object.freeze(c.agentSkills);
  Object.freeze(c);
}

/**
 * `deepFreeze` for a tree our own parser built (plain objects and arrays, YAML or JSON values):
 * arrays by index and objects by `for…in`, so no key list is made per object.
 * Perf: ~10k frontmatter trees per seal; listing keys was most of their freezing.
 */
function freezeParsedTree(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  // Perf: primitives (most frontmatter values) are passed over here, without a call each.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') freezeParsedTree(item);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (item !== null && typeof item === 'object') freezeParsedTree(item);
  }
}
