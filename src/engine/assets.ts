/**
 * What the engine finds beside its code: the WASM core's bytes, the worker entry, and a stamp of the code (every
 * store keys on it). The package build swaps this file for assets.bundle.ts, which holds them inline.
 */
import { readFileSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

/** The built WASM core, or null when `npm run build:wasm` has not made it. */
export function wasmBytes(): BufferSource | null {
  try {
    return readFileSync(here('../../build/skillgraph.wasm'));
  } catch {
    return null;
  }
}

export function defaultWorkerEntry(): string | undefined {
  return here('./worker.ts');
}

/** Size and mtime of every file below src/, of package.json and of the WASM module: any edit changes it. */
export function codeStamp(): string {
  const parts: string[] = [];
  const walk = (dir: string, rel: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = dir + sep + entry.name;
      if (entry.isDirectory()) walk(path, `${rel}${entry.name}/`);
      else parts.push(stamp(path, rel + entry.name));
    }
  };
  walk(here('../').replace(/[\\/]+$/, ''), '');
  for (const rel of ['package.json', 'build/skillgraph.wasm']) parts.push(stamp(here(`../../${rel}`), rel));
  return parts.join('');
}

function stamp(path: string, rel: string): string {
  try {
    const st = statSync(path);
    return `\u0000${rel}\u0000${st.size}\u0000${st.mtimeMs}`;
  } catch {
    return `\u0000${rel}\u0000?`;
  }
}
