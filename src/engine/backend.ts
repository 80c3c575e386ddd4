/**
 * Backend selection: `js` (node:crypto + the TypeScript resolver) and `wasm` (the AssemblyScript core).
 * `auto` falls back to `js` when the module is missing or stale. Importing this module registers the
 * WASM resolver with the resolve stage.
 */
import { JS_HASHER } from '../catalog/hasher.js';
import {
  BACKEND_NAMES,
  type Backend,
  type BackendChoice,
  type HashBackend,
  type ResolveBackend,
  type ResolveGraph,
  type ResolveKernelResult,
} from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { derivedCapacity } from '../resolve/encode.js';
import { JS_RESOLVER } from '../resolve/kernel-js.js';
import { loadWasm, type WasmExports } from './wasm.js';

/** Environment variable read when no `--backend` flag is given. */
export const BACKEND_ENV = 'SKILLGRAPH_BACKEND';

// Perf: `auto` resolves with WASM, which beat the TS resolver (same algorithm) on every graph in bench/RESULTS.md.
const AUTO_RESOLVE_WASM = true;
// Perf: `auto` hashes with node:crypto (SHA-NI), faster than the WASM SHA-256 at every size measured; the
// threshold is on a batch's average input size, and 0 never picks WASM.
const AUTO_HASH_WASM_MAX_AVG_BYTES = 0;

const HASH_CHUNK_BYTES = 16 << 20;

export function backendChoice(flag: unknown, env: Readonly<Record<string, string | undefined>> = {}): BackendChoice {
  const raw = typeof flag === 'string' ? flag : env[BACKEND_ENV];
  if (raw === undefined || raw === '') return 'auto';
  if ((BACKEND_NAMES as readonly string[]).includes(raw)) return raw as BackendChoice;
  const from = typeof flag === 'string' ? '--backend' : BACKEND_ENV;
  throw new SkillgraphError('options.invalid', `${from} must be one of ${BACKEND_NAMES.join(', ')}, got '${raw}'`, {
    field: from,
  });
}

let wasmBackend: Backend | null | undefined;

/** The WASM backend of this thread, or null when the module is missing or its ABI is stale. */
export function wasmBackendOrNull(): Backend | null {
  if (wasmBackend === undefined) {
    let exports: WasmExports | null = null;
    try {
      exports = loadWasm();
    } catch {
      exports = null;
    }
    wasmBackend = exports
      ? Object.freeze({
          name: 'wasm' as const,
          hashBatch: wasmHashBatch(exports),
          resolveGraph: wasmResolveGraph(exports),
        })
      : null;
  }
  return wasmBackend;
}

function requireWasm(): Backend {
  const wasm = wasmBackendOrNull();
  if (wasm) return wasm;
  loadWasm(); // rethrows the ABI error when that is the cause
  throw new SkillgraphError(
    'wasm.missing',
    "the WASM core is not built; run 'npm run build:wasm' or use --backend js",
    {},
  );
}

export const JS_BACKEND: Backend = Object.freeze({
  name: 'js' as const,
  hashBatch: JS_HASHER.hashBatch,
  resolveGraph: JS_RESOLVER.resolveGraph,
});

export function resolveBackendFor(choice: BackendChoice | ResolveBackend): ResolveBackend {
  if (typeof choice === 'object' && choice !== null) return choice;
  if (!(BACKEND_NAMES as readonly string[]).includes(choice)) {
    throw new SkillgraphError(
      'options.invalid',
      `backend must be one of ${BACKEND_NAMES.join(', ')}, got '${String(choice)}'`,
      { field: 'backend' },
    );
  }
  if (choice === 'js' || (choice === 'auto' && !AUTO_RESOLVE_WASM)) return JS_RESOLVER;
  const wasm = wasmBackendOrNull();
  if (wasm) return wasm;
  if (choice === 'auto') return JS_RESOLVER;
  throw new SkillgraphError(
    'wasm.missing',
    "the WASM core is not available; build it with 'npm run build:wasm' or use --backend js",
    {},
  );
}

/** The hasher for a choice and a batch (`auto` looks at the batch's average input size). */
export function hashBackendFor(choice: BackendChoice, inputs: readonly Uint8Array[] = []): HashBackend {
  if (choice === 'js') return JS_HASHER;
  if (choice === 'wasm') return requireWasm();
  let total = 0;
  for (const input of inputs) total += input.length;
  const small = inputs.length > 0 && total / inputs.length <= AUTO_HASH_WASM_MAX_AVG_BYTES;
  return (small && wasmBackendOrNull()) || JS_HASHER;
}

export function autoHasher(): HashBackend {
  return Object.freeze({
    name: 'js' as const,
    hashBatch: (inputs: readonly Uint8Array[]) => hashBackendFor('auto', inputs).hashBatch(inputs),
  });
}

function wasmHashBatch(ex: WasmExports): (inputs: readonly Uint8Array[]) => string[] {
  return (inputs) => {
    const out = new Array<string>(inputs.length);
    let i = 0;
    while (i < inputs.length) {
      // Perf: one module call per chunk, never one per input.
      let j = i;
      let total = 0;
      while (j < inputs.length && (j === i || total + inputs[j]!.length <= HASH_CHUNK_BYTES))
        total += inputs[j++]!.length;
      const count = j - i;
      if (ex.hashPrepare(count, total) !== 1)
        throw new SkillgraphError('internal', `WASM memory could not grow to hash ${total} bytes`, { bytes: total });
      const buffer = ex.memory.buffer;
      // `>>> 0`: pointers come back as signed i32 and may pass 2 GiB.
      const offsets = new Uint32Array(buffer, ex.hashOffsets() >>> 0, count + 1);
      const data = new Uint8Array(buffer, ex.hashData() >>> 0, total);
      let p = 0;
      for (let k = 0; k < count; k++) {
        const input = inputs[i + k]!;
        offsets[k] = p;
        data.set(input, p);
        p += input.length;
      }
      offsets[count] = p;
      ex.hashRun(count);
      const hex = Buffer.from(ex.memory.buffer, ex.hashOut() >>> 0, count * 32).toString('hex');
      for (let k = 0; k < count; k++) out[i + k] = hex.slice(k * 64, k * 64 + 64);
      i = j;
    }
    return out;
  };
}

/** Region ids of assembly/resolve.ts, in its layout order. */
const R = {
  edgeOffsets: 0,
  edgeTarget: 1,
  edgeOverride: 2,
  ownOffsets: 3,
  ownOcc: 4,
  ovOffsets: 5,
  ovEntry: 6,
  ovWrites: 7,
  occEntry: 8,
  occFlags: 9,
  status: 10,
  errEdge: 11,
  component: 12,
  cyclic: 13,
  listOffset: 14,
  listLength: 15,
  summaryBits: 16,
  derivedBase: 17,
  derivedRecord: 18,
  arena: 30,
} as const;

function wasmResolveGraph(ex: WasmExports): (graph: ResolveGraph) => ResolveKernelResult {
  return (g) => {
    const n = g.nodeCount;
    const cap = derivedCapacity(g);
    const ok = ex.resolvePrepare(
      n,
      g.edgeTarget.length,
      g.ownOcc.length,
      g.ovOffsets.length - 1,
      g.ovEntry.length,
      g.occCount,
      g.entryCount,
      cap,
    );
    if (ok !== 1)
      throw new SkillgraphError('internal', `WASM memory could not grow for a graph of ${n} skills`, { nodes: n });
    const put = (id: number, data: Int32Array): void =>
      new Int32Array(ex.memory.buffer, ex.resolveRegion(id) >>> 0, data.length).set(data);
    put(R.edgeOffsets, g.edgeOffsets);
    put(R.edgeTarget, g.edgeTarget);
    put(R.edgeOverride, g.edgeOverride);
    put(R.ownOffsets, g.ownOffsets);
    put(R.ownOcc, g.ownOcc);
    put(R.ovOffsets, g.ovOffsets);
    put(R.ovEntry, g.ovEntry);
    put(R.ovWrites, g.ovWrites);
    put(R.occEntry, g.occEntry);
    put(R.occFlags, g.occFlags);
    const len = ex.resolveRun();
    if (len < 0) throw new SkillgraphError('internal', `WASM memory ran out resolving ${n} skills`, { nodes: n });
    const derived = ex.resolveDerivedLength();
    // Views are made after the run: memory.grow detaches earlier ones.
    const take = (id: number, count: number): Int32Array =>
      new Int32Array(ex.memory.buffer, ex.resolveRegion(id) >>> 0, count).slice();
    return {
      status: take(R.status, n),
      errEdge: take(R.errEdge, n),
      component: take(R.component, n),
      cyclic: Uint8Array.from(take(R.cyclic, n)),
      listOffset: take(R.listOffset, n),
      listLength: take(R.listLength, n),
      summaryBits: take(R.summaryBits, n),
      arena: take(R.arena, len),
      derivedBase: take(R.derivedBase, derived),
      derivedRecord: take(R.derivedRecord, derived),
    };
  };
}
