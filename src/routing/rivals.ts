/**
 * The directed ratios the overlap check needs, found without comparing all
 * pairs. Each document's distinct terms (the common ones left out) are its
 * query; a rival's ratio is its score for that query over the document's
 * own. Only rivals at `floor` or more are kept, and max-score pruning
 * (Turtle & Flood) finds them from the postings of a few terms: sorted by
 * the most any document can score on them, the terms whose bounds add up to
 * less than `floor` × the self score cannot lift a rival to the floor on
 * their own, so their postings are never walked; a rival found through the
 * other terms gets their weights by a binary search in its own term list.
 */
import type { RoutingIndex } from './search-index.js';

/**
 * For each pair (key `i * n + j`, i < j) with a directed ratio of at least `floor`: the lower
 * of its two ratios, or the negated ratio when only one direction reaches the floor.
 */
export function directedRatios(
  index: RoutingIndex,
  common: number,
  floor: number,
  skip: (i: number, j: number) => boolean,
): Map<number, number> {
  const n = index.size;
  const out = new Map<number, number>();
  const acc = new Float64Array(n);
  const touched = new Int32Array(n);
  const bound = termBounds(index);
  for (let i = 0; i < n; i++) {
    const query = queryOf(index, i, common, bound);
    if (query.terms.length === 0) continue;
    const lower = lowerTerms(query, bound, floor);
    let count = 0;
    for (let q = lower; q < query.terms.length; q++) {
      const t = query.terms[q]!;
      // Perf: a term of this document alone reaches no rival.
      if (index.df(t) === 1) continue;
      for (let p = index.termStart[t]!; p < index.termStart[t + 1]!; p++) {
        const j = index.postDoc[p]!;
        if (j === i) continue;
        if (acc[j] === 0) touched[count++] = j;
        acc[j] = acc[j]! + index.postWeight[p]!;
      }
    }
    for (let c = 0; c < count; c++) {
      const j = touched[c]!;
      let score = acc[j]!;
      acc[j] = 0;
      for (let q = 0; q < lower; q++) score += weightIn(index, j, query.terms[q]!);
      const ratio = score / query.self;
      if (ratio < floor || skip(i, j)) continue;
      const key = i < j ? i * n + j : j * n + i;
      const seen = out.get(key);
      out.set(key, seen === undefined ? -ratio : Math.min(-seen, ratio));
    }
  }
  return out;
}

interface Query {
  /** Term ids, by ascending bound (ties by id). */
  readonly terms: readonly number[];
  readonly self: number;
}

/** The most any document scores on each term. */
function termBounds(index: RoutingIndex): Float64Array {
  const out = new Float64Array(index.vocabulary.length);
  for (let t = 0; t < out.length; t++) {
    for (let p = index.termStart[t]!; p < index.termStart[t + 1]!; p++)
      out[t] = Math.max(out[t]!, index.postWeight[p]!);
  }
  return out;
}

function queryOf(index: RoutingIndex, i: number, common: number, bound: Float64Array): Query {
  const terms: number[] = [];
  let self = 0;
  for (let k = index.docStart[i]!; k < index.docStart[i + 1]!; k++) {
    const t = index.docTerm[k]!;
    if (index.df(t) > common) continue;
    terms.push(t);
    self += index.docWeight[k]!;
  }
  // A query with no term shared with another document has no rival.
  if (!terms.some((t) => index.df(t) > 1)) return { terms: [], self };
  return { terms: terms.sort((a, b) => bound[a]! - bound[b]! || a - b), self };
}

/** How many of the query's terms (from the lowest bound) cannot reach the floor on their own. */
function lowerTerms(query: Query, bound: Float64Array, floor: number): number {
  const limit = floor * query.self;
  let sum = 0;
  let q = 0;
  while (q < query.terms.length && sum + bound[query.terms[q]!]! < limit) sum += bound[query.terms[q++]!]!;
  return q;
}

/** Document `j`'s weight for term `t` (0 when it lacks it): a binary search in its sorted terms. */
function weightIn(index: RoutingIndex, j: number, t: number): number {
  let lo = index.docStart[j]!;
  let hi = index.docStart[j + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = index.docTerm[mid]!;
    if (v === t) return index.docWeight[mid]!;
    if (v < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}
