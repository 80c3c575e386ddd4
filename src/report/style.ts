import { randomBytes } from 'node:crypto';
import { escapeControls, hasControls } from '../context/text.js';

// Our styles travel as a per-process token skill text cannot know and become SGR only in `terminalSafe`, after
// every control was escaped: ESC[32m in a description shows as text. Made lazily so importing loads no crypto.
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
const PROGRESS_PREFIX = '\r\u001b[K';

/** Cursor home, clear the screen and its scrollback. */
export const CLEAR_SCREEN = '\u001b[H\u001b[2J\u001b[3J';

/** Wraps text in a style when `on` (shown as colour through `withSafeOutput`). */
export function paint(on: boolean, style: keyof typeof STYLE_CODES, text: string): string {
  if (!on) return text;
  const mark = token();
  return `${mark}${STYLE_CODES[style]}m${text}${mark}0m`;
}

/** One output chunk made safe for a terminal: controls escaped, then `paint`'s styles turned into SGR. */
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
