/**
 * Differential property tests: random catalogs — diamonds,
 * overlapping includes, overrides, cycles, missing includes, scope pins,
 * deep chains — resolved by the WASM kernel, the TypeScript reference kernel
 * and the naive recursive reference must agree exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wasmBackendOrNull } from '../../src/engine/backend.js';
import type { Catalog } from '../../src/model/catalog.js';
import type { SkillPackage } from '../../src/model/package.js';
import { encodeCatalog, resolveGraphJs } from '../../src/resolve/index.js';
import { resolveCatalog, resolveSkill } from '../../src/engine/resolve.js';
import { makeCatalog, type IncludeSpecIn, type SkillSpec, type ToolSpec } from '../unit/resolve/_catalog.js';
import { naiveResolve } from '../unit/resolve/_naive.js';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
const SCOPES = ['global', 'project', 'local'] as const;
const KEYS = ['t0', 't1', 't2', 't3', 'mcp:s/t0', 'a/_anon_0', 'agent_skill:p/x'] as const;

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

/** Includes of skill `i`: any name (cycles likely), or only later names (a DAG) when `dag`. */
function includeArb(i: number, dag: boolean): fc.Arbitrary<IncludeSpecIn> {
  const pool = dag ? NAMES.slice(i + 1) : NAMES;
  const target = fc.oneof(
    { weight: 6, arbitrary: pool.length > 0 ? fc.constantFrom(...pool) : fc.constant('ghost') },
    { weight: 1, arbitrary: fc.constant('ghost') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...SCOPES), pool.length > 0 ? fc.constantFrom(...pool) : fc.constant('a'))
        .map(([s, n]) => `${s}/${n}`),
    },
  );
  return fc.oneof(target, fc.record({ skill: target, overrides: overridesArb }));
}

function skillArb(i: number, dag: boolean): fc.Arbitrary<SkillSpec> {
  return fc.record({
    name: fc.constant(NAMES[i]!),
    scope: fc.constantFrom(...SCOPES),
    includes: fc.array(includeArb(i, dag), { maxLength: 3 }),
    tools: fc.array(toolArb, { maxLength: 3 }),
    inline: fc.array(fc.record({ description: fc.constantFrom('x', 'y'), writes: fc.boolean() }), { maxLength: 2 }),
    mcp: fc.array(fc.record({ server: fc.constantFrom('s', 'u'), tools: fc.array(toolArb, { maxLength: 2 }) }), {
      maxLength: 2,
    }),
    agentSkills: fc.array(fc.constantFrom('p/x', 'p/y'), { maxLength: 2 }),
  });
}

/** 1–8 names, each present in 1–2 scopes (so pins can reach shadowed packages). */
const catalogArb: fc.Arbitrary<SkillSpec[]> = fc
  .tuple(fc.integer({ min: 1, max: NAMES.length }), fc.boolean(), fc.integer({ min: 0, max: 0xffff }))
  .chain(([count, dag, twinMask]) => {
    const arbs: fc.Arbitrary<SkillSpec>[] = [];
    for (let i = 0; i < count; i++) {
      arbs.push(skillArb(i, dag));
      if (twinMask & (1 << i)) arbs.push(skillArb(i, dag));
    }
    return fc.tuple(...arbs).map((specs) => {
      const seen = new Set<string>();
      return specs.filter((s) => !seen.has(`${s.scope}/${s.name}`) && seen.add(`${s.scope}/${s.name}`));
    });
  });

/** A deep chain with diamonds, overrides and optionally a back edge or a missing tail. */
const chainArb: fc.Arbitrary<SkillSpec[]> = fc
  .tuple(
    fc.integer({ min: 2, max: 300 }),
    fc.constantFrom('none', 'cycle', 'missing'),
    fc.integer({ min: 0, max: 1000 }),
  )
  .map(([n, ending, seed]) => {
    const specs: SkillSpec[] = [];
    for (let i = 0; i < n; i++) {
      const includes: IncludeSpecIn[] = [];
      if (i + 1 < n)
        includes.push(
          i % 7 === 3
            ? { skill: `n${i + 1}`, overrides: { [`k${(i + seed) % 5}`]: { writes: i % 2 === 0 } } }
            : `n${i + 1}`,
        );
      // Diamonds only near the top: the naive reference re-resolves shared subtrees (2^diamonds).
      if (i + 2 < n && i < 12 && (i + seed) % 5 === 0) includes.push(`n${i + 2}`);
      if (i === n - 1 && ending === 'cycle') includes.push(`n${seed % n}`);
      if (i === n - 1 && ending === 'missing') includes.push('ghost');
      specs.push({
        name: `n${i}`,
        includes,
        tools: [`k${(i * 3 + seed) % 5}`, { name: `own${i}`, writes: i % 11 === 0 }],
      });
    }
    return specs;
  });

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
const wasm = wasmBackendOrNull();

function checkAgreement(specs: SkillSpec[]): void {
  const cat = makeCatalog(specs);
  const js = resolveCatalog(cat, { backend: 'js' });
  const wa = resolveCatalog(cat, { backend: 'wasm' });
  expect(JSON.stringify(wa.skills)).toBe(JSON.stringify(js.skills));
  expect(wa.cycles).toEqual(js.cycles);
  expect(plain(js.skills)).toEqual(cat.skills.map((s) => naiveResolve(cat, s.descriptor.name)));
  const graph = encodeCatalog(cat).graph;
  expect(wasm!.resolveGraph(graph)).toEqual(resolveGraphJs(graph));
}

/** Packages that reach themselves through includes, by brute force. */
function onCycles(cat: Catalog): Set<string> {
  const label = (p: SkillPackage): string => (cat.get(p.descriptor.name) === p ? p.descriptor.name : p.descriptor.id);
  const targets = (p: SkillPackage): SkillPackage[] =>
    p.composition.includes.flatMap((i) => {
      const t = i.scope === undefined ? cat.get(i.skill) : cat.getScoped(i.scope, i.skill);
      return t ? [t] : [];
    });
  const out = new Set<string>();
  // Whole-catalog resolution covers the winners and every package they reach (pins).
  const all = new Set<SkillPackage>(cat.skills);
  for (const p of all) for (const t of targets(p)) all.add(t);
  for (const p of all) {
    const seen = new Set<SkillPackage>();
    const queue = targets(p);
    while (queue.length > 0) {
      const q = queue.pop()!;
      if (q === p) out.add(label(p));
      if (seen.has(q)) continue;
      seen.add(q);
      queue.push(...targets(q));
    }
  }
  return out;
}

describe('resolve: differential (wasm = js = naive)', () => {
  it('the WASM module is built', () => {
    expect(wasm, 'build/skillgraph.wasm must exist (npm run build:wasm)').not.toBeNull();
  });

  it('agrees on random small catalogs (cycles, pins, overrides, missing includes)', () => {
    fc.assert(fc.property(catalogArb, checkAgreement), { numRuns: 300 });
  });

  it('agrees on deep chains with diamonds, back edges and missing tails', () => {
    fc.assert(fc.property(chainArb, checkAgreement), { numRuns: 25 });
  });

  it('resolveSkill equals the whole-catalog result, for names and scope pins', () => {
    fc.assert(
      fc.property(catalogArb, (specs) => {
        const cat = makeCatalog(specs);
        const whole = resolveCatalog(cat, { backend: 'js' });
        whole.skills.forEach((s) => expect(plain(resolveSkill(cat, s.name, { backend: 'wasm' }))).toEqual(plain(s)));
        for (const spec of specs) {
          const ref = `${spec.scope}/${spec.name}`;
          expect(plain(resolveSkill(cat, ref, { backend: 'wasm' }))).toEqual(plain(naiveResolve(cat, ref)));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reports each cyclic component once, with a real cycle through its first member', () => {
    fc.assert(
      fc.property(catalogArb, (specs) => {
        const cat = makeCatalog(specs);
        const { cycles } = resolveCatalog(cat, { backend: 'wasm' });
        const members = cycles.flatMap((c) => c.skills);
        expect(new Set(members).size).toBe(members.length);
        expect(new Set(members)).toEqual(onCycles(cat));
        for (const c of cycles) {
          expect(c.path[0]).toBe(c.skills[0]);
          expect(c.path.at(-1)).toBe(c.path[0]);
          for (let i = 0; i + 1 < c.path.length; i++) {
            const from = c.path[i]!;
            const slash = from.indexOf('/');
            const pkg = slash < 0 ? cat.get(from) : cat.getScoped(from.slice(0, slash), from.slice(slash + 1));
            const next = c.path[i + 1]!;
            const hit = pkg!.composition.includes.some((inc) => {
              const t = inc.scope === undefined ? cat.get(inc.skill) : cat.getScoped(inc.scope, inc.skill);
              return (
                t !== undefined && (cat.get(t.descriptor.name) === t ? t.descriptor.name : t.descriptor.id) === next
              );
            });
            expect(hit, `${from} includes ${next}`).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
