import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetSummary, fitBudget, parseBudget } from '../../../src/context/budget.js';
import { comparePriority, contextEntries, type ContextEntry } from '../../../src/context/entries.js';
import { markdownRow } from '../../../src/context/formats.js';
import { renderContext } from '../../../src/context/render.js';
import { ELLIPSIS } from '../../../src/context/text.js';
import { _catalog, _pkg } from './_fixtures.js';

// Rows measured as description + 10, so every count below is hand-computable.
const measure = (e: ContextEntry) => e.description.length + 10;
const FLOOR = 60;
const D100 = 'x'.repeat(100);

function rows(): ContextEntry[] {
  return contextEntries([
    _pkg({ name: 'a', scope: 'local', description: D100 }),
    _pkg({ name: 'b', scope: 'project', description: D100 }),
    _pkg({ name: 'c', scope: 'global', description: D100 }),
    _pkg({ name: 'd', scope: 'team', precedence: 5, description: D100 }),
  ]);
}

describe('parseBudget', () => {
  it('reads characters and tokens (4 characters each)', () => {
    expect(parseBudget('2000')).toEqual({ chars: 2000, amount: 2000, unit: 'chars' });
    expect(parseBudget('500t')).toEqual({ chars: 2000, amount: 500, unit: 'tokens' });
    expect(parseBudget(64)).toEqual({ chars: 64, amount: 64, unit: 'chars' });
  });

  it('rejects anything else with options.invalid naming the field', () => {
    for (const bad of ['', '-5', '12x', '1.5', 'lots']) {
      expect(() => parseBudget(bad)).toThrow(
        expect.objectContaining({ code: 'options.invalid', details: expect.objectContaining({ field: 'budget' }) }),
      );
    }
  });
});

describe('fitBudget (exact counts)', () => {
  it('changes nothing when the listing fits', () => {
    const fit = fitBudget(rows(), parseBudget(440), measure, FLOOR);
    expect(fit.report).toMatchObject({ before: 440, after: 440, descriptionCap: null, shortened: [], omitted: [] });
    expect(fit.entries.every((e) => !e.shortened)).toBe(true);
  });

  it('shortens every description to one common cap before omitting anything', () => {
    const fit = fitBudget(rows(), parseBudget(400), measure, FLOOR);
    expect(fit.report).toMatchObject({
      before: 440,
      after: 400,
      descriptionCap: 90,
      shortened: ['a', 'b', 'c', 'd'],
      omitted: [],
    });
    for (const e of fit.entries) {
      expect(e.description).toBe(`${'x'.repeat(89)}${ELLIPSIS}`);
    }
  });

  it('omits the lowest-priority skill once the floor is reached, then widens the cap again', () => {
    // 4 rows at the floor need 4 × 70 = 280 > 279: drop one (custom scope ranks last);
    // 3 rows fit at cap 83 (3 × 93 = 279).
    const fit = fitBudget(rows(), parseBudget(279), measure, FLOOR);
    expect(fit.report).toMatchObject({ after: 279, descriptionCap: 83, shortened: ['a', 'b', 'c'], omitted: ['d'] });
    expect(fit.entries.map((e) => e.name)).toEqual(['a', 'b', 'c']);
  });

  it('keeps only the local skill under a tight budget', () => {
    const fit = fitBudget(rows(), parseBudget(100), measure, FLOOR);
    expect(fit.report).toMatchObject({ after: 100, descriptionCap: 90, shortened: ['a'], omitted: ['b', 'c', 'd'] });
  });

  it('omits everything when not even one row fits at the floor', () => {
    const fit = fitBudget(rows(), parseBudget(69), measure, FLOOR);
    expect(fit.report).toMatchObject({ after: 0, shortened: [], omitted: ['a', 'b', 'c', 'd'] });
    expect(fit.entries).toEqual([]);
  });

  it('measures a token budget at 4 characters per token', () => {
    const fit = fitBudget(rows(), parseBudget('100t'), measure, FLOOR);
    expect(fit.report).toMatchObject({ chars: 400, unit: 'tokens', amount: 100, descriptionCap: 90 });
  });

  it('never shortens descriptions already at or below the floor', () => {
    const entries = contextEntries([
      _pkg({ name: 'short', scope: 'local', description: 's'.repeat(40) }),
      _pkg({ name: 'long', scope: 'local', description: 'l'.repeat(200) }),
    ]);
    // 50 + 210 = 260; budget 200 → long capped at 140 (50 + 150 = 200).
    const fit = fitBudget(entries, parseBudget(200), measure, FLOOR);
    expect(fit.report).toMatchObject({ after: 200, descriptionCap: 140, shortened: ['long'], omitted: [] });
    expect(fit.entries.find((e) => e.name === 'short')!.description).toBe('s'.repeat(40));
  });
});

describe('comparePriority', () => {
  it('ranks local, project, global, then custom scopes by precedence, then name', () => {
    const entries = contextEntries([
      _pkg({ name: 'z', scope: 'vendor', precedence: 1 }),
      _pkg({ name: 'b', scope: 'global' }),
      _pkg({ name: 'y', scope: 'team', precedence: 40 }),
      _pkg({ name: 'a', scope: 'global' }),
      _pkg({ name: 'm', scope: 'local' }),
      _pkg({ name: 'k', scope: 'project' }),
    ]);
    expect(entries.sort(comparePriority).map((e) => e.name)).toEqual(['m', 'k', 'a', 'b', 'y', 'z']);
  });
});

describe('budgetSummary', () => {
  it('counts both lists and names a sample', () => {
    const fit = fitBudget(rows(), parseBudget(100), measure, FLOOR);
    expect(budgetSummary(fit.report, 2)).toBe(
      'Budget 100 chars: 1 description shortened (a); 3 skills omitted (b, c and 1 more).',
    );
    expect(budgetSummary(fitBudget(rows(), parseBudget(1000), measure, FLOOR).report, 2)).toBe('');
  });
});

describe('budget through renderContext', () => {
  const many = Array.from({ length: 30 }, (_, i) =>
    _pkg({
      name: `skill-${String(i).padStart(2, '0')}`,
      scope: i % 2 ? 'global' : 'local',
      description: `Does task ${i}. `.repeat(12),
    }),
  );
  const catalog = _catalog(many);

  for (const format of ['markdown', 'xml'] as const) {
    it(`${format}: the listed rows add up to the reported size, within the budget`, () => {
      const out = renderContext(catalog, { format, budget: 3000 });
      const report = out.budget!;
      expect(report.after).toBeLessThanOrEqual(3000);
      expect(report.shortened.length + report.omitted.length).toBeGreaterThan(0);
      expect(out.entries.length + report.omitted.length).toBe(30);
      const rowText = out.entries.map((e) => (format === 'markdown' ? markdownRow(e) : '')).join('');
      if (format === 'markdown') expect(out.text).toContain(rowText);
      expect(out.text).toContain(`${report.omitted.length} skills omitted`);
      // Omitted skills are global ones (lower priority) before any local one.
      const omittedLocal = report.omitted.filter((n) => Number(n.slice(6)) % 2 === 0);
      if (omittedLocal.length > 0) expect(report.omitted.filter((n) => Number(n.slice(6)) % 2 === 1)).toHaveLength(15);
    });
  }

  it('property: after ≤ budget (or refused), cuts ordered by priority, every shortened text ends in an ellipsis', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (chars) => {
        let out: ReturnType<typeof renderContext>;
        try {
          out = renderContext(catalog, { budget: chars });
        } catch (error) {
          // Refused only when even the block with every skill omitted is bigger than the budget.
          expect(error).toMatchObject({ code: 'options.invalid', details: { field: 'budget' } });
          expect((error as { details: { needed: number } }).details.needed).toBeGreaterThan(chars);
          return;
        }
        const report = out.budget!;
        expect(report.after).toBeLessThanOrEqual(chars);
        expect(Buffer.byteLength(out.text, 'utf8')).toBe(report.after);
        for (const e of out.entries) {
          if (e.shortened) {
            expect(e.description.endsWith(ELLIPSIS)).toBe(true);
            expect(e.description.length).toBeLessThanOrEqual(report.descriptionCap!);
          }
        }
        const keptWorst = out.entries.slice().sort(comparePriority).at(-1);
        const omittedBest = contextEntries(catalog)
          .filter((e) => report.omitted.includes(e.name))
          .sort(comparePriority)[0];
        if (keptWorst && omittedBest) expect(comparePriority(keptWorst, omittedBest)).toBeLessThan(0);
      }),
      { numRuns: 60 },
    );
  });
});

describe('budget determinism', () => {
  it('cuts the same skills whatever order the packages come in', () => {
    const pkgs = Array.from({ length: 40 }, (_, i) =>
      _pkg({
        name: `n${(i * 7) % 40}`,
        scope: ['local', 'project', 'global', 'team'][i % 4]!,
        precedence: i % 4 === 3 ? 15 : undefined,
        description: 'z'.repeat(50 + i * 3),
      }),
    );
    const reversed = pkgs.slice().reverse();
    for (const budget of [2000, 2500, 6000]) {
      const a = renderContext(pkgs, { budget }).budget!;
      const b = renderContext(reversed, { budget }).budget!;
      expect(b).toEqual(a);
    }
  });
});
