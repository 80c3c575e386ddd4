/**
 * yaml and zod, required on first use. A built package holds each as one
 * file in dist/vendor/ (bundled from the installed version by
 * scripts/bundle.mjs, licence beside it), with V8's code cache for it when
 * the build made one; from src/ (tests, tsx) they come from node_modules.
 *
 * The code cache holds the bytecode of the functions a warm-up run compiled
 * (scripts/code-cache.mjs parses sample frontmatters and checks sample values), so the
 * first frontmatter the fast path declines and the first config or shard
 * document checked do not compile half of the library first. V8 checks the
 * cache against the source and its own version and flags, and rejects a
 * cache that does not match: the file then compiles as it would without one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// Perf: requiring yaml's ~60 modules took 3× as long as its one-file bundle (136-189 ms vs
// 46-62 ms on a loaded machine), zod's about 2×; a catalog with one unusual frontmatter pays it.
// With the code cache, loading them and their first calls take about half as long again.
let requireThis: NodeJS.Require | undefined;
// Made on first use: creating a require function resolves this file (a tenth of the library's import).
const requireHere = (id: string): unknown => (requireThis ??= createRequire(import.meta.url))(id);
const loaded = new Map<string, unknown>();

/**
 * Compile and run a CommonJS file as `require` does (same wrapper), with
 * `cachedData` as V8's code cache; a rejected cache is ignored.
 */
function runCommonJs(file: string, source: string, cachedData: Buffer | undefined): unknown {
  const { Script } = requireHere('node:vm') as typeof import('node:vm');
  const { wrap } = requireHere('node:module') as { wrap(code: string): string };
  const script = new Script(wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/**
 * The package `name`, from dist/vendor/ when built, else from node_modules.
 *
 * @example const { parseDocument } = requirePackage<typeof import('yaml')>('yaml');
 */
export function requirePackage<T>(name: 'yaml' | 'zod'): T {
  let value = loaded.get(name);
  if (value === undefined) {
    const file = fileURLToPath(new URL(`../vendor/${name}.cjs`, import.meta.url));
    let source: string | undefined;
    try {
      source = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (source === undefined) {
      value = requireHere(name);
    } else {
      let cachedData: Buffer | undefined;
      try {
        cachedData = readFileSync(`${file}.cache`);
      } catch {
        cachedData = undefined;
      }
      value = runCommonJs(file, source, cachedData);
    }
    loaded.set(name, value);
  }
  return value as T;
}
