// skillgraph WASM core (AssemblyScript, no imports, no I/O).
//
// The module is instantiated once per thread, synchronously, from the built
// `build/skillgraph.wasm` (see src/engine/wasm.ts). The host checks
// `abiVersion()` before calling anything else: bump it whenever an export's
// signature or a memory layout below changes.

/** ABI version checked by the loader. */
export function abiVersion(): i32 {
  return 1;
}
