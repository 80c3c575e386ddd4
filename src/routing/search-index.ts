// BM25+ weights in flat arrays; scores sum in term order so the same input gives the same numbers.
//   terms:     termStart[t] .. termStart[t+1]  →  postDoc[k], postWeight[k]
//   documents: docStart[d]  .. docStart[d+1]   →  docTerm[k], docWeight[k]
import { isToken, routingTerm, routingTerms, splitTokens, withoutNegativeTriggers, type RoutingText } from './terms.js';

export const FIELD_BOOST = Object.freeze({ name: 3, text: 1 });
/** BM25+ (Lv & Zhai's lower bound `d` keeps a match in a long text worth something). */
export const BM25 = Object.freeze({ k1: 1.2, b: 0.75, d: 0.5 });
/** Document frequencies read as if there were this many skills: in a tree of three, shared words stay rare. */
export const MIN_COLLECTION = 100;

export interface IndexHit {
  readonly doc: number;
  readonly score: number;
}

/** An index over routing texts: `RoutingIndex.build(texts).search('fill pdf forms', 5)`. */
export class RoutingIndex {
  readonly size: number;
  readonly vocabulary: readonly string[];
  readonly termStart: Int32Array;
  readonly postDoc: Int32Array;
  readonly postWeight: Float64Array;
  readonly docStart: Int32Array;
  readonly docTerm: Int32Array;
  readonly docWeight: Float64Array;
  readonly #ids: ReadonlyMap<string, number>;

  private constructor(texts: readonly RoutingText[]) {
    const ids = new Map<string, number>();
    const vocabulary: string[] = [];
    const { seq, fieldEnd } = termRuns(texts, ids, vocabulary);
    const n = texts.length;
    let names = 0;
    let textLengths = 0;
    for (let d = 0; d < n; d++) {
      names += fieldEnd[2 * d + 1]! - fieldEnd[2 * d]!;
      textLengths += fieldEnd[2 * d + 2]! - fieldEnd[2 * d + 1]!;
    }
    const used = fieldEnd[2 * n]!;
    const avgName = names / Math.max(1, n);
    const avgText = textLengths / Math.max(1, n);
    const size = vocabulary.length;
    const nameTf = new Int32Array(size);
    const textTf = new Int32Array(size);
    const touched = new Int32Array(size);
    // At most one entry per term occurrence; cut to the distinct terms at the end.
    const docTf = new Float64Array(used);
    const docTerm = new Int32Array(used);
    const df = new Int32Array(size);
    this.docStart = new Int32Array(n + 1);
    let total = 0;
    for (let d = 0; d < n; d++) {
      let count = 0;
      for (let k = fieldEnd[2 * d]!; k < fieldEnd[2 * d + 1]!; k++) {
        const t = seq[k]!;
        if (nameTf[t]! === 0 && textTf[t]! === 0) touched[count++] = t;
        nameTf[t]!++;
      }
      for (let k = fieldEnd[2 * d + 1]!; k < fieldEnd[2 * d + 2]!; k++) {
        const t = seq[k]!;
        if (nameTf[t]! === 0 && textTf[t]! === 0) touched[count++] = t;
        textTf[t]!++;
      }
      const nameLength = fieldEnd[2 * d + 1]! - fieldEnd[2 * d]!;
      const textLength = fieldEnd[2 * d + 2]! - fieldEnd[2 * d + 1]!;
      sortPrefix(touched, count);
      for (let i = 0; i < count; i++) {
        const t = touched[i]!;
        // Summed name first, then text, as each field adds to what the term has.
        let w = 0;
        if (nameTf[t]! > 0) w += FIELD_BOOST.name * bm25Tf(nameTf[t]!, nameLength, avgName);
        if (textTf[t]! > 0) w += FIELD_BOOST.text * bm25Tf(textTf[t]!, textLength, avgText);
        nameTf[t] = 0;
        textTf[t] = 0;
        df[t]!++;
        docTerm[total] = t;
        docTf[total++] = w;
      }
      this.docStart[d + 1] = total;
    }
    const collection = Math.max(n, MIN_COLLECTION);
    const idf = Float64Array.from(df, (f) => Math.log(1 + (collection - f + 0.5) / (f + 0.5)));
    this.docTerm = docTerm.slice(0, total);
    this.docWeight = new Float64Array(total);
    this.termStart = new Int32Array(size + 1);
    for (let t = 0; t < size; t++) this.termStart[t + 1] = this.termStart[t]! + df[t]!;
    this.postDoc = new Int32Array(total);
    this.postWeight = new Float64Array(total);
    const fill = this.termStart.slice(0, size);
    for (let d = 0, k = 0; d < n; d++) {
      for (; k < this.docStart[d + 1]!; k++) {
        const t = this.docTerm[k]!;
        const w = idf[t]! * docTf[k]!;
        this.docWeight[k] = w;
        this.postDoc[fill[t]!] = d;
        this.postWeight[fill[t]!++] = w;
      }
    }
    this.size = n;
    this.vocabulary = vocabulary;
    this.#ids = ids;
  }

  /** Index `texts`; a document is named by its position. */
  static build(texts: readonly RoutingText[]): RoutingIndex {
    return new RoutingIndex(texts);
  }

  df(t: number): number {
    return this.termStart[t + 1]! - this.termStart[t]!;
  }

  /** Best matches first. The last word also matches as a prefix and long words one edit away, at half weight. */
  search(query: string, limit: number): IndexHit[] {
    const words = [...new Set(routingTerms(query))];
    const acc = new Map<number, number>();
    words.forEach((word, i) => {
      for (const [t, weight] of this.#matches(word, i === words.length - 1)) {
        for (let k = this.termStart[t]!; k < this.termStart[t + 1]!; k++) {
          const d = this.postDoc[k]!;
          acc.set(d, (acc.get(d) ?? 0) + weight * this.postWeight[k]!);
        }
      }
    });
    const hits = [...acc].map(([doc, score]) => ({ doc, score: Math.round(score * 1e6) / 1e6 }));
    return hits.sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, limit);
  }

  #matches(word: string, last: boolean): [number, number][] {
    const exact = this.#ids.get(word);
    const out: [number, number][] = exact === undefined ? [] : [[exact, 1]];
    if (!last && word.length < 5) return out;
    for (let t = 0; t < this.vocabulary.length; t++) {
      if (t === exact) continue;
      const term = this.vocabulary[t]!;
      if ((last && word.length >= 2 && term.startsWith(word)) || (word.length >= 5 && oneEdit(word, term)))
        out.push([t, 0.5]);
    }
    return out;
  }
}

/** Perf: a document has tens of terms, where insertion sort beats a typed array's sort (and its subarray). */
function sortPrefix(a: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const v = a[i]!;
    let j = i - 1;
    for (; j >= 0 && a[j]! > v; j--) a[j + 1] = a[j]!;
    a[j + 1] = v;
  }
}

/**
 * Each document's name terms, then text terms, as term ids in one run: document d's name is
 * `seq[fieldEnd[2d] .. fieldEnd[2d+1])`, its text up to `fieldEnd[2d+2]`. Ids are given in order of first use.
 */
function termRuns(
  texts: readonly RoutingText[],
  ids: Map<string, number>,
  vocabulary: string[],
): { seq: Int32Array; fieldEnd: Int32Array } {
  const runs: Runs = { seq: new Int32Array(1024), used: 0, idOfToken: new Map(), ids, vocabulary };
  const fieldEnd = new Int32Array(2 * texts.length + 1);
  texts.forEach((t, d) => {
    addTerms(runs, t.name);
    fieldEnd[2 * d + 1] = runs.used;
    // A negative trigger ("not for signup forms") names requests the skill turns away: not indexed.
    addTerms(runs, withoutNegativeTriggers(t.text));
    fieldEnd[2 * d + 2] = runs.used;
  });
  return { seq: runs.seq, fieldEnd };
}

interface Runs {
  seq: Int32Array;
  used: number;
  /** Perf: each distinct token is folded and looked up once per index. */
  readonly idOfToken: Map<string, number>;
  readonly ids: Map<string, number>;
  readonly vocabulary: string[];
}

/** Append the term ids of `text` (its stop words and non-terms left out). */
function addTerms(runs: Runs, text: string): void {
  const { idOfToken, ids, vocabulary } = runs;
  // Perf: the run and its length are locals in the loop (not a closure's), stored back once.
  let { seq, used } = runs;
  const pieces = splitTokens(text);
  for (let i = 0; i < pieces.length; i++) {
    const token = pieces[i]!;
    if (!isToken(token)) continue;
    let t = idOfToken.get(token);
    if (t === undefined) {
      const term = routingTerm(token);
      t = term === null ? -1 : (ids.get(term) ?? -1);
      if (term !== null && t === -1) ids.set(term, (t = vocabulary.push(term) - 1));
      idOfToken.set(token, t);
    }
    if (t === -1) continue;
    if (used === seq.length) {
      const grown = new Int32Array(seq.length * 2);
      grown.set(seq);
      seq = grown;
    }
    seq[used++] = t;
  }
  runs.seq = seq;
  runs.used = used;
}

function bm25Tf(tf: number, length: number, avg: number): number {
  const norm = avg > 0 ? 1 - BM25.b + (BM25.b * length) / avg : 1;
  return BM25.d + (tf * (BM25.k1 + 1)) / (tf + BM25.k1 * norm);
}

function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
