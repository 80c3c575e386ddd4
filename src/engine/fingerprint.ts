/** One fingerprint of the whole code for every store: a rule that decides a stored value may live in any stage. */
import { JS_HASHER } from '../catalog/hasher.js';
import { VERSION } from '../model/version.js';
import { codeStamp } from './assets.js';
import { wasmBackendOrNull } from './backend.js';

let codeFingerprint: string | undefined;

/**
 * SHA-256 hex of `text`'s UTF-8 (a text with a lone surrogate: 0xFF then its UTF-16LE units), by the WASM core
 * when it loads, else node:crypto. Perf: a warm start then never loads node:crypto.
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

/** The code's fingerprint: its stamp (engine/assets.ts), the version and the Node version. Once per process. */
export function wholeCodeFingerprint(): string {
  return (codeFingerprint ??= storeDigest(`${VERSION}\u0000${process.version}\u0000${codeStamp()}`));
}
