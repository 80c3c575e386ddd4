// The measure and cuts live in model/width.ts (host budgets count columns too); terminals are the CLI's.
import { DEFAULT_COLUMNS, displayWidth, headToWidth } from '../model/width.js';

export { charWidth, cutAround, cutToWidth, DEFAULT_COLUMNS, displayWidth, padEndWidth } from '../model/width.js';

/** The terminal's columns on a TTY, else 80. */
export function terminalWidth(stream: { readonly isTTY?: boolean; readonly columns?: number }): number {
  const columns = stream.isTTY ? stream.columns : undefined;
  return typeof columns === 'number' && columns > 0 ? columns : DEFAULT_COLUMNS;
}

/** Lines of at most `width` columns, broken at spaces (a longer word is cut); runs of space become one. */
export function wrapToWidth(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let w = displayWidth(word);
    if (used > 0 && used + 1 + w <= width) {
      line += ` ${word}`;
      used += 1 + w;
      continue;
    }
    if (used > 0) lines.push(line);
    let rest = word;
    while (w > width) {
      const head = headToWidth(rest, width);
      lines.push(head);
      rest = rest.slice(head.length);
      w = displayWidth(rest);
    }
    line = rest;
    used = w;
  }
  if (used > 0 || lines.length === 0) lines.push(line);
  return lines;
}
