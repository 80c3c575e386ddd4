// BM25+ weights in flat arrays; scores sum in term order so the same input gives the same numbers.
//   terms:     termStart[t] .. termStart[t+1]  →  postDoc[k], postWeight[k]
//   documents: docStart[d]  .. docStart[d+1]   →  docTerm[k], docWeight[k]
import { routingTerms, withoutNegativeTriggers, type RoutingText } from './terms.js';

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
    const id = (term: string): number => {
      let v = ids.get(term);
      if (v === undefined) ids.set(term, (v = vocabulary.push(term) - 1));
      return v;
    };
    // A negative trigger ("not for signup forms") names requests the skill turns away: not indexed.
    const fields = texts.map(
      (t) => [counts(routingTerms(t.name), id), counts(routingTerms(withoutNegativeTriggers(t.text)), id)] as const,
    );
    const n = texts.length;
    const avgName = fields.reduce((s, f) => s + f[0].length, 0) / Math.max(1, n);
    const avgText = fields.reduce((s, f) => s + f[1].length, 0) / Math.max(1, n);
    const docTerms: number[][] = [];
    const docTf: number[][] = [];
    const df = new Int32Array(vocabulary.length);
    for (const [name, text] of fields) {
      const tf = new Map<number, number>();
      const add = (c: Counted, boost: number, avg: number): void => {
        for (const [t, f] of c.tf) tf.set(t, (tf.get(t) ?? 0) + boost * bm25Tf(f, c.length, avg));
      };
      add(name, FIELD_BOOST.name, avgName);
      add(text, FIELD_BOOST.text, avgText);
      const terms = [...tf.keys()].sort((a, b) => a - b);
      for (const t of terms) df[t]!++;
      docTerms.push(terms);
      docTf.push(terms.map((t) => tf.get(t)!));
    }
    const collection = Math.max(n, MIN_COLLECTION);
    const idf = Float64Array.from(df, (f) => Math.log(1 + (collection - f + 0.5) / (f + 0.5)));
    this.docStart = new Int32Array(n + 1);
    let total = 0;
    for (let d = 0; d < n; d++) this.docStart[d + 1] = total += docTerms[d]!.length;
    this.docTerm = new Int32Array(total);
    this.docWeight = new Float64Array(total);
    this.termStart = new Int32Array(vocabulary.length + 1);
    for (let t = 0; t < vocabulary.length; t++) this.termStart[t + 1] = this.termStart[t]! + df[t]!;
    this.postDoc = new Int32Array(total);
    this.postWeight = new Float64Array(total);
    const fill = this.termStart.slice(0, vocabulary.length);
    for (let d = 0, k = 0; d < n; d++) {
      const terms = docTerms[d]!;
      for (let i = 0; i < terms.length; i++, k++) {
        const t = terms[i]!;
        const w = idf[t]! * docTf[d]![i]!;
        this.docTerm[k] = t;
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

interface Counted {
  readonly tf: Map<number, number>;
  readonly length: number;
}

function counts(terms: readonly string[], id: (term: string) => number): Counted {
  const tf = new Map<number, number>();
  for (const term of terms) {
    const t = id(term);
    tf.set(t, (tf.get(t) ?? 0) + 1);
  }
  return { tf, length: terms.length };
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
