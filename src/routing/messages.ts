import type { Diagnostic, DiagnosticCode } from '../model/diagnostics.js';
import type { Args, Wording } from '../model/wording.js';

export type RoutingCode = Extract<DiagnosticCode, `routing.${string}`>;

export const ROUTING_MESSAGES: Readonly<Record<RoutingCode, Wording>> = Object.freeze({
  'routing.overlap': {
    severity: 'warning',
    message: (a) =>
      `'${a.name}' and '${a.other}' (${a.otherFile}) would win the same requests: score ${a.score}, sharing ${a.terms}`,
    hint: () =>
      'sharpen each description to the requests only it should answer (say when not to use it), ' +
      'merge the two skills, ' +
      'or, if one builds on the other, declare it in includes',
  },
  'routing.missing-sibling': {
    severity: 'warning',
    message: (a) => `links to the skill ${a.target}, which is not among the skills here`,
    hint: () => 'install the sibling skill beside this one, declare it in includes, or remove the link',
  },
} satisfies Record<RoutingCode, Wording>);

/** A routing finding at a place in `file` (line and column 0: the whole file). */
export function routingDiagnostic(code: RoutingCode, file: string, args: Args, line = 0, column = 0): Diagnostic {
  const w = ROUTING_MESSAGES[code];
  return { code, severity: w.severity, message: w.message(args), file, line, column, hint: w.hint(args) };
}
