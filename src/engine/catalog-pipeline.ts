/** The single-thread catalog pipeline: discover → read → parse → seal; a broken skill never hides the others. */
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

/** Read and parse skill files in item order; a bad file becomes findings. With a `hasher`, packages carry digests. */
export function parseBatch(items: readonly ParseItem[], hasher?: HashBackend): ParseItemResult[] {
  return items.map((item) => parseItem(item, hasher));
}

/**
 * Discover, parse and seal in one thread.
 * @example const { catalog, stats } = loadCatalog({ roots: [makeRoot({ path: 'skills', scope: 'local' }, cwd)] });
 */
export function loadCatalog(input: readonly SkillRoot[] | LoadCatalogOptions): LoadedCatalog {
  const plan = planCatalog(input);
  // The engine's budget, so the library and the CLI cut the same files; each read in order counts its file.
  const budget = new InputBudget(Array.isArray(input) ? undefined : (input as LoadCatalogOptions).maxInputBytes);
  const results = plan.items.map((item) => parseItem(item, plan.hasher, budget));
  return assembleCatalog(plan, results, { trustDigests: true });
}
