/**
 * The delta layout (kernel-delta.ts) against the full arena of the JS kernel:
 * on random catalogs — diamonds, a target included twice, overrides on the
 * first and on later includes, cycles, missing includes — every skill's
 * entries, summary, error and the cycle reports must be identical, and so
 * must the logical arena size. Also: `auto` picks deltas for a long chain.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arenaBound, ARENA_BUDGET } from '../../../src/resolve/lists.js';
import { encodeCatalog, resolveCatalog } from '../../../src/resolve/index.js';
import { makeCatalog, type IncludeSpecIn, type SkillSpec, type ToolSpec } from './_catalog.js';
import { naiveResolve } from './_naive.js';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] as const;
const KEYS = ['t0', 't1', 't2', 't3', 'mcp:s/t0'] as const;

const toolArb: fc.Arbitrary<ToolSpec> = fc.oneof(
  fc.constantFrom('t0', 't1', 't2', 't3'),
  fc.record(
    {
      name: fc.constantFrom('t0', 't1', 't2', 't3'),
      writes: fc.boolean(),
      description: fc.option(fc.constantFrom('d1', 'd2'), { nil: undefined }),
    },
    { requiredKeys: ['name'] },
  ),
);
const overridesArb = fc.dictionary(
  fc.constantFrom(...KEYS),
  fc.record({ writes: fc.boolean(), description: fc.constantFrom('ov1', 'ov2') }, { requiredKeys: [] }),
  { maxKeys: 3 },
);

function includeArb(i: number, dag: boolean): fc.Arbitrary<IncludeSpecIn> {
  const pool = dag ? NAMES.slice(i + 1) : NAMES;
  const target = fc.oneof(
    { weight: 8, arbitrary: pool.length > 0 ? fc.constantFrom(...pool) : fc.constant('ghost') },
    { weight: 1, arbitrary: fc.constant('ghost') },
  );
  return fc.oneof(target, fc.record({ skill: target, overrides: overridesArb }));
}

const catalogArb: fc.Arbitrary<SkillSpec[]> = fc
  .tuple(fc.integer({ min: 1, max: NAMES.length }), fc.boolean())
  .chain(([count, dag]) =>
    fc.tuple(
      ...NAMES.slice(0, count).map((name, i) =>
        fc.record({
          name: fc.constant(name),
          includes: fc.array(includeArb(i, dag), { maxLength: 4 }),
          tools: fc.array(toolArb, { maxLength: 3 }),
          mcp: fc.array(fc.record({ server: fc.constant('s'), tools: fc.array(toolArb, { maxLength: 2 }) }), {
            maxLength: 1,
          }),
          agentSkills: fc.array(fc.constantFrom('p/x', 'p/y'), { maxLength: 1 }),
        }),
      ),
    ),
  );

function checkLayouts(specs: SkillSpec[]): void {
  const cat = makeCatalog(specs);
  const arena = resolveCatalog(cat, { backend: 'js', layout: 'arena' });
  const delta = resolveCatalog(cat, { backend: 'js', layout: 'delta' });
  expect(JSON.stringify(delta.skills)).toBe(JSON.stringify(arena.skills));
  expect(delta.cycles).toEqual(arena.cycles);
  expect(delta.stats.arenaEntries).toBe(arena.stats.arenaEntries);
  expect(arenaBound(encodeCatalog(cat).graph)).toBeGreaterThanOrEqual(arena.stats.arenaEntries);
}

describe('resolve: delta layout = full arena', () => {
  it('agrees on random catalogs (diamonds, repeated targets, overrides, cycles, missing includes)', () => {
    fc.assert(fc.property(catalogArb, checkLayouts), { numRuns: 400 });
  });

  it('agrees where a first include is not the skill resolved just before (the list is rebuilt from deltas)', () => {
    const specs: SkillSpec[] = [
      { name: 'top', includes: ['mid', { skill: 'base', overrides: { t0: { writes: true } } }, 'mid'], tools: ['t9'] },
      {
        name: 'mid',
        includes: [{ skill: 'base', overrides: { t1: { description: 'via mid', writes: true } } }, 'side'],
        tools: ['t0'],
      },
      { name: 'side', includes: ['base'], tools: [{ name: 't1', writes: false }] },
      { name: 'base', tools: ['t0', 't1', 't2'] },
    ];
    checkLayouts(specs);
    const cat = makeCatalog(specs);
    const delta = JSON.parse(JSON.stringify(resolveCatalog(cat, { layout: 'delta' }).skills)) as unknown;
    expect(delta).toEqual(cat.skills.map((s) => naiveResolve(cat, s.descriptor.name)));
  });

  it('keeps a 20,000-long chain as deltas under auto, with the full closure in each list', () => {
    const n = 20_000;
    const specs: SkillSpec[] = [];
    for (let i = 0; i < n; i++)
      specs.push({ name: `s${i}`, includes: i + 1 < n ? [`s${i + 1}`] : [], tools: [`t${i}`] });
    const r = resolveCatalog(makeCatalog(specs));
    expect(arenaBound(encodeCatalog(makeCatalog(specs.slice(0, 3000))).graph)).toBeGreaterThan(ARENA_BUDGET);
    expect(r.stats.layout).toBe('delta');
    expect(r.stats.arenaEntries).toBe((n * (n + 1)) / 2);
    const first = r.skills.find((s) => s.name === 's0')!;
    expect(first.summary.tool_count).toBe(n);
    expect(first.entries[0]).toEqual({ key: `t${n - 1}`, kind: 'tool_ref', writes: false, source: `s${n - 1}` });
    expect(first.entries[n - 1]!.key).toBe('t0');
  });

  it('leaves a small catalog on the backend arena (no layout field in stats)', () => {
    const r = resolveCatalog(makeCatalog([{ name: 'a', tools: ['t'] }]), { backend: 'js' });
    expect(r.stats).not.toHaveProperty('layout');
  });
});
