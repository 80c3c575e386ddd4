/**
 * Issue 4 ("auto falling back to js when the module is missing") and the ABI check of
 * with no built module, `auto` runs on the JS backend for hashing and for
 * resolution, and `wasm` asked for explicitly is a `wasm.missing` error, never a crash.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/engine/wasm.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/engine/wasm.js')>()),
  loadWasm: () => null,
}));

const { hashBackendFor, resolveBackendFor, wasmBackendOrNull } = await import('../../../src/engine/backend.js');
const { resolveCatalog } = await import('../../../src/engine/resolve.js');
const { makeCatalog } = await import('../resolve/_catalog.js');

describe('backend without a built WASM module', () => {
  it('auto falls back to js for hashing and resolution', () => {
    expect(wasmBackendOrNull()).toBeNull();
    expect(resolveBackendFor('auto').name).toBe('js');
    expect(hashBackendFor('auto', [new Uint8Array(8)]).name).toBe('js');
    const catalog = makeCatalog([
      { name: 'a', includes: ['b'] },
      { name: 'b', tools: ['read_file'] },
    ]);
    const result = resolveCatalog(catalog, { backend: 'auto' });
    expect(result.stats.backend).toBe('js');
    expect(result.skills.map((s) => s.ok)).toEqual([true, true]);
  });

  it('wasm asked for explicitly is a wasm.missing error', () => {
    expect(() => resolveBackendFor('wasm')).toThrow(expect.objectContaining({ code: 'wasm.missing' }));
    expect(() => hashBackendFor('wasm')).toThrow(expect.objectContaining({ code: 'wasm.missing' }));
  });
});
