/**
 * The default hash backend: SHA-256 from `node:crypto`. Every digest in the
 * catalog goes through `HashBackend.hashBatch`, so the WASM backend can be
 * swapped in without touching callers.
 */
import * as nodeCrypto from 'node:crypto';
import type { HashBackend } from '../model/backend.js';

// Perf: `crypto.hash` (Node ≥ 20.12) is a one-shot call that skips the Hash
// object; it is ~1.5–2× faster for the small inputs a catalog hashes. Decided
// by the Node version rather than by looking at the module, so that loading
// this one does not load node:crypto (the bundles load it on first call).
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const sha256Hex: (data: Uint8Array) => string =
  major > 20 || (major === 20 && minor >= 12)
    ? (data) => nodeCrypto.hash('sha256', data, 'hex')
    : (data) => nodeCrypto.createHash('sha256').update(data).digest('hex');

/**
 * node:crypto SHA-256, lower-case hex per input, in input order.
 *
 * @example JS_HASHER.hashBatch([new TextEncoder().encode('abc')])[0] // 'ba7816bf…'
 */
export const JS_HASHER: HashBackend = Object.freeze({
  name: 'js' as const,
  hashBatch(inputs: readonly Uint8Array[]): string[] {
    const out = new Array<string>(inputs.length);
    for (let i = 0; i < inputs.length; i++) out[i] = sha256Hex(inputs[i]!);
    return out;
  },
});
