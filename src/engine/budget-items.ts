/** The input budget over the engine's parse items, apart so `validate` does not load the engine's stat helpers. */
import { budgetCuts, DEFAULT_INPUT_BUDGET } from './input-budget.js';
import { statItem, type ItemFailed, type ItemStat } from './file-stat.js';
import type { ParseItem, ParseItemResult } from './plan.js';

/**
 * For each item past the budget (in item order), its `input.budget` result, so it is never read. Sizes come from
 * `stats` when taken, else one stat per item; an item that cannot be stat'ed is left to the read.
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
