import { describe, expect, it } from 'vitest';
import {
  BACKEND_ENV,
  JS_BACKEND,
  backendChoice,
  hashBackendFor,
  resolveBackendFor,
  wasmBackendOrNull,
} from '../../../src/engine/backend.js';
import { WASM_ABI_VERSION, loadWasm } from '../../../src/engine/wasm.js';
import { encodeCatalog, pickResolver } from '../../../src/resolve/index.js';
import { makeCatalog } from '../resolve/_catalog.js';

describe('backend selection', () => {
  it('reads --backend first, then SKILLGRAPH_BACKEND, else auto', () => {
    expect(backendChoice(undefined, {})).toBe('auto');
    expect(backendChoice(undefined, { [BACKEND_ENV]: 'js' })).toBe('js');
    expect(backendChoice('wasm', { [BACKEND_ENV]: 'js' })).toBe('wasm');
    expect(() => backendChoice('gpu', {})).toThrow(/--backend must be one of auto, wasm, js/);
    expect(() => backendChoice(undefined, { [BACKEND_ENV]: 'fast' })).toThrow(/SKILLGRAPH_BACKEND/);
  });

  it('resolves each choice to a running backend', () => {
    expect(resolveBackendFor('js').name).toBe('js');
    expect(resolveBackendFor('wasm').name).toBe('wasm');
    expect(['js', 'wasm']).toContain(resolveBackendFor('auto').name);
    expect(hashBackendFor('js').name).toBe('js');
    expect(hashBackendFor('wasm').name).toBe('wasm');
    expect(pickResolver(JS_BACKEND)).toBe(JS_BACKEND);
  });

  it('loads the module once with the host ABI', () => {
    expect(loadWasm()?.abiVersion()).toBe(WASM_ABI_VERSION);
    expect(wasmBackendOrNull()).toBe(wasmBackendOrNull());
  });
});

describe('WASM resolve kernel', () => {
  it('returns the same arrays as the JS kernel, and survives reuse with smaller graphs', () => {
    const big = makeCatalog(
      Array.from({ length: 300 }, (_, i) => ({
        name: `s${i}`,
        includes: i > 0 ? [`s${i - 1}`, { skill: `s${Math.floor(i / 2)}`, overrides: { t0: { writes: true } } }] : [],
        tools: [`t${i % 7}`],
      })),
    );
    const small = makeCatalog([
      { name: 'a', includes: ['b', 'ghost'] },
      { name: 'b', includes: ['a'] },
      { name: 'c', tools: ['x'] },
    ]);
    const wasm = wasmBackendOrNull()!;
    for (const cat of [big, small, big]) {
      const graph = encodeCatalog(cat).graph;
      expect(wasm.resolveGraph(graph)).toEqual(JS_BACKEND.resolveGraph(graph));
    }
  });

  it('handles an empty graph', () => {
    const graph = encodeCatalog(makeCatalog([])).graph;
    expect(wasmBackendOrNull()!.resolveGraph(graph)).toEqual(JS_BACKEND.resolveGraph(graph));
  });
});
