/**
 * Display width for the CLI's tables and text: the measure itself lives in `model/width.ts`, where
 * the pure host models (whose budgets some agents count in columns) reach it too; the terminal's
 * width, wrapping and cuts around a column are the CLI's.
 */
import { charWidth, displayWidth } from '../model/width.js';

export { charWidth, cutToWidth, displayWidth, padEndWidth } from '../model/width.js';

/** Columns assumed when stdout is not a terminal (a pipe, a file, a CI log). */
export const DEFAULT_COLUMNS = 80;

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

/** The longest start of `text` within `width` columns (at least one character). */
function headToWidth(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width && out.length > 0) break;
    out += ch;
    used += w;
  }
  return out;
}

/**
 * A window of at most `width` columns of `text` around `column` (1-based, in UTF-16 units),
 * '…' marking each cut side, and where `column` now falls in it (1-based, in UTF-16 units).
 *
 * @example cutAround('a'.repeat(200) + 'X', 201, 20) // { text: '…aaaaaaaaaX', column: 11 }
 */
export function cutAround(text: string, column: number, width: number): { text: string; column: number } {
  if (displayWidth(text) <= width) return { text, column };
  const at = Math.max(0, Math.min(column - 1, text.length));
  // The finding's column sits about a third of the way in: what leads up to it, then what follows.
  const before = displayWidth(text.slice(0, at));
  let start = 0;
  if (before > Math.floor(width / 3)) {
    let skip = before - Math.floor(width / 3) + 1;
    while (start < at && skip > 0) {
      const cp = text.codePointAt(start)!;
      skip -= charWidth(cp);
      start += cp > 0xffff ? 2 : 1;
    }
  }
  const lead = start > 0 ? '…' : '';
  const room = width - (lead ? 1 : 0);
  const rest = text.slice(start);
  const body = displayWidth(rest) <= room ? rest : `${headToWidth(rest, room - 1)}…`;
  return { text: lead + body, column: lead.length + (at - start) + 1 };
}
