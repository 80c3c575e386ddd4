// Directed ratios without comparing all pairs: max-score pruning (Turtle & Flood) finds rivals by the
// postings of the terms that can lift one to `floor`; low-bound terms only add to the rivals found.
import type { RoutingIndex } from './search-index.js';

/** Per pair (key `i * n + j`, i < j) at `floor` or more: the lower ratio, negated if one-sided. */
export function directedRatios(
  index: RoutingIndex,
  common: number,
  floor: number,
  skip: (i: number, j: number) => boolean,
): Map<number, number> {
  const n = index.size;
  const out = new Map<number, number>();
  const scratch = { acc: new Float64Array(n), touched: new Int32Array(n) };
  const bound = termBounds(index);
  // Perf: one call per skill, so the work is optimised after the first few skills, not only once its loops run long.
  for (let i = 0; i < n; i++) rivalsOf(index, i, queryOf(index, i, common, bound), bound, floor, scratch, skip, out);
  return out;
}

function rivalsOf(
  index: RoutingIndex,
  i: number,
  query: Query,
  bound: Float64Array,
  floor: number,
  { acc, touched }: { readonly acc: Float64Array; readonly touched: Int32Array },
  skip: (i: number, j: number) => boolean,
  out: Map<number, number>,
): void {
  if (query.terms.length === 0) return;
  const { termStart, postDoc, postWeight, size: n } = index;
  const lower = lowerTerms(query, bound, floor);
  let lowerBound = 0;
  for (let q = 0; q < lower; q++) lowerBound += bound[query.terms[q]!]!;
  // The margin covers rounding in the sums.
  const needed = floor * query.self * (1 - 1e-9) - lowerBound;
  let count = 0;
  for (let q = lower; q < query.terms.length; q++) {
    const t = query.terms[q]!;
    // Perf: a term of this document alone reaches no rival.
    if (termStart[t + 1]! - termStart[t]! === 1) continue;
    for (let p = termStart[t]!; p < termStart[t + 1]!; p++) {
      const j = postDoc[p]!;
      if (j === i) continue;
      if (acc[j] === 0) touched[count++] = j;
      acc[j] = acc[j]! + postWeight[p]!;
    }
  }
  // Perf: a rival short of `floor` even with every lower term at its bound is dropped; the others get their
  // lower terms' weights from the postings, in the same order, so each sum is the one a lookup per term gives.
  for (let c = 0; c < count; c++) if (acc[touched[c]!]! < needed) acc[touched[c]!] = 0;
  for (let q = 0; q < lower; q++) {
    const t = query.terms[q]!;
    for (let p = termStart[t]!; p < termStart[t + 1]!; p++) {
      const j = postDoc[p]!;
      if (acc[j] !== 0) acc[j] = acc[j]! + postWeight[p]!;
    }
  }
  for (let c = 0; c < count; c++) {
    const j = touched[c]!;
    const score = acc[j]!;
    if (score === 0) continue;
    acc[j] = 0;
    const ratio = score / query.self;
    if (ratio < floor || skip(i, j)) continue;
    const key = i < j ? i * n + j : j * n + i;
    const seen = out.get(key);
    out.set(key, seen === undefined ? -ratio : Math.min(-seen, ratio));
  }
}

interface Query {
  /** By ascending bound (ties by id). */
  readonly terms: readonly number[];
  readonly self: number;
}

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
  if (!terms.some((t) => index.df(t) > 1)) return { terms: [], self };
  return { terms: terms.sort((a, b) => bound[a]! - bound[b]! || a - b), self };
}

function lowerTerms(query: Query, bound: Float64Array, floor: number): number {
  const limit = floor * query.self;
  let sum = 0;
  let q = 0;
  while (q < query.terms.length && sum + bound[query.terms[q]!]! < limit) sum += bound[query.terms[q++]!]!;
  return q;
}
