/**
 * Pluggable compute backends (STYLE 9): `wasm` (AssemblyScript core) and `js`
 * (node:crypto + the TypeScript reference resolver). `auto` picks per
 * operation by measured speed; `--json` stats say which one ran.
 */

export const BACKEND_NAMES = ['auto', 'wasm', 'js'] as const;
export type BackendChoice = (typeof BACKEND_NAMES)[number];

export interface HashBackend {
  readonly name: 'wasm' | 'js';
  /** SHA-256 of each input, as lower-case hex, in input order. */
  hashBatch(inputs: readonly Uint8Array[]): string[];
}
