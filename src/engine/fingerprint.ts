/**
 * One fingerprint of the whole code, shared by every cache layer (parse
 * cache, folder memo, run memo): a cache must never serve what the code
 * running now would not produce, and a rule that decides a cached value may
 * live in any stage (the walk's skip rules, the digest label, the parser).
 */
import { JS_HASHER } from '../catalog/hasher.js';
import { VERSION } from '../model/version.js';
import { codeStamp } from './assets.js';
import { wasmBackendOrNull } from './backend.js';

let codeFingerprint: string | undefined;

/**
 * SHA-256 of `text` as lower-case hex, for the store's keys and the code
 * fingerprint: the WASM core's when it loads, else node:crypto's — the same
 * digest either way. Over its UTF-8 bytes; a text with a lone surrogate
 * (which UTF-8 cannot carry: it would hash as U+FFFD) over 0xFF and its
 * UTF-16LE units instead — no UTF-8 text starts with 0xFF, so two texts never
 * share their bytes.
 * Perf: a warm start that answers from the store hashes only these few short
 * texts; loading node:crypto for them took ~6 ms of a fresh process (it
 * loads the streams code), compiling the 4 KB WASM module well under 1 ms.
 *
 * @example storeDigest('abc') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function storeDigest(text: string): string {
  const bytes = LONE_SURROGATE.test(text)
    ? Buffer.concat([Buffer.of(0xff), Buffer.from(text, 'utf16le')])
    : Buffer.from(text, 'utf8');
  try {
    const wasm = wasmBackendOrNull();
    if (wasm !== null) return wasm.hashBatch([bytes])[0]!;
  } catch {
    // a module that fails to load or to hash: node:crypto gives the same digest
  }
  return JS_HASHER.hashBatch([bytes])[0]!;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The code's fingerprint: its stamp (engine/assets.ts: the bundle's own hash
 * in a built package, every source file's size and time under src/), the
 * version and the Node version. Computed once per process.
 *
 * @example wholeCodeFingerprint().length // 64
 */
export function wholeCodeFingerprint(): string {
  return (codeFingerprint ??= storeDigest(`${VERSION}\u0000${process.version}\u0000${codeStamp()}`));
}
