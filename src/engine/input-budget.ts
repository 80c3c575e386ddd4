/**
 * The total-input budget: a bound on the SKILL.md bytes one run reads, beyond the per-file cap (many near-limit
 * files would otherwise fill memory). Sizes are taken in run order, so the cut never depends on threads.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { fileDiagnostic } from '../discover/file-messages.js';

/** Default bytes per run: ~25,000 skills at a generous 10 KB each (real skills are 2–6 KB). */
export const DEFAULT_INPUT_BUDGET = 128 * 1024 * 1024;

export class InputBudget {
  readonly limit: number;
  #used = 0;
  #refused = 0;

  constructor(limit: number = DEFAULT_INPUT_BUDGET) {
    this.limit = limit;
  }

  get used(): number {
    return this.#used;
  }

  get refused(): number {
    return this.#refused;
  }

  /** Account for a file of `size` bytes; false (nothing taken) when it does not fit, as a later smaller one may. */
  take(size: number): boolean {
    if (this.#used + size > this.limit) {
      this.#refused++;
      return false;
    }
    this.#used += size;
    return true;
  }
}

/** Files in run order with their sizes (−1: unknown, never cut): each one past the budget, with its finding. */
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

/** The finding for a file left unread because the run's budget of `limit` bytes was spent. */
export function budgetDiagnostic(file: string, limit: number, size: number): Diagnostic {
  return fileDiagnostic('input.budget', file, { limit, size });
}
