/**
 * The total-input budget: a bound on the SKILL.md bytes one run reads, on
 * top of the per-file cap. Each file under the cap is fine alone, but 150
 * files of 7.9 MiB kept as text and parsed packages took 2.45 GiB; a run
 * stops reading new files once the budget is spent and names each file it
 * did not read (`input.budget`). Sizes are taken in the run's fixed file
 * order, so which files are cut never depends on threads or timing.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { fileDiagnostic } from '../discover/file-messages.js';

/**
 * Default bytes per run: ~25,000 skills at a generous 10 KB each (real skills
 * are 2–6 KB), while 150 near-limit files stay far below 512 MiB of RSS.
 */
export const DEFAULT_INPUT_BUDGET = 128 * 1024 * 1024;

/**
 * A running total against a limit.
 *
 * @example const b = new InputBudget(); if (!b.take(size)) report(fileDiagnostic('input.budget', …));
 */
export class InputBudget {
  readonly limit: number;
  #used = 0;
  #refused = 0;

  constructor(limit: number = DEFAULT_INPUT_BUDGET) {
    this.limit = limit;
  }

  /** Bytes accepted so far. */
  get used(): number {
    return this.#used;
  }

  /** Files refused so far. */
  get refused(): number {
    return this.#refused;
  }

  /**
   * Account for a file of `size` bytes; false (and nothing taken) when it
   * does not fit. A smaller file later in the order may still fit, so a run
   * of huge files does not cost the small skills after it.
   */
  take(size: number): boolean {
    if (this.#used + size > this.limit) {
      this.#refused++;
      return false;
    }
    this.#used += size;
    return true;
  }
}

/**
 * For files in run order with their sizes (−1: unknown, never cut): the
 * index of each file past the budget, with its `input.budget` diagnostic.
 * The engine's form of the budget, applied to the stat'ed sizes before any
 * file is read.
 *
 * @example budgetCuts(items.map((i) => i.locator), stats.map((s) => s.size)).get(7)?.code // 'input.budget'
 */
export function budgetCuts(
  files: readonly string[],
  sizes: readonly number[],
  limit: number = DEFAULT_INPUT_BUDGET,
): Map<number, Diagnostic> {
  const budget = new InputBudget(limit);
  const cuts = new Map<number, Diagnostic>();
  files.forEach((file, i) => {
    const size = sizes[i] ?? -1;
    if (size < 0) return;
    if (!budget.take(size)) cuts.set(i, budgetDiagnostic(file, limit, size));
  });
  return cuts;
}

/**
 * The finding for a file of `size` bytes left unread because the run's budget of `limit` bytes was spent.
 *
 * @example budgetDiagnostic('/r/pdf/SKILL.md', 1024, 4096).code // 'input.budget'
 */
export function budgetDiagnostic(file: string, limit: number, size: number): Diagnostic {
  return fileDiagnostic('input.budget', file, { limit, size });
}
