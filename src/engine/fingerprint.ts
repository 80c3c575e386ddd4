/**
 * One fingerprint of the whole code, shared by every cache layer (parse
 * cache, folder memo, run memo): a cache must never serve what the code
 * running now would not produce, and a rule that decides a cached value may
 * live in any stage (the walk's skip rules, the digest label, the parser).
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JS_HASHER } from '../catalog/hasher.js';
import { VERSION } from '../model/version.js';
import { wasmBackendOrNull } from './backend.js';

let codeFingerprint: string | undefined;

/** The folders of dist/ that hold code (scripts/bundle.mjs writes them), sorted. */
export const BUNDLE_FOLDERS: readonly string[] = ['bin', 'internals', 'lib', 'vendor'];

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
  const bytes = LONE_SURROGATE.test(text) ? Buffer.concat([Buffer.of(0xff), Buffer.from(text, 'utf16le')]) : Buffer.from(text, 'utf8');
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
 * Size and mtime of every file of skillgraph's code (below the folder above
 * this module's: the bundles' folders of `dist/` when built, all of `src/`
 * under tsx), of its `package.json` (which pins its dependencies' exact
 * versions) and of the built WASM module, with the version and the Node
 * version. Computed once per process (~1 ms).
 *
 * @example wholeCodeFingerprint().length // 64
 */
export function wholeCodeFingerprint(): string {
  if (codeFingerprint === undefined) {
    const parts: string[] = [`${VERSION}\u0000${process.version}`];
    // Perf: paths are joined by concatenation (the folders are absolute and normal already):
    // `path.join` normalised every one, ~1/3 of this function in a fresh process.
    const walk = (dir: string, rel: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      } catch {
        return;
      }
      for (const entry of entries) {
        const { name } = entry;
        const path = dir + sep + name;
        // Perf: type declarations and source maps are not code that runs; they are skipped by
        // name, before any stat (half of a built dist/ is declarations).
        if (entry.isDirectory()) walk(path, `${rel}${name}/`);
        else if (name.endsWith('.map') || name.endsWith('.d.ts')) continue;
        else {
          try {
            const st = statSync(path);
            if (st.isDirectory()) walk(path, `${rel}${name}/`);
            else parts.push(`\u0000${rel}${name}\u0000${st.size}\u0000${st.mtimeMs}`);
          } catch {
            parts.push(`\u0000${rel}${name}\u0000?`);
          }
        }
      }
    };
    const code = fileURLToPath(new URL('../', import.meta.url)).replace(/[\\/]+$/, '');
    // Perf: a built package runs only the bundles (scripts/bundle.mjs), one folder each below
    // dist/; its other folders hold type declarations (20 listings became 4, ~10 ms → ~2 ms).
    if (import.meta.url.endsWith('.ts')) walk(code, '');
    else for (const folder of BUNDLE_FOLDERS) walk(code + sep + folder, `${folder}/`);
    // The package manifest pins the exact versions of yaml, zod and piscina; the WASM module
    // (resolution kernel) is built beside dist/, not in it.
    for (const rel of ['package.json', 'build/skillgraph.wasm']) {
      try {
        const st = statSync(fileURLToPath(new URL(`../../${rel}`, import.meta.url)));
        parts.push(`\u0000${rel}\u0000${st.size}\u0000${st.mtimeMs}`);
      } catch {
        parts.push(`\u0000${rel}\u0000?`);
      }
    }
    codeFingerprint = storeDigest(parts.join(''));
  }
  return codeFingerprint;
}
