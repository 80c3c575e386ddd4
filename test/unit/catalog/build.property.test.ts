/** Selection invariants over random candidate sets (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/index.js';
import { _pkg } from './_pkg.js';

const candidate = fc.record({
  name: fc.constantFrom('a', 'b', 'c', 'd'),
  scope: fc.constantFrom('global', 'project', 'local', 'vendor'),
  folder: fc.constantFrom('x', 'y', 'z', 'é', '\u{1F600}'),
  body: fc.constantFrom('one', 'two'),
});

const packagesOf = (cands: { name: string; scope: string; folder: string; body: string }[]) =>
  cands.map((c) =>
    _pkg({
      name: c.name,
      scope: c.scope,
      precedence: c.scope === 'vendor' ? 25 : undefined,
      locator: `/${c.scope}/${c.folder}/${c.name}/SKILL.md`,
      body: c.body,
    }),
  );

describe('buildCatalog properties', () => {
  it('the winner of each name has the highest precedence; every other distinct candidate is one conflict', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 20 }), (cands) => {
        const pkgs = packagesOf(cands);
        const c = buildCatalog(pkgs);
        const locators = new Set(pkgs.map((p) => p.descriptor.source.locator));
        expect(c.skills.length + c.conflicts.length).toBe(locators.size);
        for (const skill of c.skills) {
          const rivals = pkgs.filter((p) => p.descriptor.name === skill.descriptor.name);
          expect(skill.descriptor.source.precedence).toBe(
            Math.max(...rivals.map((p) => p.descriptor.source.precedence)),
          );
        }
        for (const conflict of c.conflicts) {
          expect(c.get(conflict.name)!.descriptor.source.locator).toBe(conflict.selected);
          expect(conflict.identical).toBe(
            c.getScoped(c.get(conflict.name)!.descriptor.source.scope, conflict.name)!.descriptor.digest ===
              buildCatalog(pkgs.filter((p) => p.descriptor.source.locator === conflict.shadowed)).skills[0]!.descriptor
                .digest,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is invariant under input permutation', () => {
    fc.assert(
      fc.property(
        fc
          .array(candidate, { maxLength: 12 })
          .chain((a) => fc.tuple(fc.constant(a), fc.shuffledSubarray(a, { minLength: a.length, maxLength: a.length }))),
        ([a, b]) => {
          expect(JSON.stringify(buildCatalog(packagesOf(b)))).toBe(JSON.stringify(buildCatalog(packagesOf(a))));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('excluding every winner leaves no skills and no conflicts', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), (cands) => {
        const c = buildCatalog(packagesOf(cands));
        const e = c.excluding(c.skills.map((p) => p.descriptor.source.locator));
        expect(e.skills).toEqual([]);
        expect(e.conflicts).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
