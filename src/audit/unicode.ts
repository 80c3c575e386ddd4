/**
 * Hidden text: characters that change what a model reads without changing
 * what a reviewer sees. One pass over the code points of a file; at most one
 * finding per rule per line, with the column of the first character. Tag
 * characters and variation-selector runs are decoded so the message shows
 * the hidden text. Legitimate uses are left alone: emoji ZWJ sequences and
 * flag tag sequences, joiners between letters of scripts that need them,
 * emoji and ideographic variation sequences.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { finding, quote } from './input.js';
import type { SecurityCode } from './rules.js';

// Perf: a pattern with Unicode properties is compiled when it is made, so on first use, not at import.
let patterns: { readonly latinOrDigit: RegExp; readonly emoji: RegExp; readonly ideographOrSymbol: RegExp } | undefined;
const PATTERNS = (): NonNullable<typeof patterns> =>
  (patterns ??= {
    latinOrDigit: /[\p{Script=Latin}\p{Nd}]/u,
    emoji: /\p{Extended_Pictographic}|\p{Emoji_Component}|\p{Emoji}/u,
    ideographOrSymbol:
      /[\p{Script=Han}\p{Script=Mongolian}\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Sm}\p{So}\p{Script=Egyptian_Hieroglyphs}]/u,
  });
/** Zero-width characters that split a word invisibly. */
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x180e, 0x2061, 0x2062, 0x2063, 0x2064]);
/** Letters that render as nothing: Hangul fillers and the blank Braille pattern. */
const BLANK_LETTERS = new Set([0x3164, 0x115f, 0x1160, 0xffa0, 0x2800]);
/** A run this long of zero-width characters is a hidden encoding, not typography. */
const ZERO_WIDTH_RUN = 8;
/** Variation selectors in a row beyond this are an encoding (one byte per selector). */
const SELECTOR_RUN = 4;

const isTag = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;
const isBidi = (cp: number): boolean => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
const isSelector = (cp: number): boolean => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

/** Where a file's code lies: a whole script, or given lines of a Markdown file (fences). */
export interface CodeLines {
  readonly all: boolean;
  readonly lines: ReadonlySet<number>;
}

/**
 * Hidden-text findings in one text file; `file` is the shown path.
 *
 * @example hiddenText('a\u200bb', 'x/SKILL.md', { all: false, lines: new Set() }) // [security.zero-width at 1:2]
 */
export function hiddenText(text: string, file: string, code: CodeLines): Diagnostic[] {
  // Perf: most files are ASCII and pay one regex test.
  if (
    !/[\u180e\u200b-\u200d\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff\udb40\u3164\u115f\u1160\uffa0\u2800]/.test(text)
  )
    return [];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const add = (
    code: SecurityCode,
    line: number,
    column: number,
    message: string,
    severity?: 'error' | 'warning',
  ): void => {
    const key = `${code}:${line}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(finding(code, file, line, column, message, severity));
  };
  // One pass by UTF-16 index, line and column counted as it goes (no per-character arrays).
  let line = 1;
  let lineStart = 0;
  const at = (i: number): number => (i >= 0 && i < text.length ? text.codePointAt(i)! : -1);
  const width = (cp: number): number => (cp > 0xffff ? 2 : 1);
  const before = (i: number): string => {
    if (i <= 0) return '';
    const low = text.charCodeAt(i - 1);
    const start = low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
    return String.fromCodePoint(text.codePointAt(start)!);
  };
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const column = i - lineStart + 1;
    if (cp === 0x0a) {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (isTag(cp)) {
      let j = i;
      let decoded = '';
      while (j < text.length && isTag(at(j))) {
        const c = at(j) - 0xe0000;
        decoded += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '';
        j += 2;
      }
      // A flag emoji (black flag + lowercase tag letters + cancel tag) is the one legitimate use.
      const flag = before(i) === '\u{1F3F4}' && at(j - 2) === 0xe007f && /^[a-z0-9]{2,7}$/.test(decoded);
      if (!flag)
        add(
          'security.unicode-tag',
          line,
          column,
          `${(j - i) / 2} invisible Unicode tag character(s) spelling "${quote(decoded, 120)}"`,
        );
      i = j;
      continue;
    }
    if (BLANK_LETTERS.has(cp)) {
      // Hangul and Braille fillers are letters that print nothing: a name or an argument nobody sees.
      const inCode = code.all || code.lines.has(line);
      add(
        'security.zero-width',
        line,
        column,
        `invisible letter U+${hex(cp)} (it prints nothing but counts as a character${inCode ? ', here in code' : ''})`,
        inCode ? 'error' : 'warning',
      );
    } else if (isBidi(cp)) {
      const inCode = code.all || code.lines.has(line);
      add(
        'security.bidi-control',
        line,
        column,
        `bidirectional control U+${hex(cp)} reorders how this ${inCode ? 'code' : 'line'} is shown`,
        inCode ? 'error' : 'warning',
      );
    } else if (ZERO_WIDTH.has(cp) && !(cp === 0xfeff && i === 0)) {
      let j = i;
      let n = 0;
      while (j < text.length && ZERO_WIDTH.has(at(j))) {
        j++;
        n++;
      }
      if (n >= ZERO_WIDTH_RUN)
        add(
          'security.zero-width',
          line,
          column,
          `a run of ${n} zero-width characters, enough to encode hidden data`,
          'error',
        );
      else if (
        PATTERNS().latinOrDigit.test(before(i)) &&
        PATTERNS().latinOrDigit.test(String.fromCodePoint(Math.max(at(j), 0)))
      ) {
        // Only between Latin letters or digits: joiners are needed in Arabic, Indic and emoji sequences.
        add(
          'security.zero-width',
          line,
          column,
          `zero-width character U+${hex(cp)} inside the word "${quote(wordAround(text, i, j), 40)}"`,
        );
      }
      i = j;
      continue;
    } else if (isSelector(cp)) {
      let j = i;
      let n = 0;
      let decoded = '';
      while (j < text.length && isSelector(at(j))) {
        const c = at(j);
        const byte = c <= 0xfe0f ? c - 0xfe00 : c - 0xe0100 + 16;
        decoded += byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '';
        j += width(c);
        n++;
      }
      if (n >= SELECTOR_RUN)
        add(
          'security.variation-selector',
          line,
          column,
          `a run of ${n} variation selectors encoding "${quote(decoded, 120)}"`,
          'error',
        );
      else {
        const base = before(i);
        // One selector after an emoji, a keycap base, an ideograph or a symbol is a real variation sequence.
        const keycap = /^[#*0-9]$/.test(base) && at(j) === 0x20e3;
        const variant =
          (PATTERNS().emoji.test(base) && !/^[A-Za-z0-9\s]$/.test(base)) || PATTERNS().ideographOrSymbol.test(base);
        if (!(n === 1 && (keycap || variant)))
          add(
            'security.variation-selector',
            line,
            column,
            `variation selector U+${hex(cp)} after "${quote(base || ' ', 4)}", which has no variant`,
          );
      }
      i = j;
      continue;
    }
    i += width(cp);
  }
  return out;
}

function hex(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The visible word around the zero-width run `i..j` (zero-width characters dropped), at most ~40 characters each side.
 */
function wordAround(text: string, i: number, j: number): string {
  let a = i;
  while (a > 0 && i - a < 40 && !/\s/.test(text[a - 1]!)) a--;
  let b = j;
  while (b < text.length && b - j < 40 && !/\s/.test(text[b]!)) b++;
  return `${text.slice(a, i)}${text.slice(j, b)}`.replace(/[\u180e\u200b-\u200d\u2060-\u2064\ufeff]/g, '');
}
