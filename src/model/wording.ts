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
  return Object.freeze({ code, severity: w.severity, message: w.message(args), file, line: 0, column: 0, hint: w.hint(args) });
}
