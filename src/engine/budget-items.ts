/**
 * The total-input budget over the engine's parse items (see input-budget.ts):
 * kept apart so `validate`, which needs only `InputBudget`, does not load the
 * engine's stat and cache helpers.
 */
import { budgetCuts, DEFAULT_INPUT_BUDGET } from './input-budget.js';
import { statItem, type ItemFailed, type ItemStat } from './file-stat.js';
import type { ParseItem, ParseItemResult } from './plan.js';

/**
 * The engine's budget over a run's parse items, in item order: for each item
 * past the budget, its finished result (the `input.budget` finding, no
 * package), so it is never read. Sizes come from `stats` when the run took
 * them (the cache path), else from one stat per item; an item that cannot
 * be stat'ed is left to the read, which reports it.
 *
 * @example const cut = budgetResults(plan.items, stats); if (cut.has(i)) results[i] = cut.get(i)!;
 */
export function budgetResults(
  items: readonly ParseItem[],
  stats?: readonly (ItemStat | ItemFailed)[],
  limit: number = DEFAULT_INPUT_BUDGET,
): Map<number, ParseItemResult> {
  const sizes = items.map((item, i) => {
    const s = stats?.[i] ?? statItem(item);
    return s.kind === 'stat' ? s.stat.size : -1;
  });
  const out = new Map<number, ParseItemResult>();
  for (const [i, diagnostic] of budgetCuts(
    items.map((item) => item.locator),
    sizes,
    limit,
  )) {
    out.set(i, { locator: items[i]!.locator, diagnostics: [diagnostic] });
  }
  return out;
}
