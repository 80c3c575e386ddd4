/** Synchronous, once-per-thread loading of the AssemblyScript core: one `WebAssembly.Module`, shared with workers. */
import { SkillgraphError } from '../model/errors.js';
import { wasmBytes } from './assets.js';

/** The ABI this host speaks; must equal the module's `abiVersion()`. */
export const WASM_ABI_VERSION = 2;

/** The module's exports (assembly/index.ts). A call may grow memory, so views are made again after every call. */
export interface WasmExports {
  readonly memory: WebAssembly.Memory;
  abiVersion(): number;
  /** Lay out a hash batch of `count` inputs, `total` bytes; 0 when memory cannot grow. */
  hashPrepare(count: number, total: number): number;
  hashOffsets(): number;
  hashData(): number;
  hashOut(): number;
  hashRun(count: number): void;
  /** Lay out a resolve graph; 0 when memory cannot grow. */
  resolvePrepare(
    nodes: number,
    edges: number,
    own: number,
    sets: number,
    items: number,
    occ: number,
    entries: number,
    derivedCap: number,
  ): number;
  resolveRegion(id: number): number;
  /** Arena length, or -1 when memory ran out. */
  resolveRun(): number;
  resolveArenaLength(): number;
  resolveDerivedLength(): number;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled core, or null when it was not built. Compiled once per thread. */
export function compileWasm(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = wasmBytes();
    compiled = bytes ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

/** Use a module another thread compiled (from `workerData`) as this thread's; one already here is kept. */
export function adoptWasmModule(module: WebAssembly.Module | null): void {
  if (compiled === undefined && module !== null) compiled = module;
}

/** Instantiate `module` and check its ABI. */
export function instantiateWasm(module: WebAssembly.Module): WasmExports {
  const instance = new WebAssembly.Instance(module, {});
  const exports = instance.exports as unknown as WasmExports;
  const abi = exports.abiVersion();
  if (abi !== WASM_ABI_VERSION) {
    throw new SkillgraphError(
      'wasm.abi',
      `WASM core ABI ${abi} does not match host ABI ${WASM_ABI_VERSION}; rebuild with 'npm run build:wasm'`,
      {
        module: abi,
        host: WASM_ABI_VERSION,
      },
    );
  }
  return exports;
}

let instance: WasmExports | null | undefined;

/** This thread's instance, or null when the module was not built. */
export function loadWasm(): WasmExports | null {
  if (instance === undefined) {
    const module = compileWasm();
    instance = module ? instantiateWasm(module) : null;
  }
  return instance;
}
