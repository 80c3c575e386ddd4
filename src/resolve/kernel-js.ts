// The reference kernel: Tarjan, then every node once in reverse topological order into one arena.
// assembly/resolve.ts runs the same steps (property tests compare them); no recursion anywhere.
import { NODE_STATUS, type ResolveBackend, type ResolveGraph, type ResolveKernelResult } from '../model/backend.js';
import { FLAG_WRITES, derivedCapacity } from './encode.js';

export interface Components {
  readonly component: Int32Array;
  readonly cyclic: Uint8Array;
  /** Every SCC after all SCCs it includes. */
  readonly order: Int32Array;
  readonly count: number;
}

/** Iterative Tarjan over `edgeOffsets`/`edgeTarget` (targets < 0 are ignored). */
export function tarjan(n: number, edgeOffsets: Int32Array, edgeTarget: Int32Array): Components {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callNode = new Int32Array(n);
  const callEdge = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const cyclic = new Uint8Array(n);
  const order = new Int32Array(n);
  let counter = 0;
  let sp = 0;
  let csp = 0;
  let orderLen = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    callNode[csp] = root;
    callEdge[csp++] = edgeOffsets[root]!;
    while (csp > 0) {
      const v = callNode[csp - 1]!;
      const e = callEdge[csp - 1]!;
      if (e < edgeOffsets[v + 1]!) {
        callEdge[csp - 1] = e + 1;
        const w = edgeTarget[e]!;
        if (w < 0) continue;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          callNode[csp] = w;
          callEdge[csp++] = edgeOffsets[w]!;
        } else if (onStack[w] === 1 && index[w]! < low[v]!) {
          low[v] = index[w]!;
        }
        continue;
      }
      csp--;
      if (csp > 0) {
        const u = callNode[csp - 1]!;
        if (low[v]! < low[u]!) low[u] = low[v]!;
      }
      if (low[v] !== index[v]) continue;
      const first = orderLen;
      let w: number;
      do {
        w = stack[--sp]!;
        onStack[w] = 0;
        component[w] = count;
        order[orderLen++] = w;
      } while (w !== v);
      let isCyclic = orderLen - first > 1;
      for (let k = edgeOffsets[v]!; !isCyclic && k < edgeOffsets[v + 1]!; k++) isCyclic = edgeTarget[k] === v;
      if (isCyclic) for (let k = first; k < orderLen; k++) cyclic[order[k]!] = 1;
      count++;
    }
  }
  return { component, cyclic, order, count };
}

/** Resolve every node of `graph` (the `js` backend's kernel). */
export function resolveGraphJs(graph: ResolveGraph): ResolveKernelResult {
  const n = graph.nodeCount;
  const { edgeOffsets, edgeTarget, edgeOverride, ownOffsets, ownOcc, ovOffsets, ovEntry, ovWrites } = graph;
  const { component, cyclic, order } = tarjan(n, edgeOffsets, edgeTarget);
  const cap = derivedCapacity(graph);
  const occEntry = new Int32Array(graph.occCount + cap);
  occEntry.set(graph.occEntry);
  const occFlags = new Int32Array(graph.occCount + cap);
  occFlags.set(graph.occFlags);
  const derivedBase = new Int32Array(cap);
  const derivedRecord = new Int32Array(cap);
  let derived = 0;

  const status = new Int32Array(n);
  const errEdge = new Int32Array(n).fill(-1);
  const listOffset = new Int32Array(n);
  const listLength = new Int32Array(n);
  const summaryBits = new Int32Array(n);
  // Perf: stamps instead of per-node Sets; `seen[e] === stamp` means "in the list being built".
  const seen = new Int32Array(graph.entryCount);
  const pos = new Int32Array(graph.entryCount);
  const ovStamp = new Int32Array(graph.entryCount);
  const ovRecord = new Int32Array(graph.entryCount);
  let arena: Int32Array = new Int32Array(Math.max(1024, graph.occCount * 2));
  let len = 0;

  for (let k = 0; k < n; k++) {
    const v = order[k]!;
    if (cyclic[v] === 1) {
      status[v] = NODE_STATUS.onCycle;
      continue;
    }
    const e0 = edgeOffsets[v]!;
    const e1 = edgeOffsets[v + 1]!;
    for (let e = e0; e < e1; e++) {
      const t = edgeTarget[e]!;
      if (t < 0 || status[t] !== NODE_STATUS.ok) {
        status[v] = t < 0 ? NODE_STATUS.includeMissing : NODE_STATUS.includeFailed;
        errEdge[v] = e;
        break;
      }
    }
    if (status[v] !== NODE_STATUS.ok) continue;
    const stamp = v + 1;
    const start = len;
    for (let e = e0; e < e1; e++) {
      const t = edgeTarget[e]!;
      const set = edgeOverride[e]!;
      if (set >= 0) {
        for (let i = ovOffsets[set]!; i < ovOffsets[set + 1]!; i++) {
          ovStamp[ovEntry[i]!] = e + 1;
          ovRecord[ovEntry[i]!] = i;
        }
      }
      const from = listOffset[t]!;
      const count = listLength[t]!;
      if (len + count > arena.length) arena = grow(arena, len, len + count);
      for (let j = 0; j < count; j++) {
        let occ = arena[from + j]!;
        const ent = occEntry[occ]!;
        if (set >= 0 && ovStamp[ent] === e + 1) {
          const rec = ovRecord[ent]!;
          const w = ovWrites[rec]!;
          const id = graph.occCount + derived;
          derivedBase[derived] = occ;
          derivedRecord[derived++] = rec;
          occEntry[id] = ent;
          occFlags[id] = w < 0 ? occFlags[occ]! : (occFlags[occ]! & ~FLAG_WRITES) | w;
          occ = id;
        }
        if (seen[ent] === stamp) arena[pos[ent]!] = occ;
        else {
          seen[ent] = stamp;
          pos[ent] = len;
          arena[len++] = occ;
        }
      }
    }
    const o1 = ownOffsets[v + 1]!;
    if (len + o1 - ownOffsets[v]! > arena.length) arena = grow(arena, len, len + o1 - ownOffsets[v]!);
    for (let i = ownOffsets[v]!; i < o1; i++) {
      const occ = ownOcc[i]!;
      const ent = occEntry[occ]!;
      if (seen[ent] === stamp) arena[pos[ent]!] = occ;
      else {
        seen[ent] = stamp;
        pos[ent] = len;
        arena[len++] = occ;
      }
    }
    let bits = 0;
    for (let j = start; j < len; j++) bits |= occFlags[arena[j]!]!;
    listOffset[v] = start;
    listLength[v] = len - start;
    summaryBits[v] = bits;
  }
  return {
    status,
    errEdge,
    component,
    cyclic,
    listOffset,
    listLength,
    summaryBits,
    arena: arena.subarray(0, len),
    derivedBase: derivedBase.slice(0, derived),
    derivedRecord: derivedRecord.slice(0, derived),
  };
}

// Perf: top-level, not a closure: a captured, reassigned `arena` would slow every access in the hot loop.
function grow(arena: Int32Array, used: number, need: number): Int32Array {
  let size = arena.length * 2;
  while (size < need) size *= 2;
  const next = new Int32Array(size);
  next.set(arena.subarray(0, used));
  return next;
}

/** The `js` resolve backend. */
export const JS_RESOLVER: ResolveBackend = Object.freeze({ name: 'js', resolveGraph: resolveGraphJs });
