/**
 * Pluggable compute backends: `wasm` (AssemblyScript core) and `js`
 * (node:crypto + the TypeScript reference resolver). `auto` picks per
 * operation by measured speed; `--json` stats say which one ran.
 *
 * Both operations take and return flat typed arrays so that the WASM core
 * and the TypeScript reference see exactly the same data (the differential
 * property tests compare their outputs array for array).
 */

export const BACKEND_NAMES = ['auto', 'wasm', 'js'] as const;
export type BackendChoice = (typeof BACKEND_NAMES)[number];

/** A backend that actually runs (never `auto`). */
export type BackendName = Exclude<BackendChoice, 'auto'>;

export interface HashBackend {
  readonly name: BackendName;
  /** SHA-256 of each input, as lower-case hex, in input order. */
  hashBatch(inputs: readonly Uint8Array[]): string[];
}

/**
 * The catalog's include graph in CSR form (built by `src/resolve/encode.ts`).
 * Node ids are dense `0..nodeCount-1`; entry ids (interned keys) are dense
 * `0..entryCount-1`; occurrence ids `0..occCount-1` name one metadata record
 * of one entry (`occEntry[occ]` is its entry id).
 */
export interface ResolveGraph {
  readonly nodeCount: number;
  readonly entryCount: number;
  readonly occCount: number;
  /** Includes of node n: `edgeTarget[edgeOffsets[n] .. edgeOffsets[n+1])`, in declaration order. */
  readonly edgeOffsets: Int32Array;
  /** Target node id, or -1 for an include of an unknown skill. */
  readonly edgeTarget: Int32Array;
  /** Override set id of the edge, or -1 when it has none. */
  readonly edgeOverride: Int32Array;
  /**
   * Own occurrences of node n (tools, inline, mcp, agent skills, in resolution order):
   * `ownOcc[ownOffsets[n] .. ownOffsets[n+1])`.
   */
  readonly ownOffsets: Int32Array;
  readonly ownOcc: Int32Array;
  /** Override set s: `(ovEntry[i], ovWrites[i])` for i in `ovOffsets[s] .. ovOffsets[s+1]`; record id = i. */
  readonly ovOffsets: Int32Array;
  readonly ovEntry: Int32Array;
  /** -1 keep, 0 force read-only, 1 force writes. */
  readonly ovWrites: Int32Array;
  /** Entry id of each base occurrence. */
  readonly occEntry: Int32Array;
  /** Bit 0 = writes, bits 1..4 = kind (tool_ref, inline, mcp, agent_skill). */
  readonly occFlags: Int32Array;
}

/** Per-node outcome of the kernel. */
export const NODE_STATUS = Object.freeze({
  ok: 0,
  /** An include resolved to a failed node (`errEdge`). */
  includeFailed: 1,
  /** An include names an unknown skill (`errEdge`). */
  includeMissing: 2,
  /** The node lies on a strongly connected component with a cycle. */
  onCycle: 3,
} as const);

/**
 * What a resolution kernel returns. Occurrence ids `>= graph.occCount` are
 * derived: `occCount + d` is base occurrence `derivedBase[d]` with override
 * record `derivedRecord[d]` applied.
 */
export interface ResolveKernelResult {
  readonly status: Int32Array;
  readonly errEdge: Int32Array;
  /** SCC id per node; SCCs are numbered in reverse topological order (includes first). */
  readonly component: Int32Array;
  /** 1 when the node's SCC has a cycle (size > 1 or a self include). */
  readonly cyclic: Uint8Array;
  readonly listOffset: Int32Array;
  readonly listLength: Int32Array;
  /** OR of the flags of the node's final entries (bit 0 writes, bits 1..4 kinds). */
  readonly summaryBits: Int32Array;
  /** Occurrence ids of every resolved list, back to back. */
  readonly arena: Int32Array;
  readonly derivedBase: Int32Array;
  readonly derivedRecord: Int32Array;
}

export interface ResolveBackend {
  readonly name: BackendName;
  /** Resolve every node of `graph` (memoised, topological). */
  resolveGraph(graph: ResolveGraph): ResolveKernelResult;
}

/** Both operations of one backend. */
export interface Backend extends HashBackend, ResolveBackend {}
