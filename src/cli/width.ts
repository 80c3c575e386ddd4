/**
 * Display width for the CLI's tables and text: the measure and the cuts live in `model/width.ts`,
 * where the pure host models (whose budgets some agents count in columns) and the report writers
 * reach them too; the terminal's width and wrapping are the CLI's.
 */
import { DEFAULT_COLUMNS, displayWidth, headToWidth } from '../model/width.js';

export { charWidth, cutAround, cutToWidth, DEFAULT_COLUMNS, displayWidth, padEndWidth } from '../model/width.js';

/**
 * The width output for people is laid out in: the terminal's columns on a TTY, else 80.
 *
 * @example terminalWidth(io.stdout) // 80 when piped
 */
export function terminalWidth(stream: { readonly isTTY?: boolean; readonly columns?: number }): number {
  const columns = stream.isTTY ? stream.columns : undefined;
  return typeof columns === 'number' && columns > 0 ? columns : DEFAULT_COLUMNS;
}

/**
 * `text` broken at spaces into lines of at most `width` columns; a word longer than a line is
 * cut where the line ends. Runs of white space become one space.
 *
 * @example wrapToWidth('one two three', 7) // ['one two', 'three']
 */
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
    // A word wider than the line: cut it, a line at a time.
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
