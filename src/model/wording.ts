// Every stage's wording table uses this, so it lives below them all.
import type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';

export type Args = Readonly<Record<string, string | number>>;

export interface Wording {
  readonly severity: Severity;
  readonly message: (a: Args) => string;
  readonly hint: (a: Args) => string;
}

/** A whole-file diagnostic (line/column 0) from a messages-table row. */
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
 * The candidate within 1 edit (words ≤ 4 chars), 2 (≤ 8) or 3, or starting with `word` (≥ 3 chars); ties go to
 * the earlier candidate. E.g. `closestMatch('valdate', ['validate', 'catalog'])` → `'validate'`.
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

/** `closestMatch` as a sentence to append to an error message ("; did you mean 'list'?"), or ''. */
export function didYouMean(word: string, candidates: readonly string[], prefix = ''): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? '' : `; did you mean '${prefix}${match}'?`;
}

/** Optimal string alignment distance, stopping early past `limit`. */
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
