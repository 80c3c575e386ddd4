// Deterministic: shorten every description to one common cap (never below a floor), then omit the lowest
// priority skills; what was cut is always reported.
import { cmp } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { comparePriority, type ContextEntry } from './entries.js';
import { shorten } from './text.js';

/** Characters per token of the estimate in `chars`; token budgets themselves are counted in o200k tokens. */
export const CHARS_PER_TOKEN = 4;

/** A parsed budget: `chars` is what is enforced; `amount`/`unit` echo the request. */
export interface Budget {
  readonly chars: number;
  readonly amount: number;
  readonly unit: 'chars' | 'tokens';
}

/** What the budget did. Name lists are sorted by name. */
export interface BudgetReport extends Budget {
  /** UTF-8 bytes: the rows for `fitBudget`, the whole block for `renderContext`. */
  readonly before: number;
  readonly after: number;
  /** The common description cap applied, or null when none was needed. */
  readonly descriptionCap: number | null;
  readonly shortened: readonly string[];
  readonly omitted: readonly string[];
}

/** Rows kept (in their original order, shortened where needed) and the report. */
export interface BudgetFit {
  readonly entries: readonly ContextEntry[];
  readonly report: BudgetReport;
}

export type MeasureFn = (entry: ContextEntry) => number;

/** Parse `N` (characters) or `Nt` (tokens): `parseBudget('500t')` → `{ chars: 2000, amount: 500, unit: 'tokens' }`. */
export function parseBudget(value: string | number): Budget {
  const text = String(value).trim();
  const match = /^(\d+)\s*(t|tok|tokens|c|chars)?$/i.exec(text);
  const amount = match ? Number(match[1]) : Number.NaN;
  if (!match || !Number.isSafeInteger(amount)) {
    throw new SkillgraphError(
      'options.invalid',
      `budget must be a whole number of characters or 'Nt' tokens, got '${text}'`,
      {
        field: 'budget',
        value: text,
      },
    );
  }
  const tokens = (match[2] ?? '').toLowerCase().startsWith('t');
  return { chars: tokens ? amount * CHARS_PER_TOKEN : amount, amount, unit: tokens ? 'tokens' : 'chars' };
}

function capped(entry: ContextEntry, cap: number): ContextEntry {
  if (entry.description.length <= cap) return entry;
  return { ...entry, description: shorten(entry.description, cap), shortened: true };
}

function total(entries: readonly ContextEntry[], measure: MeasureFn, cap: number): number {
  let sum = 0;
  for (const e of entries) sum += measure(capped(e, cap));
  return sum;
}

/** Fit `entries` into `budget.chars`; `floor` is the shortest a description may be cut to. */
export function fitBudget(
  entries: readonly ContextEntry[],
  budget: Budget,
  measure: MeasureFn,
  floor: number,
): BudgetFit {
  const limit = budget.chars;
  const before = total(entries, measure, Infinity);
  const report = (
    kept: readonly ContextEntry[],
    cap: number | null,
    omitted: readonly ContextEntry[],
    after: number,
  ): BudgetFit => ({
    entries: kept,
    report: {
      ...budget,
      before,
      after,
      descriptionCap: cap,
      shortened: kept
        .filter((e) => e.shortened)
        .map((e) => e.name)
        .sort(cmp),
      omitted: omitted.map((e) => e.name).sort(cmp),
    },
  });
  if (before <= limit) return report(entries, null, [], before);

  // Perf: sizes are monotone (a row never grows as its cap shrinks), so both searches are binary.
  const byPriority = entries.slice().sort(comparePriority);
  let lo = 0;
  let hi = byPriority.length; // omitting everything always fits
  while (lo < hi) {
    const k = (lo + hi) >> 1;
    if (total(byPriority.slice(0, byPriority.length - k), measure, floor) <= limit) hi = k;
    else lo = k + 1;
  }
  const keptSet = new Set(byPriority.slice(0, byPriority.length - lo));
  const omitted = byPriority.slice(byPriority.length - lo);
  const kept = entries.filter((e) => keptSet.has(e));

  const uncapped = total(kept, measure, Infinity);
  if (uncapped <= limit) return report(kept, null, omitted, uncapped);
  // Largest cap in [floor, longest) whose listing fits; `floor` fits by construction.
  let capLo = floor;
  let capHi = kept.reduce((m, e) => Math.max(m, e.description.length), floor) - 1;
  while (capLo < capHi) {
    const mid = (capLo + capHi + 1) >> 1;
    if (total(kept, measure, mid) <= limit) capLo = mid;
    else capHi = mid - 1;
  }
  const fitted = kept.map((e) => capped(e, capLo));
  return report(fitted, capLo, omitted, total(fitted, measure, Infinity));
}

/** One line saying what the budget cut, naming up to `sample` skills per list; '' when nothing was cut. */
export function budgetSummary(report: BudgetReport, sample: number, hint = ''): string {
  const parts: string[] = [];
  if (report.shortened.length > 0) {
    const n = report.shortened.length;
    parts.push(`${n} description${n === 1 ? '' : 's'} shortened (${sampleNames(report.shortened, sample)})`);
  }
  if (report.omitted.length > 0) {
    const n = report.omitted.length;
    parts.push(`${n} skill${n === 1 ? '' : 's'} omitted (${sampleNames(report.omitted, sample)})`);
  }
  if (parts.length === 0) return '';
  const unit = report.unit === 'tokens' ? `${report.amount} tokens` : `${report.amount} chars`;
  const find = report.omitted.length > 0 && hint !== '' ? ` ${hint}` : '';
  return `Budget ${unit}: ${parts.join('; ')}.${find}`;
}

function sampleNames(names: readonly string[], sample: number): string {
  const shown = names.slice(0, Math.max(1, sample));
  const rest = names.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}
