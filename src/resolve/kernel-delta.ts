// The delta kernel: as kernel-js.ts, but each list is stored as a delta against its first include,
// whose list it always starts with:  list(v) = list(base[v]) with repl[v] applied ++ app[v].
// On an include chain the full arena holds n²/2 entries, the deltas n; the working list is extended
// in place when the first include was resolved just before (always on a chain), so time stays O(n).
import { NODE_STATUS, type ResolveGraph } from '../model/backend.js';
import { FLAG_WRITES, derivedCapacity } from './encode.js';
import { tarjan } from './kernel-js.js';
import type { ListStore, ResolvedLists } from './lists.js';

class Ints {
  data = new Int32Array(256);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) this.data = grown(this.data, this.length, this.length + 1);
    this.data[this.length++] = value;
  }
}

// Perf: a top-level function, not a closure: captured, reassigned buffers slow every access.
function grown(buf: Int32Array, used: number, need: number): Int32Array<ArrayBuffer> {
  let size = Math.max(256, buf.length * 2);
  while (size < need) size *= 2;
  const next = new Int32Array(size);
  next.set(buf.subarray(0, used));
  return next;
}

/** Flag bits counted per list so summaries survive replacements (bit 0 writes, 1..4 kinds). */
const FLAG_BITS = 5;

/** Resolve every node of `graph` into deltas. */
export function resolveGraphDelta(graph: ResolveGraph): ResolvedLists {
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
  const listLength = new Int32Array(n);
  const summaryBits = new Int32Array(n);
  const base = new Int32Array(n).fill(-1);
  const replStart = new Int32Array(n);
  const replEnd = new Int32Array(n);
  const appStart = new Int32Array(n);
  const appEnd = new Int32Array(n);
  const repl = new Ints();
  const app = new Ints();
  const store: ListStore = {
    base,
    listLength,
    replStart,
    replEnd,
    appStart,
    appEnd,
    repl,
    app,
    chain: new Int32Array(n),
  };

  // `work[0..workLen)` is the list of node `workOwner`; `seen[ent] === epoch` marks its keys and
  // `pos[ent]` their positions.
  let work = new Int32Array(256);
  let workLen = 0;
  let workOwner = -1;
  let epoch = 0;
  const seen = new Int32Array(graph.entryCount);
  const pos = new Int32Array(graph.entryCount);
  const flagCount = new Int32Array(FLAG_BITS);
  const ovStamp = new Int32Array(graph.entryCount);
  const ovRecord = new Int32Array(graph.entryCount);
  // Base positions replaced while building the current node.
  let touched = new Int32Array(256);
  let original = new Int32Array(256);
  const touchedList = new Ints();
  let nodeStamp = 0;
  let baseLen = 0;
  let scratch = new Int32Array(256);

  const count = (occ: number, delta: number): void => {
    const f = occFlags[occ]!;
    for (let b = 0; b < FLAG_BITS; b++) if ((f & (1 << b)) !== 0) flagCount[b] = flagCount[b]! + delta;
  };
  const put = (p: number, occ: number): void => {
    const old = work[p]!;
    if (old === occ) return;
    if (p < baseLen && touched[p] !== nodeStamp) {
      touched[p] = nodeStamp;
      original[p] = old;
      touchedList.push(p);
    }
    count(old, -1);
    count(occ, 1);
    work[p] = occ;
  };
  const insert = (occ: number): void => {
    const ent = occEntry[occ]!;
    if (seen[ent] === epoch) {
      put(pos[ent]!, occ);
      return;
    }
    seen[ent] = epoch;
    pos[ent] = workLen;
    if (workLen === work.length) work = grown(work, workLen, workLen + 1);
    work[workLen++] = occ;
    count(occ, 1);
  };
  const derive = (occ: number, rec: number): number => {
    const w = ovWrites[rec]!;
    const id = graph.occCount + derived;
    derivedBase[derived] = occ;
    derivedRecord[derived++] = rec;
    occEntry[id] = occEntry[occ]!;
    occFlags[id] = w < 0 ? occFlags[occ]! : (occFlags[occ]! & ~FLAG_WRITES) | w;
    return id;
  };
  const restart = (t: number): void => {
    epoch++;
    flagCount.fill(0);
    workLen = t < 0 ? 0 : listLength[t]!;
    if (workLen > work.length) work = grown(work, 0, workLen);
    if (t >= 0) fillList(store, t, work);
    for (let p = 0; p < workLen; p++) {
      const occ = work[p]!;
      seen[occEntry[occ]!] = epoch;
      pos[occEntry[occ]!] = p;
      count(occ, 1);
    }
  };

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
    nodeStamp++;
    touchedList.length = 0;
    const t0 = e1 > e0 ? edgeTarget[e0]! : -1;
    // Perf: on a chain the first include is the node just resolved: extend its list in place.
    if (t0 < 0 || workOwner !== t0) restart(t0);
    baseLen = workLen;
    base[v] = t0;
    if (touched.length < baseLen) {
      touched = grown(touched, touched.length, baseLen);
      original = grown(original, original.length, baseLen);
    }
    for (let e = e0; e < e1; e++) {
      const set = edgeOverride[e]!;
      if (e === e0) {
        // The first include's keys are each in place once.
        if (set >= 0) {
          for (let i = ovOffsets[set]!; i < ovOffsets[set + 1]!; i++) {
            const ent = ovEntry[i]!;
            if (seen[ent] === epoch) put(pos[ent]!, derive(work[pos[ent]!]!, i));
          }
        }
        continue;
      }
      if (set >= 0) {
        for (let i = ovOffsets[set]!; i < ovOffsets[set + 1]!; i++) {
          ovStamp[ovEntry[i]!] = e + 1;
          ovRecord[ovEntry[i]!] = i;
        }
      }
      const t = edgeTarget[e]!;
      const len = listLength[t]!;
      if (len > scratch.length) scratch = grown(scratch, 0, len);
      fillList(store, t, scratch);
      for (let j = 0; j < len; j++) {
        const occ = scratch[j]!;
        const ent = occEntry[occ]!;
        insert(set >= 0 && ovStamp[ent] === e + 1 ? derive(occ, ovRecord[ent]!) : occ);
      }
    }
    for (let i = ownOffsets[v]!; i < ownOffsets[v + 1]!; i++) insert(ownOcc[i]!);

    replStart[v] = repl.length;
    for (let i = 0; i < touchedList.length; i++) {
      const p = touchedList.data[i]!;
      if (work[p] === original[p]) continue;
      repl.push(p);
      repl.push(work[p]!);
    }
    replEnd[v] = repl.length;
    appStart[v] = app.length;
    for (let p = baseLen; p < workLen; p++) app.push(work[p]!);
    appEnd[v] = app.length;
    listLength[v] = workLen;
    let bits = 0;
    for (let b = 0; b < FLAG_BITS; b++) if (flagCount[b]! > 0) bits |= 1 << b;
    summaryBits[v] = bits;
    workOwner = v;
  }
  return {
    status,
    errEdge,
    component,
    cyclic,
    listLength,
    summaryBits,
    derivedBase: derivedBase.slice(0, derived),
    derivedRecord: derivedRecord.slice(0, derived),
    fill: (v, out) => fillList(store, v, out),
  };
}

// Replays v's deltas from the deepest base up: O(length + replacements on the way).
function fillList(s: ListStore, v: number, out: Int32Array): void {
  let depth = 0;
  for (let u = v; u >= 0; u = s.base[u]!) s.chain[depth++] = u;
  const repl = s.repl.data;
  const app = s.app.data;
  for (let d = depth - 1; d >= 0; d--) {
    const u = s.chain[d]!;
    for (let i = s.replStart[u]!; i < s.replEnd[u]!; i += 2) out[repl[i]!] = repl[i + 1]!;
    const b = s.base[u]!;
    out.set(app.subarray(s.appStart[u]!, s.appEnd[u]!), b < 0 ? 0 : s.listLength[b]!);
  }
}
