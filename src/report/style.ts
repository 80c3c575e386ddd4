/** Colour in text written for people, and the one guard that makes a chunk of it safe for a terminal. */
import { randomBytes } from 'node:crypto';
import { escapeControls, hasControls } from '../context/text.js';

// Our own styles travel as a per-process token that skill text cannot know, and become real SGR
// sequences only in `terminalSafe`, after every control character of the chunk was escaped: a
// description holding ESC[32m shows as text, never as green, while `paint` keeps its colours.
// Made on the first `paint`: importing the report writers loads no crypto, and until something is
// painted no chunk can hold a style.
let styleToken: string | undefined;
let ownStyle: RegExp | undefined;
const STYLE_CODES = { red: 31, yellow: 33, green: 32, dim: 2, bold: 1, cyan: 36 } as const;

function token(): string {
  if (styleToken === undefined) {
    styleToken = `\uE000sg${randomBytes(8).toString('hex')}:`;
    ownStyle = new RegExp(`${styleToken}(0|1|2|31|32|33|36)m`, 'g');
  }
  return styleToken;
}
// The progress line starts its chunks with a carriage return and erase-line.
const PROGRESS_PREFIX = '\r\u001b[K';

/** Cursor home, clear the screen and its scrollback: a watch's redraw writes it alone, on a terminal only. */
export const CLEAR_SCREEN = '\u001b[H\u001b[2J\u001b[3J';

/** Wraps text in a style when `on` (shown as colour through `withSafeOutput`). */
export function paint(on: boolean, style: keyof typeof STYLE_CODES, text: string): string {
  if (!on) return text;
  const mark = token();
  return `${mark}${STYLE_CODES[style]}m${text}${mark}0m`;
}

/**
 * Make one output chunk safe for a terminal: every control character is
 * shown escaped (`escapeControls`, the one sanitiser), then the styles
 * `paint` marked become SGR sequences. A chunk may start with the progress
 * line's `\r ESC[K`.
 *
 * @example terminalSafe('bad \u001b]0;title\u0007') // 'bad \\x1b]0;title\\x07'
 */
export function terminalSafe(chunk: string): string {
  if (chunk === CLEAR_SCREEN) return chunk;
  // Perf: most chunks hold no control character and no style.
  const styled = styleToken !== undefined && chunk.includes(styleToken);
  if (!styled && !hasControls(chunk)) return chunk;
  const progress = chunk.startsWith(PROGRESS_PREFIX);
  const safe = escapeControls(progress ? chunk.slice(PROGRESS_PREFIX.length) : chunk);
  const out = styled ? safe.replace(ownStyle!, (_m, code: string) => `\u001b[${code}m`) : safe;
  return progress ? PROGRESS_PREFIX + out : out;
}
