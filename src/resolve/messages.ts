import { wordedDiagnostic, type Args, type Wording } from '../model/wording.js';
import type { Diagnostic, DiagnosticCode } from '../model/diagnostics.js';

export type ResolveCode = Extract<DiagnosticCode, `resolve.${string}`>;

export const RESOLVE_MESSAGES: Readonly<Record<ResolveCode, Wording>> = Object.freeze({
  'resolve.override-unknown-key': {
    severity: 'warning',
    message: (a) =>
      `skill '${a.skill}' overrides '${a.key}' on its include of '${a.include}', ` +
      `which provides no entry with that key; the override changes nothing`,
    hint: (a) => `'skillgraph resolve ${a.include}' lists the keys it provides; fix the key or remove the override`,
  },
  'resolve.mcp-server-unprovided': {
    severity: 'warning',
    message: (a) =>
      `skill '${a.skill}' declares MCP server '${a.server}' in its dependencies, ` +
      `but no skill in its include closure lists tools of that server under 'mcp'`,
    hint: (a) =>
      `add an 'mcp' entry for '${a.server}' to '${a.skill}' or to a skill it includes,` +
      ` or drop it from dependencies.mcp_servers`,
  },
});

/** A resolution finding about a whole SKILL.md (the catalog keeps no frontmatter positions). */
export function resolveDiagnostic(code: ResolveCode, file: string, args: Args): Diagnostic {
  return wordedDiagnostic(code, RESOLVE_MESSAGES[code], file, args);
}
