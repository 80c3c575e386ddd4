import type { SkillPackage } from '../model/package.js';

/** Freeze `value` and everything reachable from it; frozen subtrees are skipped. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** `deepFreeze` for a package of our own parser. Perf: its shape is known, so few keys are listed. */
export function freezeOwnPackage(pkg: SkillPackage): SkillPackage {
  if (Object.isFrozen(pkg)) return pkg;
  const d = pkg.descriptor;
  Object.freeze(d.source);
  Object.freeze(d.metadata);
  Object.freeze(d.allowedTools);
  if (d.compatibility !== undefined) deepFreeze(d.compatibility);
  Object.freeze(d);
  // Perf: indexed loops make no iterator, and most lists here are empty.
  for (let i = 0; i < pkg.diagnostics.length; i++) Object.freeze(pkg.diagnostics[i]);
  Object.freeze(pkg.diagnostics);
  freezeComposition(pkg.composition);
  freezeParsedTree(pkg.frontmatter);
  return Object.freeze(pkg);
}

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

// Perf: objects by `for…in`, so no key list is made per object.
function freezeParsedTree(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
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
