/** assets.ts as the package build uses it (scripts/bundle.mjs swaps it in): the WASM core and the stamp inline. */
import { join } from 'node:path';

declare const SKILLGRAPH_WASM_BASE64: string;
declare const SKILLGRAPH_CODE_STAMP: string;

export function wasmBytes(): BufferSource | null {
  return Buffer.from(SKILLGRAPH_WASM_BASE64, 'base64');
}

/** dist/worker.cjs; undefined once another bundler has moved this code where there is no __dirname. */
export function defaultWorkerEntry(): string | undefined {
  return typeof __dirname === 'string' ? join(__dirname, 'worker.cjs') : undefined;
}

export function codeStamp(): string {
  return SKILLGRAPH_CODE_STAMP;
}
