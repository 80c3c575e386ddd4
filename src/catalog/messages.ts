import type { Diagnostic, DiagnosticCode } from '../model/diagnostics.js';
import { wordedDiagnostic, type Args, type Wording } from '../model/wording.js';

export { wordedDiagnostic, type Args, type Wording };

export type CatalogCode = Extract<DiagnosticCode, `catalog.${string}`>;

export const CATALOG_MESSAGES: Readonly<Record<CatalogCode, Wording>> = Object.freeze({
  'catalog.conflict': {
    severity: 'info',
    message: (a) =>
      `'${a.name}' at ${a.shadowed} is shadowed by ${a.selected}${a.identical ? ' (identical copy)' : ''}`,
    hint: () => 'rename one of the skills, or remove the copy that should not be used',
  },
  'catalog.duplicate-file': {
    severity: 'info',
    message: (a) => `${a.file} was reached more than once (overlapping roots or links); counted once, under ${a.root}`,
    hint: () => 'harmless; remove the overlap to silence it',
  },
  'catalog.confusable': {
    severity: 'warning',
    message: (a) =>
      `'${a.name}' looks like '${a.other}' (${a.otherFile}): they differ only by look-alike letters of another script`,
    hint: () => 'rename one of them; a model or a person choosing by name cannot tell them apart',
  },
} satisfies Record<CatalogCode, Wording>);

/** A catalog diagnostic about a whole file (line/column 0). */
export function catalogDiagnostic(code: CatalogCode, file: string, args: Args): Diagnostic {
  return wordedDiagnostic(code, CATALOG_MESSAGES[code], file, args);
}
