/**
 * Max-score pruning in the overlap pass finds every pair that scoring all pairs finds, with the same ratios:
 * random routing texts over a small vocabulary, so many pairs share terms and some pass the floor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directedRatios } from '../../src/routing/rivals.js';
import { RoutingIndex } from '../../src/routing/search-index.js';

const WORDS = ['pdf', 'form', 'deploy', 'lint', 'query', 'review', 'chart', 'merge', 'shell', 'cache', 'alpha', 'beta'];

/** Every ordered pair scored on the query's terms: the same result, the slow way. */
function _allPairs(index: RoutingIndex, common: number, floor: number): Map<number, number> {
  const n = index.size;
  const weights = (d: number): Map<number, number> => {
    const m = new Map<number, number>();
    for (let k = index.docStart[d]!; k < index.docStart[d + 1]!; k++) m.set(index.docTerm[k]!, index.docWeight[k]!);
    return m;
  };
  const out = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const query = [...weights(i)].filter(([t]) => index.df(t) <= common);
    if (!query.some(([t]) => index.df(t) > 1)) continue;
    const self = query.reduce((s, [, w]) => s + w, 0);
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const other = weights(j);
      const score = query.reduce((s, [t]) => s + (other.get(t) ?? 0), 0);
      const ratio = score / self;
      if (score === 0 || ratio < floor) continue;
      const key = i < j ? i * n + j : j * n + i;
      const seen = out.get(key);
      out.set(key, seen === undefined ? -ratio : Math.min(-seen, ratio));
    }
  }
  return out;
}

const _text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));

describe('directedRatios', () => {
  it('finds the pairs and ratios that scoring every pair finds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: _text, text: _text }), { minLength: 2, maxLength: 25 }),
        fc.constantFrom(0.3, 0.5, 0.595),
        fc.integer({ min: 2, max: 30 }),
        (texts, floor, common) => {
          const index = RoutingIndex.build(texts);
          const fast = directedRatios(index, common, floor, () => false);
          const slow = _allPairs(index, common, floor);
          // Ratios within rounding of the floor may fall either side of it.
          const clear = (m: Map<number, number>) =>
            [...m].filter(([, v]) => Math.abs(Math.abs(v) - floor) > 1e-9).sort((a, b) => a[0] - b[0]);
          const a = clear(fast);
          const b = clear(slow);
          expect(a.map(([k]) => k)).toEqual(b.map(([k]) => k));
          a.forEach(([, v], k) => expect(v).toBeCloseTo(b[k]![1], 12));
        },
      ),
      { numRuns: 500 },
    );
  });
});
