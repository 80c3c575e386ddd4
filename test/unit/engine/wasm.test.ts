import { describe, expect, it } from 'vitest';
import { WASM_ABI_VERSION, compileWasm, instantiateWasm, loadWasm } from '../../../src/engine/wasm.js';

describe('wasm loader', () => {
  it('compiles the built module and instantiates it with a matching ABI', () => {
    const module = compileWasm();
    expect(module, 'build/skillgraph.wasm must exist (npm run build:wasm)').not.toBeNull();
    const exports = instantiateWasm(module!);
    expect(exports.abiVersion()).toBe(WASM_ABI_VERSION);
    expect(loadWasm()).not.toBeNull();
  });

  it('returns null, not a crash, when the module file is missing', () => {
    expect(compileWasm('/nonexistent/skillgraph.wasm')).toBeNull();
  });
});
