/**
 * The inline (single-thread) catalog pipeline: discover → read → parseSkill →
 * buildCatalog. One broken skill never hides the others: its diagnostics are
 * kept and the rest of the catalog is built.
 *
 * `parseBatch` is the unit the engine's worker pool takes over (see
 * `engine.ts`): plain data in, plain data out, no shared state.
 */
import type { SkillRoot } from '../discover/roots.js';
import type { HashBackend } from '../model/backend.js';
import { InputBudget } from './input-budget.js';
import { parseItem } from './parse-files.js';
import {
  assembleCatalog,
  planCatalog,
  type LoadCatalogOptions,
  type LoadedCatalog,
  type ParseItem,
  type ParseItemResult,
} from './plan.js';

export { DEFAULT_PLAN_PROFILE, assembleCatalog, planCatalog } from './plan.js';
export type {
  AssembleOptions,
  CatalogPlan,
  CatalogStats,
  FileAccounting,
  LoadCatalogOptions,
  LoadedCatalog,
  ParseItem,
  ParseItemResult,
  WalkReport,
} from './plan.js';

/**
 * Read and parse a batch of skill files. Never throws for a bad or unreadable
 * file (that becomes a diagnostic); results are in item order. With a
 * `hasher` each package carries its digest (see `assembleCatalog`'s `trustDigests`).
 *
 * @example parseBatch([{ path, locator: path, dirName: 'pdf', scope: 'project', precedence: 20, root: '/r', profile: 'skillgraph' }])
 */
export function parseBatch(items: readonly ParseItem[], hasher?: HashBackend): ParseItemResult[] {
  return items.map((item) => parseItem(item, hasher));
}

/**
 * Discover, parse and seal in one thread: `planCatalog` → `parseBatch` → `assembleCatalog`.
 *
 * @example const { catalog, stats } = loadCatalog({ roots: [makeRoot({ path: 'skills', scope: 'local' }, cwd)] });
 */
export function loadCatalog(input: readonly SkillRoot[] | LoadCatalogOptions): LoadedCatalog {
  const plan = planCatalog(input);
  // The same total-input budget as the engine's, so the library and the CLI cut the same files;
  // the items are read in order, so each read counts its file (no stat per file first).
  const budget = new InputBudget(Array.isArray(input) ? undefined : (input as LoadCatalogOptions).maxInputBytes);
  const results = plan.items.map((item) => parseItem(item, plan.hasher, budget));
  return assembleCatalog(plan, results, { trustDigests: true });
}
