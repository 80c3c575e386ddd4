/**
 * Keys named `__proto__` are ordinary YAML keys. Assigning them with
 * `obj[key] = value` sets a prototype instead and the key vanishes — from
 * `metadata`, from include `overrides` (zod's record skips it too) and from
 * the package digest. These tests guard that each is kept (or reported).
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/index.js';
import { resolveSkill } from '../../../src/resolve/index.js';
import { parseSkill } from '../../../src/parse/index.js';

function parse(dir: string, frontmatter: string, profile: 'skillgraph' | 'lenient' = 'skillgraph') {
  const bytes = new TextEncoder().encode(
    `---\nname: ${dir}\ndescription: Use when testing ${dir}\n${frontmatter}---\nbody\n`,
  );
  return parseSkill(bytes, { locator: `/skills/${dir}/SKILL.md`, dirName: dir, profile });
}

describe('__proto__ keys are data, never dropped', () => {
  it('metadata keeps a __proto__ key as an own value (block and flow form)', () => {
    for (const fm of ['metadata:\n  __proto__: x\n  b: y\n', 'metadata: {__proto__: x, b: y}\n']) {
      const md = parse('p', fm).package!.descriptor.metadata;
      expect(Object.keys(md)).toEqual(['__proto__', 'b']);
      expect(Object.getOwnPropertyDescriptor(md, '__proto__')?.value).toBe('x');
      expect(Object.getPrototypeOf(md)).toBe(Object.prototype);
    }
  });

  it('the package digest covers metadata.__proto__ and a top-level __proto__ key', () => {
    const digest = (fm: string) => buildCatalog([parse('p', fm, 'lenient').package!]).get('p')!.descriptor.digest;
    expect(digest('metadata:\n  __proto__: x\n')).not.toBe(digest('metadata:\n  __proto__: y\n'));
    expect(digest('__proto__: {a: 1}\n')).not.toBe(digest('__proto__: {a: 2}\n'));
  });

  it('an include override of a tool named __proto__ is kept and applied', () => {
    const base = parse('base', 'tools: [__proto__]\n').package!;
    const top = parse(
      'top',
      'includes:\n  - skill: base\n    overrides:\n      __proto__: { writes: true, description: on }\n',
    ).package!;
    const includes = top.composition!.includes;
    expect(Object.keys(includes[0]!.overrides)).toEqual(['__proto__']);
    const resolved = resolveSkill(buildCatalog([base, top]), 'top');
    expect(resolved.error).toBeUndefined();
    expect(resolved.entries.map((e) => [e.key, e.writes, e.description])).toEqual([['__proto__', true, 'on']]);
  });

  it('a malformed __proto__ override is an includes.invalid finding, not skipped', () => {
    const r = parse('top', 'includes:\n  - skill: base\n    overrides:\n      __proto__: { writes: 7 }\n');
    expect(r.package).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([['includes.invalid', 7]]);
  });
});
