// One listing entry as each agent writes it (what its budget measures); the agent's fixed guidance is
// its own text and is not reproduced.
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

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML[c]!);
}

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
            : `<skill>\n  <name>${xmlEscape(e.name)}</name>\n  <description>${xmlEscape(d)}</description>\n` +
              `  <location>${copilotSource(e)}</location>\n</skill>\n`,
      };
    case 'openai-agents':
      return { line: (e, d) => `- ${e.name}: ${d ?? ''} (file: .agents/${e.inRoot.replace(/\/SKILL\.md$/, '')})` };
    case 'opencode':
    case 'gemini':
    case 'available-skills':
    case 'markdown':
      return {
        line: (e, d) =>
          `  <skill>\n    <name>${e.name}</name>\n    <description>${d ?? ''}</description>\n` +
          `    <location>${format === 'opencode' ? xmlEscape(e.path) : e.path}</location>\n  </skill>`,
      };
  }
}

export const COPILOT_NAMES_LEAD = 'Additional skills available (invoke by name): ';

/** The entries' block as the agent writes it; `omitted` counts left-out entries for formats that say so. */
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
