import { describe, expect, it, vi } from 'vitest';
import { wasmBytes } from '../../../src/engine/assets.js';
import { WASM_ABI_VERSION, compileWasm, instantiateWasm, loadWasm } from '../../../src/engine/wasm.js';

describe('wasm loader', () => {
  it('compiles the built module and instantiates it with a matching ABI', () => {
    const module = compileWasm();
    expect(module, 'build/skillgraph.wasm must exist (npm run build:wasm)').not.toBeNull();
    const exports = instantiateWasm(module!);
    expect(exports.abiVersion()).toBe(WASM_ABI_VERSION);
    expect(loadWasm()).not.toBeNull();
  });

  it('refuses a module whose ABI version differs from the host (wasm.abi)', () => {
    // A hand-assembled module: one function `abiVersion` returning i32 999.
    // prettier-ignore
    const bytes = new Uint8Array([
      0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
      0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, // type: () -> i32
      0x03, 0x02, 0x01, 0x00, // function 0 has type 0
      0x07, 0x0e, 0x01, 0x0a, ...new TextEncoder().encode('abiVersion'), 0x00, 0x00, // export func 0
      0x0a, 0x07, 0x01, 0x05, 0x00, 0x41, 0xe7, 0x07, 0x0b, // body: i32.const 999
    ]);
    expect(WASM_ABI_VERSION).not.toBe(999);
    expect(() => instantiateWasm(new WebAssembly.Module(bytes))).toThrow(
      expect.objectContaining({ code: 'wasm.abi', details: { module: 999, host: WASM_ABI_VERSION } }),
    );
  });
});

describe('adoptWasmModule', () => {
  it('makes a module compiled by another thread this thread’s module, and never replaces one', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/engine/wasm.js');
    const received = new WebAssembly.Module(wasmBytes()!);
    fresh.adoptWasmModule(received);
    expect(fresh.compileWasm()).toBe(received); // no second read + compile
    fresh.adoptWasmModule(new WebAssembly.Module(wasmBytes()!));
    expect(fresh.compileWasm()).toBe(received);
    expect(fresh.loadWasm()?.abiVersion()).toBe(fresh.WASM_ABI_VERSION);
  });
});
