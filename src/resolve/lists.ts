/**
 * Resolved lists behind one face, whichever layout holds them: the full
 * arena a backend kernel returns (`ResolveKernelResult`), or the deltas of
 * `kernel-delta.ts`. Failures, cycles and materialisation read only this.
 *
 * The layout is chosen before anything runs, from an upper bound on the
 * arena (the sum of closure sizes): small graphs — every real catalog — go
 * to the backend (WASM or JS) as before; a graph whose arena could pass
 * `ARENA_BUDGET` entries (include chains: n²/2) is resolved into deltas.
 */
import type { ResolveGraph, ResolveKernelResult } from '../model/backend.js';
import { tarjan } from './kernel-js.js';

/** What every consumer of a resolution reads (per node, by node id). */
export interface ResolvedLists {
  readonly status: Int32Array;
  readonly errEdge: Int32Array;
  readonly component: Int32Array;
  readonly cyclic: Uint8Array;
  readonly listLength: Int32Array;
  readonly summaryBits: Int32Array;
  readonly derivedBase: Int32Array;
  readonly derivedRecord: Int32Array;
  /** Write node v's occurrence ids into `out[0 .. listLength[v])` (`out` is long enough). */
  fill(v: number, out: Int32Array): void;
}

/** Storage of the delta layout (see kernel-delta.ts); `chain` is scratch for `fill`. */
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

/** Arena entries (4 bytes each) above which a graph is resolved into deltas: 16 MiB of arena. */
export const ARENA_BUDGET = 1 << 22;

/** Which layout holds the lists: `auto` picks by the arena bound. */
export type ListLayout = 'auto' | 'arena' | 'delta';

/**
 * The arena result seen as ResolvedLists.
 *
 * @example arenaLists(JS_RESOLVER.resolveGraph(graph)).listLength[0]
 */
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

/**
 * An upper bound on the full arena of `graph`: each node's list is at most
 * its own items plus its includes' lists, and never more than every key.
 * O(nodes + edges); nodes on a cycle hold nothing.
 *
 * @example arenaBound(encodeCatalog(chainOf(10_000)).graph) // 50_005_000
 */
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
