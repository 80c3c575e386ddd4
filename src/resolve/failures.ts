// Per-skill failures from node statuses, as a naive depth-first resolution would give them. On a
// cycle the first include event decides, which makes `next` a function: all paths are walks in a
// functional graph, O(n) without recursion. Long chains are elided so each includer costs O(1).
import { NODE_STATUS, type ResolveKernelResult } from '../model/backend.js';
import type { ResolvedLists } from './lists.js';
import type { EncodedCatalog } from './encode.js';

export type FailureType = 'cycle_detected' | 'skill_not_found';

export interface ResolveFailure {
  readonly type: FailureType;
  /** One line; a chain of more than 16 skills is shortened in the middle. */
  readonly message: string;
  /** The whole chain; computed on first read and not enumerable, so JSON leaves it out. */
  readonly path: readonly string[];
}

export const CHAIN_HEAD = 8;
export const CHAIN_TAIL = 8;

/** `a -> b -> c`, eliding the middle of long chains. */
export function formatChain(head: readonly string[], omitted: number, tail: readonly string[]): string {
  if (omitted <= 0) return [...head, ...tail].join(' -> ');
  return `${head.join(' -> ')} -> ... (${omitted} more) ... -> ${tail.join(' -> ')}`;
}

/** Message of a failure given its full path (the naive reference in tests uses it too). */
export function failureMessage(type: FailureType, path: readonly string[], missing?: string): string {
  return messageOf(type, shortChain(path), path.length, path[path.length - 1]!, missing ?? '');
}

/** A chain as one line: whole up to 16 skills, else the first and last 8. */
export function shortChain(path: readonly string[]): string {
  if (path.length <= CHAIN_HEAD + CHAIN_TAIL) return path.join(' -> ');
  return formatChain(path.slice(0, CHAIN_HEAD), path.length - CHAIN_HEAD - CHAIN_TAIL, path.slice(-CHAIN_TAIL));
}

// The one wording of a failure; `includer` and `missing` matter only for `skill_not_found`.
function messageOf(type: FailureType, chain: string, length: number, includer: string, missing: string): string {
  if (type === 'cycle_detected') return `include cycle: ${chain}`;
  const base = `skill '${includer}' includes unknown skill '${missing}'`;
  return length === 1 ? base : `${base} (include chain: ${chain} -> ${missing})`;
}

export interface Failures {
  of(v: number): ResolveFailure | undefined;
  /** Made afresh and not kept: a writer streams one per skill. */
  path(v: number): readonly string[];
}

/** The failures of every failed node, formatted lazily. */
export function computeFailures(
  enc: EncodedCatalog,
  res: Pick<ResolvedLists | ResolveKernelResult, 'status' | 'errEdge' | 'component'>,
): Failures {
  const g = enc.graph;
  const n = g.nodeCount;
  const next = new Int32Array(n).fill(-1);
  const missingEdge = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    const s = res.status[v]!;
    if (s === NODE_STATUS.includeFailed) next[v] = g.edgeTarget[res.errEdge[v]!]!;
    else if (s === NODE_STATUS.includeMissing) missingEdge[v] = res.errEdge[v]!;
    else if (s === NODE_STATUS.onCycle) {
      for (let e = g.edgeOffsets[v]!; e < g.edgeOffsets[v + 1]!; e++) {
        const t = g.edgeTarget[e]!;
        if (t < 0) {
          missingEdge[v] = e;
          break;
        }
        if (res.component[t] === res.component[v] || res.status[t] !== NODE_STATUS.ok) {
          next[v] = t;
          break;
        }
      }
    }
  }
  // Per failed node: path length, its last CHAIN_TAIL nodes, terminal node (not found) or -1 (cycle).
  const length = new Int32Array(n);
  const terminal = new Int32Array(n).fill(-1);
  const tails: (readonly number[])[] = new Array<readonly number[]>(n);
  const state = new Uint8Array(n); // 0 new, 1 on the current walk, 2 done
  const walkPos = new Int32Array(n);
  const walk: number[] = [];
  for (let v0 = 0; v0 < n; v0++) {
    if (res.status[v0] === NODE_STATUS.ok || state[v0] !== 0) continue;
    walk.length = 0;
    let u = v0;
    for (;;) {
      if (state[u] !== 0) break;
      state[u] = 1;
      walkPos[u] = walk.length;
      walk.push(u);
      if (next[u]! < 0) break;
      u = next[u]!;
    }
    let end = walk.length;
    const last = walk[end - 1]!;
    if (state[u] === 1 && next[last]! >= 0) {
      // The walk closed on itself at `u`: every node from u on lies on a functional cycle.
      const cyc = walk.slice(walkPos[u]!);
      const L = cyc.length;
      for (let j = 0; j < L; j++) {
        const c = cyc[j]!;
        length[c] = L + 1;
        const t = Math.min(CHAIN_TAIL, L + 1);
        const tail: number[] = [];
        for (let p = L + 1 - t; p <= L; p++) tail.push(cyc[(j + p) % L]!);
        tails[c] = tail;
        state[c] = 2;
      }
      end = walkPos[u]!;
    } else if (next[last]! < 0 && state[last] === 1) {
      length[last] = 1;
      terminal[last] = last;
      tails[last] = [last];
      state[last] = 2;
      end--;
    }
    for (let i = end - 1; i >= 0; i--) {
      const w = walk[i]!;
      const nx = next[w]!;
      length[w] = length[nx]! + 1;
      terminal[w] = terminal[nx]!;
      tails[w] = length[w]! <= CHAIN_TAIL ? [w, ...tails[nx]!] : tails[nx]!;
      state[w] = 2;
    }
  }
  const pathOf = (v: number): readonly string[] => {
    const names: string[] = [];
    for (let u = v, i = 0; i < length[v]!; i++, u = next[u]!) names.push(enc.labels[u]!);
    if (terminal[v]! >= 0) names.push(enc.edgeLabels[missingEdge[terminal[v]!]!]!);
    return Object.freeze(names);
  };
  const cache = new Map<number, ResolveFailure>();
  return {
    path: pathOf,
    of(v: number): ResolveFailure | undefined {
      if (res.status[v] === NODE_STATUS.ok) return undefined;
      const hit = cache.get(v);
      if (hit) return hit;
      const len = length[v]!;
      const headLen = len > CHAIN_HEAD + CHAIN_TAIL ? CHAIN_HEAD : len;
      const head: string[] = [];
      for (let u = v, i = 0; i < headLen; i++, u = next[u]!) head.push(enc.labels[u]!);
      const tail = len > CHAIN_HEAD + CHAIN_TAIL ? tails[v]!.map((u) => enc.labels[u]!) : [];
      const omitted = len - head.length - tail.length;
      const chain = formatChain(head, omitted, tail);
      const term = terminal[v]!;
      const missing = term < 0 ? '' : enc.edgeLabels[missingEdge[term]!]!;
      const failure =
        term < 0
          ? { type: 'cycle_detected' as const, message: messageOf('cycle_detected', chain, len, '', '') }
          : {
              type: 'skill_not_found' as const,
              message: messageOf('skill_not_found', chain, len, enc.labels[term]!, missing),
            };
      let kept: readonly string[] | undefined;
      Object.defineProperty(failure, 'path', { enumerable: false, get: () => (kept ??= pathOf(v)) });
      cache.set(v, failure as ResolveFailure);
      return failure as ResolveFailure;
    },
  };
}
