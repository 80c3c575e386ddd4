/**
 * Synchronous, once-per-thread loading of the AssemblyScript core: compile
 * its bytes (engine/assets.ts) into one `WebAssembly.Module`, shareable with
 * workers through `workerData`, instantiate it, check the ABI version.
 */
import { SkillgraphError } from '../model/errors.js';
import { wasmBytes } from './assets.js';

/** The ABI this host speaks; must equal the module's `abiVersion()`. */
export const WASM_ABI_VERSION = 2;

/**
 * Typed view of the module's exports (assembly/index.ts). Pointers are byte
 * offsets into `memory`; a call may grow memory, so views are re-created
 * after every call rather than cached.
 */
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

/**
 * The compiled core, or null when it was not built. Compiled once per thread.
 *
 * @example new Worker(file, { workerData: { wasm: compileWasm() } })
 */
export function compileWasm(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = wasmBytes();
    compiled = bytes ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

/**
 * Use a module compiled by another thread (received through `workerData`) as
 * this thread's, so a worker never reads and compiles the file again. A
 * module already compiled or adopted here is kept.
 *
 * @example adoptWasmModule(workerData.wasmModule)
 */
export function adoptWasmModule(module: WebAssembly.Module | null): void {
  if (compiled === undefined && module !== null) compiled = module;
}

/**
 * Instantiate `module` (e.g. received through workerData) and check its ABI.
 *
 * @example const exports = instantiateWasm(workerData.wasm)
 */
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

/**
 * This thread's instance, or null when the module was not built.
 *
 * @example loadWasm()?.abiVersion() // WASM_ABI_VERSION
 */
export function loadWasm(): WasmExports | null {
  if (instance === undefined) {
    const module = compileWasm();
    instance = module ? instantiateWasm(module) : null;
  }
  return instance;
}
