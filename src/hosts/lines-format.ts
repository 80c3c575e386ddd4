/**
 * How each agent writes one listing entry (what its budget measures) and the
 * block around the entries. Only the part that depends on the skills is
 * written; the fixed guidance an agent puts around its listing is its own
 * text and is not reproduced.
 */
import type { LineShape } from './budget.js';
import type { ListingEntry } from './order.js';
import type { HostListing } from './types.js';

const XML: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
});

/** Copilot escapes every field of its XML listing. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML[c]!);
}

/** Where Copilot says a skill comes from. */
function copilotSource(e: ListingEntry): string {
  return e.scope === 'bundled' ? 'builtin' : e.scope;
}

/** A line of one entry per format: with `description`, or bare when it is null. */
export function lineShape(
  format: HostListing['format'],
  codexPath: (e: ListingEntry) => string = (e) => e.path,
): LineShape {
  switch (format) {
    case 'claude':
      return { line: (e, d) => (d === null ? `- ${e.name}` : `- ${e.name}: ${d}`) };
    case 'codex':
      return {
        line: (e, d) =>
          d === null || d === '' ? `- ${e.name}: (file: ${codexPath(e)})` : `- ${e.name}: ${d} (file: ${codexPath(e)})`,
      };
    case 'copilot':
      return {
        line: (e, d) =>
          d === null
            ? xmlEscape(e.name)
            : `<skill>\n  <name>${xmlEscape(e.name)}</name>\n  <description>${xmlEscape(d)}</description>\n  <location>${copilotSource(e)}</location>\n</skill>\n`,
      };
    case 'openai-agents':
      return { line: (e, d) => `- ${e.name}: ${d ?? ''} (file: .agents/${e.inRoot.replace(/\/SKILL\.md$/, '')})` };
    case 'opencode':
    case 'gemini':
    case 'available-skills':
    case 'markdown':
      return {
        line: (e, d) =>
          `  <skill>\n    <name>${e.name}</name>\n    <description>${d ?? ''}</description>\n    <location>${format === 'opencode' ? xmlEscape(e.path) : e.path}</location>\n  </skill>`,
      };
  }
}

/** Copilot's lead-in to the names it lists without descriptions. */
export const COPILOT_NAMES_LEAD = 'Additional skills available (invoke by name): ';

/**
 * The entries' block as the agent writes it (entries in listing order; bare
 * ones as `null` descriptions, left-out ones already removed). `omitted`
 * counts left-out entries for the formats that say so.
 *
 * @example listingBlock('claude', shape, rows, 0)
 */
export function listingBlock(
  format: HostListing['format'],
  shape: LineShape,
  rows: readonly { entry: ListingEntry; description: string | null }[],
  omitted: number,
): string {
  if (format === 'claude') return rows.map((r) => shape.line(r.entry, r.description)).join('\n');
  if (format === 'codex' || format === 'openai-agents')
    return ['### Available skills', ...rows.map((r) => shape.line(r.entry, r.description))].join('\n');
  if (format === 'copilot') {
    const items = rows.filter((r) => r.description !== null).map((r) => shape.line(r.entry, r.description));
    const names = rows.filter((r) => r.description === null).map((r) => shape.line(r.entry, null));
    const more = omitted > 0 ? `... and ${omitted} more` : '';
    const tail = names.length > 0 ? `${COPILOT_NAMES_LEAD}${names.join(', ')}${more}\n` : '';
    return `<available_skills>\n${items.join('')}${tail}</available_skills>`;
  }
  return `<available_skills>\n${rows.map((r) => shape.line(r.entry, r.description)).join('\n')}\n</available_skills>`;
}
