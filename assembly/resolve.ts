// Include-graph resolution kernel: the same algorithm as the TypeScript
// reference in src/resolve/kernel-js.ts, step for step (the differential
// property tests compare every output array). Iterative Tarjan → nodes in
// reverse topological order → each acyclic node resolved once into the
// arena by copying its includes' lists (memoised), de-duplicated with stamps.
//
//   dynamic area (from __heap_base), laid out by resolvePrepare; every
//   region is an i32 array, 16-byte aligned; R_* is the region id the host
//   passes to resolveRegion(id) to find it.
//
//   ┌─ inputs (host writes) ─────────────────────────────────────────────┐
//   │ 0 edgeOffsets[n+1]  1 edgeTarget[E]   2 edgeOverride[E]             │
//   │ 3 ownOffsets[n+1]   4 ownOcc[O]       5 ovOffsets[S+1]              │
//   │ 6 ovEntry[I]        7 ovWrites[I]                                   │
//   │ 8 occEntry[occ+D]   9 occFlags[occ+D]  (host fills [0,occ); the     │
//   │                                         kernel appends derived)     │
//   ├─ outputs (host reads) ─────────────────────────────────────────────┤
//   │ 10 status[n]  11 errEdge[n]  12 component[n]  13 cyclic[n]           │
//   │ 14 listOffset[n]  15 listLength[n]  16 summaryBits[n]               │
//   │ 17 derivedBase[D]  18 derivedRecord[D]                              │
//   ├─ scratch ──────────────────────────────────────────────────────────┤
//   │ 19 index[n] 20 low[n] 21 stack[n] 22 callNode[n] 23 callEdge[n]     │
//   │ 24 order[n] 25 onStack[n] 26 seen[entries] 27 pos[entries]          │
//   │ 28 ovStamp[entries] 29 ovRecord[entries]                            │
//   ├─ arena (last, grows with memory.grow) ─────────────────────────────┤
//   │ 30 arena[...]   occurrence ids of every resolved list back to back  │
//   └────────────────────────────────────────────────────────────────────┘
//
// D (derived capacity) = Σ over edges of the edge's override-set size: an
// override can hit each key at most once per edge, because lists are deduped.

import { align16, dynamicBase, ensureMemory, ld, st } from './memory';

const REGION_COUNT = 31;
const R_ARENA = 30;
const REGIONS: usize = memory.data(REGION_COUNT * 4, 16);
const SIZES: usize = memory.data(REGION_COUNT * 4, 16);

const STATUS_OK = 0;
const STATUS_INCLUDE_FAILED = 1;
const STATUS_INCLUDE_MISSING = 2;
const STATUS_ON_CYCLE = 3;
const FLAG_WRITES = 1;

let nodeCount: i32 = 0;
let entryCount: i32 = 0;
let occCount: i32 = 0;
let arenaCap: i32 = 0;
let arenaLen: i32 = 0;
let derivedLen: i32 = 0;

@inline function region(id: i32): usize {
  return <usize>load<u32>(REGIONS + (<usize>id << 2));
}

/** Pointer of region `id` (see the layout above). */
export function resolveRegion(id: i32): usize {
  return region(id);
}

/** Lay out the regions for a graph of the given sizes; 0 when memory cannot grow. */
export function resolvePrepare(n: i32, edges: i32, own: i32, sets: i32, items: i32, occ: i32, entries: i32, derivedCap: i32): i32 {
  nodeCount = n;
  entryCount = entries;
  occCount = occ;
  // Element counts per region, written into a static table (no allocation:
  // the stub runtime's bump allocator would land inside the dynamic area).
  const counts = SIZES;
  st(counts, 0, n + 1);
  st(counts, 1, edges);
  st(counts, 2, edges);
  st(counts, 3, n + 1);
  st(counts, 4, own);
  st(counts, 5, sets + 1);
  st(counts, 6, items);
  st(counts, 7, items);
  st(counts, 8, occ + derivedCap);
  st(counts, 9, occ + derivedCap);
  for (let i = 10; i < 17; i++) st(counts, i, n);
  st(counts, 17, derivedCap);
  st(counts, 18, derivedCap);
  for (let i = 19; i < 26; i++) st(counts, i, n);
  for (let i = 26; i < 30; i++) st(counts, i, entries);
  let p = dynamicBase();
  for (let i = 0; i < R_ARENA; i++) {
    store<u32>(REGIONS + (<usize>i << 2), <u32>p);
    p = align16(p + (<usize>ld(counts, i) << 2));
  }
  store<u32>(REGIONS + (<usize>R_ARENA << 2), <u32>p);
  arenaCap = occ * 2 > 1024 ? occ * 2 : 1024;
  return ensureMemory(p + (<usize>arenaCap << 2)) ? 1 : 0;
}

/** Arena entries written by the last resolveRun. */
export function resolveArenaLength(): i32 {
  return arenaLen;
}

/** Derived occurrences created by the last resolveRun. */
export function resolveDerivedLength(): i32 {
  return derivedLen;
}

function ensureArena(need: i32): bool {
  if (need <= arenaCap) return true;
  let cap = arenaCap << 1;
  while (cap < need) cap <<= 1;
  if (!ensureMemory(region(R_ARENA) + (<usize>cap << 2))) return false;
  arenaCap = cap;
  return true;
}

/** Iterative Tarjan; fills component, cyclic and order (reverse topological). */
function tarjan(): void {
  const n = nodeCount;
  const edgeOff = region(0);
  const edgeTgt = region(1);
  const component = region(12);
  const cyclic = region(13);
  const index = region(19);
  const low = region(20);
  const stack = region(21);
  const callNode = region(22);
  const callEdge = region(23);
  const order = region(24);
  const onStack = region(25);
  memory.fill(index, 0xff, <usize>n << 2);
  memory.fill(onStack, 0, <usize>n << 2);
  memory.fill(cyclic, 0, <usize>n << 2);
  let counter = 0;
  let sp = 0;
  let csp = 0;
  let orderLen = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (ld(index, root) != -1) continue;
    st(index, root, counter);
    st(low, root, counter++);
    st(stack, sp++, root);
    st(onStack, root, 1);
    st(callNode, csp, root);
    st(callEdge, csp++, ld(edgeOff, root));
    while (csp > 0) {
      const v = ld(callNode, csp - 1);
      const e = ld(callEdge, csp - 1);
      if (e < ld(edgeOff, v + 1)) {
        st(callEdge, csp - 1, e + 1);
        const w = ld(edgeTgt, e);
        if (w < 0) continue;
        if (ld(index, w) == -1) {
          st(index, w, counter);
          st(low, w, counter++);
          st(stack, sp++, w);
          st(onStack, w, 1);
          st(callNode, csp, w);
          st(callEdge, csp++, ld(edgeOff, w));
        } else if (ld(onStack, w) == 1 && ld(index, w) < ld(low, v)) {
          st(low, v, ld(index, w));
        }
        continue;
      }
      csp--;
      if (csp > 0) {
        const u = ld(callNode, csp - 1);
        if (ld(low, v) < ld(low, u)) st(low, u, ld(low, v));
      }
      if (ld(low, v) != ld(index, v)) continue;
      const first = orderLen;
      let w: i32;
      do {
        w = ld(stack, --sp);
        st(onStack, w, 0);
        st(component, w, count);
        st(order, orderLen++, w);
      } while (w != v);
      let isCyclic = orderLen - first > 1;
      for (let k = ld(edgeOff, v); !isCyclic && k < ld(edgeOff, v + 1); k++) isCyclic = ld(edgeTgt, k) == v;
      if (isCyclic) for (let k = first; k < orderLen; k++) st(cyclic, ld(order, k), 1);
      count++;
    }
  }
}

/** Resolve every node of the prepared graph. Returns the arena length, or -1 when memory ran out. */
export function resolveRun(): i32 {
  const n = nodeCount;
  tarjan();
  const edgeOff = region(0);
  const edgeTgt = region(1);
  const edgeOv = region(2);
  const ownOff = region(3);
  const ownOcc = region(4);
  const ovOff = region(5);
  const ovEntry = region(6);
  const ovWrites = region(7);
  const occEntry = region(8);
  const occFlags = region(9);
  const status = region(10);
  const errEdge = region(11);
  const cyclic = region(13);
  const listOffset = region(14);
  const listLength = region(15);
  const summaryBits = region(16);
  const derivedBase = region(17);
  const derivedRecord = region(18);
  const order = region(24);
  const seen = region(26);
  const pos = region(27);
  const ovStamp = region(28);
  const ovRecord = region(29);
  const arena = region(R_ARENA);
  memory.fill(status, 0, <usize>n << 2);
  memory.fill(errEdge, 0xff, <usize>n << 2);
  memory.fill(listOffset, 0, <usize>n << 2);
  memory.fill(listLength, 0, <usize>n << 2);
  memory.fill(summaryBits, 0, <usize>n << 2);
  memory.fill(seen, 0, <usize>entryCount << 2);
  memory.fill(ovStamp, 0, <usize>entryCount << 2);
  arenaLen = 0;
  derivedLen = 0;
  let len = 0;
  for (let k = 0; k < n; k++) {
    const v = ld(order, k);
    if (ld(cyclic, v) == 1) {
      st(status, v, STATUS_ON_CYCLE);
      continue;
    }
    const e0 = ld(edgeOff, v);
    const e1 = ld(edgeOff, v + 1);
    let failed = false;
    for (let e = e0; e < e1; e++) {
      const t = ld(edgeTgt, e);
      if (t < 0 || ld(status, t) != STATUS_OK) {
        st(status, v, t < 0 ? STATUS_INCLUDE_MISSING : STATUS_INCLUDE_FAILED);
        st(errEdge, v, e);
        failed = true;
        break;
      }
    }
    if (failed) continue;
    const stamp = v + 1;
    const start = len;
    for (let e = e0; e < e1; e++) {
      const t = ld(edgeTgt, e);
      const set = ld(edgeOv, e);
      if (set >= 0) {
        for (let i = ld(ovOff, set); i < ld(ovOff, set + 1); i++) {
          st(ovStamp, ld(ovEntry, i), e + 1);
          st(ovRecord, ld(ovEntry, i), i);
        }
      }
      const from = ld(listOffset, t);
      const count = ld(listLength, t);
      if (!ensureArena(len + count)) return -1;
      for (let j = 0; j < count; j++) {
        let occ = ld(arena, from + j);
        const ent = ld(occEntry, occ);
        if (set >= 0 && ld(ovStamp, ent) == e + 1) {
          const rec = ld(ovRecord, ent);
          const w = ld(ovWrites, rec);
          const id = occCount + derivedLen;
          st(derivedBase, derivedLen, occ);
          st(derivedRecord, derivedLen++, rec);
          st(occEntry, id, ent);
          st(occFlags, id, w < 0 ? ld(occFlags, occ) : (ld(occFlags, occ) & ~FLAG_WRITES) | w);
          occ = id;
        }
        if (ld(seen, ent) == stamp) st(arena, ld(pos, ent), occ);
        else {
          st(seen, ent, stamp);
          st(pos, ent, len);
          st(arena, len++, occ);
        }
      }
    }
    const o1 = ld(ownOff, v + 1);
    if (!ensureArena(len + o1 - ld(ownOff, v))) return -1;
    for (let i = ld(ownOff, v); i < o1; i++) {
      const occ = ld(ownOcc, i);
      const ent = ld(occEntry, occ);
      if (ld(seen, ent) == stamp) st(arena, ld(pos, ent), occ);
      else {
        st(seen, ent, stamp);
        st(pos, ent, len);
        st(arena, len++, occ);
      }
    }
    let bits = 0;
    for (let j = start; j < len; j++) bits |= ld(occFlags, ld(arena, j));
    st(listOffset, v, start);
    st(listLength, v, len - start);
    st(summaryBits, v, bits);
  }
  arenaLen = len;
  return len;
}
