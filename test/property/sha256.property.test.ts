/**
 * The WASM SHA-256 against node:crypto as the oracle: the padding
 * boundaries (55/56/63/64/65 bytes), empty input, large inputs and many
 * inputs per batch.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JS_HASHER } from '../../src/catalog/hasher.js';
import { wasmBackendOrNull } from '../../src/engine/backend.js';

const oracle = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const wasm = wasmBackendOrNull();
const BOUNDARIES = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 4096];

describe('WASM SHA-256 equals node:crypto', () => {
  it('matches the FIPS 180-4 examples', () => {
    const enc = new TextEncoder();
    expect(wasm!.hashBatch([enc.encode('abc'), enc.encode('')])).toEqual([
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ]);
  });

  it('matches at every padding boundary', () => {
    const inputs = BOUNDARIES.map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff));
    expect(wasm!.hashBatch(inputs)).toEqual(inputs.map(oracle));
  });

  it('matches on random batches of random sizes', () => {
    const size = fc.oneof(
      fc.constantFrom(...BOUNDARIES),
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 70_000 }),
    );
    const input = size.chain((n) => fc.uint8Array({ minLength: n, maxLength: n }));
    fc.assert(
      fc.property(fc.array(input, { maxLength: 40 }), (inputs) => {
        expect(wasm!.hashBatch(inputs)).toEqual(inputs.map(oracle));
      }),
      { numRuns: 60 },
    );
  });

  it('hashes many inputs in one batch, and a batch larger than one module chunk', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      Uint8Array.from({ length: i % 200 }, (_, j) => (i + j) & 0xff),
    );
    expect(wasm!.hashBatch(many)).toEqual(JS_HASHER.hashBatch(many));
    const big = Array.from({ length: 3 }, (_, i) => new Uint8Array(9 << 20).fill(i + 1));
    expect(wasm!.hashBatch(big)).toEqual(big.map(oracle));
  });

  it('returns an empty list for an empty batch', () => {
    expect(wasm!.hashBatch([])).toEqual([]);
  });
});
