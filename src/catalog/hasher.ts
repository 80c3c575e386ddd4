import * as nodeCrypto from 'node:crypto';
import type { HashBackend } from '../model/backend.js';

// Perf: `crypto.hash` (Node ≥ 20.12) skips the Hash object. Chosen by version so importing loads no node:crypto.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const sha256Hex: (data: Uint8Array) => string =
  major > 20 || (major === 20 && minor >= 12)
    ? (data) => nodeCrypto.hash('sha256', data, 'hex')
    : (data) => nodeCrypto.createHash('sha256').update(data).digest('hex');

/** node:crypto SHA-256, lower-case hex per input, in input order. */
export const JS_HASHER: HashBackend = Object.freeze({
  name: 'js' as const,
  hashBatch(inputs: readonly Uint8Array[]): string[] {
    const out = new Array<string>(inputs.length);
    for (let i = 0; i < inputs.length; i++) out[i] = sha256Hex(inputs[i]!);
    return out;
  },
});
