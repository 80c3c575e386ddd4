// skillgraph WASM core (AssemblyScript, no imports, no I/O).
//
// The module is instantiated once per thread, synchronously, from the built
// `build/skillgraph.wasm` (see src/engine/wasm.ts). The host checks
// `abiVersion()` before calling anything else: bump it (and
// WASM_ABI_VERSION in src/engine/wasm.ts) whenever an export's signature or
// a memory layout in sha256.ts / resolve.ts changes.
//
//   ABI 2: hashPrepare/hashOffsets/hashData/hashOut/hashRun (sha256.ts),
//          resolvePrepare/resolveRegion/resolveRun/resolveArenaLength/
//          resolveDerivedLength (resolve.ts).

export { hashData, hashOffsets, hashOut, hashPrepare, hashRun } from './sha256';
export { resolveArenaLength, resolveDerivedLength, resolvePrepare, resolveRegion, resolveRun } from './resolve';

/** ABI version checked by the loader. */
export function abiVersion(): i32 {
  return 2;
}
