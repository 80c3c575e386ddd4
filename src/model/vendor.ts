/**
 * yaml and zod, required on first use. A built package holds each as one
 * file in dist/vendor/ (bundled from the installed version by
 * scripts/bundle.mjs, licence beside it); from src/ (tests, tsx) they come
 * from node_modules.
 */
import { createRequire } from 'node:module';

// Perf: requiring yaml's ~60 modules took 3× as long as its one-file bundle (136-189 ms vs
// 46-62 ms on a loaded machine), zod's about 2×; a catalog with one unusual frontmatter pays it.
const requireHere = createRequire(import.meta.url);

/**
 * The package `name`, from dist/vendor/ when built, else from node_modules.
 *
 * @example const { parseDocument } = requirePackage<typeof import('yaml')>('yaml');
 */
export function requirePackage<T>(name: 'yaml' | 'zod'): T {
  try {
    return requireHere(`../vendor/${name}.cjs`) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
  }
  return requireHere(name) as T;
}
