// Both operations take and return flat typed arrays, so the WASM core and the TypeScript reference see the same
// data and the differential tests compare them array for array.

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
 * The include graph in CSR form. Nodes, entries (interned keys) and occurrences (one metadata record of one
 * entry) have dense ids from 0.
 */
export interface ResolveGraph {
  readonly nodeCount: number;
  readonly entryCount: number;
  readonly occCount: number;
  /** Includes of node n: `edgeTarget[edgeOffsets[n] .. edgeOffsets[n+1])`, in declaration order. */
  readonly edgeOffsets: Int32Array;
  /** -1 for an include of an unknown skill. */
  readonly edgeTarget: Int32Array;
  /** -1 when the edge has no override set. */
  readonly edgeOverride: Int32Array;
  /** Own occurrences of node n, in resolution order: `ownOcc[ownOffsets[n] .. ownOffsets[n+1])`. */
  readonly ownOffsets: Int32Array;
  readonly ownOcc: Int32Array;
  /** Override set s: `(ovEntry[i], ovWrites[i])` for i in `ovOffsets[s] .. ovOffsets[s+1]`; record id = i. */
  readonly ovOffsets: Int32Array;
  readonly ovEntry: Int32Array;
  /** -1 keep, 0 force read-only, 1 force writes. */
  readonly ovWrites: Int32Array;
  readonly occEntry: Int32Array;
  /** Bit 0 = writes, bits 1..4 = kind (tool_ref, inline, mcp, agent_skill). */
  readonly occFlags: Int32Array;
}

export const NODE_STATUS = Object.freeze({
  ok: 0,
  includeFailed: 1,
  includeMissing: 2,
  onCycle: 3,
} as const);

/** Occurrence ids `>= graph.occCount` are derived: base `derivedBase[d]` with override record `derivedRecord[d]`. */
export interface ResolveKernelResult {
  readonly status: Int32Array;
  readonly errEdge: Int32Array;
  /** SCC id per node, numbered in reverse topological order (includes first). */
  readonly component: Int32Array;
  /** 1 when the node's SCC has a cycle (size > 1 or a self include). */
  readonly cyclic: Uint8Array;
  readonly listOffset: Int32Array;
  readonly listLength: Int32Array;
  /** OR of the flags of the node's final entries. */
  readonly summaryBits: Int32Array;
  /** Occurrence ids of every resolved list, back to back. */
  readonly arena: Int32Array;
  readonly derivedBase: Int32Array;
  readonly derivedRecord: Int32Array;
}

export interface ResolveBackend {
  readonly name: BackendName;
  resolveGraph(graph: ResolveGraph): ResolveKernelResult;
}

export interface Backend extends HashBackend, ResolveBackend {}
