// One report per cyclic component (not per affected skill), with a shortest cycle through its first member.
import type { ResolveKernelResult } from '../model/backend.js';
import { cmp } from '../model/diagnostics.js';
import type { EncodedCatalog } from './encode.js';

export interface CycleReport {
  readonly skills: readonly string[];
  /** `[a, b, …, a]`. */
  readonly path: readonly string[];
}

/** Every cyclic SCC of an encoded, resolved graph, sorted by first member. */
export function reportCycles(
  enc: EncodedCatalog,
  res: Pick<ResolveKernelResult, 'component' | 'cyclic'>,
): CycleReport[] {
  const g = enc.graph;
  const n = g.nodeCount;
  const members = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    if (res.cyclic[v] !== 1) continue;
    const c = res.component[v]!;
    const list = members.get(c);
    if (list) list.push(v);
    else members.set(c, [v]);
  }
  const parent = new Int32Array(n).fill(-1);
  const mark = new Int32Array(n);
  const queue = new Int32Array(n);
  const reports: CycleReport[] = [];
  let stamp = 0;
  for (const [comp, nodes] of members) {
    stamp++;
    nodes.sort((a, b) => cmp(enc.labels[a]!, enc.labels[b]!) || a - b);
    const start = nodes[0]!;
    // BFS inside the component until an edge returns to `start`.
    let head = 0;
    let tailIdx = 0;
    queue[tailIdx++] = start;
    mark[start] = stamp;
    let closing = -1;
    while (head < tailIdx && closing < 0) {
      const v = queue[head++]!;
      for (let e = g.edgeOffsets[v]!; e < g.edgeOffsets[v + 1]!; e++) {
        const t = g.edgeTarget[e]!;
        if (t < 0 || res.component[t] !== comp) continue;
        if (t === start) {
          closing = v;
          break;
        }
        if (mark[t] !== stamp) {
          mark[t] = stamp;
          parent[t] = v;
          queue[tailIdx++] = t;
        }
      }
    }
    const back: number[] = [start];
    for (let v = closing; v !== start; v = parent[v]!) back.push(v);
    back.push(start);
    back.reverse();
    reports.push({ skills: nodes.map((v) => enc.labels[v]!).sort(cmp), path: back.map((v) => enc.labels[v]!) });
  }
  return reports.sort((a, b) => cmp(a.path[0]!, b.path[0]!) || cmp(a.path.join('\n'), b.path.join('\n')));
}
