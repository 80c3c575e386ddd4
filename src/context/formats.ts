// XML follows the reference `to-prompt` shape, with every field escaped (location included).
import type { Conflict } from '../model/catalog.js';
import type { ContextEntry } from './entries.js';
import {
  CONFLICTS_HEADING,
  CONFLICTS_INTRO,
  EAGER_INTRO,
  LAZY_INTRO,
  LAZY_SOURCE_INTRO,
  LAZY_SECTION,
  LISTING_HEADING,
  SKILLS_HEADING,
  USAGE_SECTION,
  withoutDigest,
} from './guidance.js';
import { commentSafe, escapeControls, escapeXml, markdownText } from './text.js';

export const CONTEXT_FORMATS = ['markdown', 'xml'] as const;
export type ContextFormat = (typeof CONTEXT_FORMATS)[number];

export type ContextMode = 'eager' | 'lazy';

export interface BlockParts {
  readonly rows: readonly string[];
  readonly mode: ContextMode;
  readonly conflicts: readonly Conflict[];
  /** One-line budget summary, or ''. */
  readonly budgetNote: string;
  /** Lazy mode: the listed paths are workspace paths, not where the skills are kept. Default true. */
  readonly workspacePaths?: boolean;
  readonly digests?: boolean;
}

/** One Markdown row with its newline; no line break survives, so no row can be forged. */
export function markdownRow(e: ContextEntry, digests = true): string {
  const digest = digests ? `; digest: ${markdownText(e.digest)}` : '';
  return `- ${markdownText(e.name)}: ${e.description} (file: ${markdownText(e.location)}${digest})\n`;
}

/** The Markdown block around `rows`. */
export function markdownBlock(parts: BlockParts): string {
  const full = parts.mode === 'eager' ? EAGER_INTRO : parts.workspacePaths === false ? LAZY_SOURCE_INTRO : LAZY_INTRO;
  const intro = parts.digests === false ? withoutDigest(full) : full;
  const out: string[] = [SKILLS_HEADING, '', intro, '', LISTING_HEADING, ''];
  let text = `${out.join('\n')}\n${parts.rows.join('')}`;
  if (parts.budgetNote) text += `\n${escapeControls(parts.budgetNote)}\n`;
  if (parts.conflicts.length > 0) {
    const lines = parts.conflicts.map(
      (c) =>
        `- ${markdownText(c.name)}: using ${markdownText(c.selected)}; ignoring ${markdownText(c.shadowed)}${c.identical ? ' (identical copy)' : ''}`,
    );
    text += `\n${CONFLICTS_HEADING}\n\n${CONFLICTS_INTRO}\n\n${lines.join('\n')}\n`;
  }
  if (parts.mode === 'lazy') text += `\n${LAZY_SECTION}\n`;
  return `${text}\n${USAGE_SECTION}\n`;
}

/** One `<skill>` element, one tag per line, every field escaped. */
export function xmlRow(e: ContextEntry): string {
  return (
    '<skill>\n' +
    `<name>\n${escapeXml(escapeControls(oneLine(e.name)))}\n</name>\n` +
    `<description>\n${escapeXml(e.description)}\n</description>\n` +
    `<location>\n${escapeXml(escapeControls(oneLine(e.location)))}\n</location>\n` +
    '</skill>\n'
  );
}

/**
 * The `<available_skills>` block around `rows`. The budget note follows as an XML comment so the block keeps the
 * reference shape; conflicts and guidance are Markdown-only.
 */
export function xmlBlock(parts: BlockParts): string {
  let text = `<available_skills>\n${parts.rows.join('')}</available_skills>\n`;
  if (parts.budgetNote) text += `<!-- ${commentSafe(escapeControls(parts.budgetNote))} -->\n`;
  return text;
}

export const FORMATS: Readonly<
  Record<ContextFormat, { row: (e: ContextEntry, digests?: boolean) => string; block: (p: BlockParts) => string }>
> = Object.freeze({
  markdown: { row: markdownRow, block: markdownBlock },
  xml: { row: xmlRow, block: xmlBlock },
});

function oneLine(text: string): string {
  // A valid catalog has no line break here; a hand-built package might, and one break could forge rows.
  return /[\r\n]/.test(text) ? text.replace(/[\r\n]+/g, ' ') : text;
}
