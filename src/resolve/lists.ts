// Resolved lists behind one face: the backend's full arena, or kernel-delta.ts's deltas when the
// arena's upper bound passes ARENA_BUDGET (include chains: n²/2). Chosen before anything runs.
import type { ResolveGraph, ResolveKernelResult } from '../model/backend.js';
import { tarjan } from './kernel-js.js';

export interface ResolvedLists {
  readonly status: Int32Array;
  readonly errEdge: Int32Array;
  readonly component: Int32Array;
  readonly cyclic: Uint8Array;
  readonly listLength: Int32Array;
  readonly summaryBits: Int32Array;
  readonly derivedBase: Int32Array;
  readonly derivedRecord: Int32Array;
  /** Write node v's occurrence ids into `out[0 .. listLength[v])`. */
  fill(v: number, out: Int32Array): void;
}

/** The delta layout's storage; `chain` is scratch for `fill`. */
export interface ListStore {
  readonly base: Int32Array;
  readonly listLength: Int32Array;
  readonly replStart: Int32Array;
  readonly replEnd: Int32Array;
  readonly appStart: Int32Array;
  readonly appEnd: Int32Array;
  readonly repl: { readonly data: Int32Array; readonly length: number };
  readonly app: { readonly data: Int32Array; readonly length: number };
  readonly chain: Int32Array;
}

/** Arena entries above which a graph is resolved into deltas (16 MiB). */
export const ARENA_BUDGET = 1 << 22;

export type ListLayout = 'auto' | 'arena' | 'delta';

/** The arena result seen as ResolvedLists. */
export function arenaLists(res: ResolveKernelResult): ResolvedLists {
  return {
    status: res.status,
    errEdge: res.errEdge,
    component: res.component,
    cyclic: res.cyclic,
    listLength: res.listLength,
    summaryBits: res.summaryBits,
    derivedBase: res.derivedBase,
    derivedRecord: res.derivedRecord,
    fill: (v, out) => out.set(res.arena.subarray(res.listOffset[v]!, res.listOffset[v]! + res.listLength[v]!)),
  };
}

/** Upper bound on the full arena: own items plus the includes' lists, capped at every key. O(n + e). */
export function arenaBound(graph: ResolveGraph): number {
  const { edgeOffsets, edgeTarget, ownOffsets } = graph;
  const { cyclic, order } = tarjan(graph.nodeCount, edgeOffsets, edgeTarget);
  const bound = new Float64Array(graph.nodeCount);
  let total = 0;
  for (let k = 0; k < graph.nodeCount; k++) {
    const v = order[k]!;
    if (cyclic[v] === 1) continue;
    let b = ownOffsets[v + 1]! - ownOffsets[v]!;
    for (let e = edgeOffsets[v]!; e < edgeOffsets[v + 1]!; e++) {
      const t = edgeTarget[e]!;
      if (t >= 0) b += bound[t]!;
    }
    bound[v] = Math.min(b, graph.entryCount);
    total += bound[v]!;
  }
  return total;
}
