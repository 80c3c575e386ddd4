/**
 * The shape of a messages table row and the one function that turns a row
 * into a whole-file diagnostic. Every stage's wording table (discover,
 * catalog, resolve, workspace) uses it, so it lives below them all.
 */
import type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';

/** Message arguments. */
export type Args = Readonly<Record<string, string | number>>;

/** One row of a messages table. */
export interface Wording {
  readonly severity: Severity;
  readonly message: (a: Args) => string;
  readonly hint: (a: Args) => string;
}

/**
 * A whole-file diagnostic (line/column 0) from a messages-table row.
 *
 * @example wordedDiagnostic('discover.same-file', DISCOVER_MESSAGES['discover.same-file'], file, { via, file })
 */
export function wordedDiagnostic(code: DiagnosticCode, w: Wording, file: string, args: Args): Diagnostic {
  return Object.freeze({
    code,
    severity: w.severity,
    message: w.message(args),
    file,
    line: 0,
    column: 0,
    hint: w.hint(args),
  });
}

/**
 * The candidate closest to `word` by edit distance (insert, delete, substitute, swap two
 * neighbours), or undefined when none is close: at most 1 edit for words of up to 4
 * characters, 2 up to 8, else 3. A candidate that starts with `word` (3 characters or more)
 * also counts. Ties go to the earlier candidate, so callers list them in a stable order.
 *
 * @example closestMatch('valdate', ['validate', 'catalog']) // 'validate'
 */
export function closestMatch(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = c.toLowerCase() === w ? 0 : editDistance(w, c.toLowerCase(), limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  return w.length >= 3 ? candidates.find((c) => c.toLowerCase().startsWith(w)) : undefined;
}

/**
 * `closestMatch` as a sentence to append to an error message, or '' when nothing is close.
 *
 * @example `unknown verb 'lst'${didYouMean('lst', verbs)}` // "unknown verb 'lst'; did you mean 'list'?"
 */
export function didYouMean(word: string, candidates: readonly string[], prefix = ''): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? '' : `; did you mean '${prefix}${match}'?`;
}

/** Optimal string alignment distance, stopping early past `limit` (bounded work on long input). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit || a.length > 256 || b.length > 256) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}
