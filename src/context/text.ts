/**
 * Text helpers for model-facing context: the one control-character
 * sanitiser (also behind every human line the CLI prints), folding
 * descriptions onto one line, Markdown and XML escaping, and shortening with
 * an ellipsis. All pure and total.
 */

/** The ellipsis appended to shortened descriptions (one character). */
export const ELLIPSIS = '\u2026';

// C0 controls except tab and line feed, a carriage return not ending a line, DEL, and the C1
// controls (U+0085 is a line break to some readers, U+009B a one-character CSI to some terminals).
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
const CONTROLS_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/g;

/**
 * The one sanitiser for text a skill controls (names, descriptions, paths,
 * folder names, diagnostics): every C0 control except tab and line feed,
 * DEL and every C1 control is shown as `\xNN`, so no escape sequence
 * (`ESC[…m`, `ESC]0;…BEL`, a one-byte CSI) can act on a terminal or hide
 * text from a model, whatever its codes. A carriage return is shown too
 * unless a line feed follows (a CRLF line end): alone it lets text overwrite
 * its own line.
 *
 * @example escapeControls('ok \u001b[32mPASS\u001b[0m') // 'ok \\x1b[32mPASS\\x1b[0m'
 */
export function escapeControls(text: string): string {
  // Perf: almost no text holds a control character; one test, no allocation.
  if (!CONTROLS.test(text)) return text;
  return text.replace(CONTROLS_ALL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * True when `text` holds a character `escapeControls` would show escaped.
 *
 * @example hasControls('a\u0085b') // true
 */
export function hasControls(text: string): boolean {
  return CONTROLS.test(text);
}

// Markdown characters that start links, code, HTML, emphasis or escapes. `_` inside a word
// (letters or digits on both sides) never starts emphasis, so paths like `my_project` stay as they are.
// Perf: a pattern with Unicode properties is compiled when it is made (~0.1–0.4 ms each), so on first use, not at import.
let markdownSpecial: RegExp | undefined;
const MARKDOWN_SPECIAL = (): RegExp => (markdownSpecial ??= /[\\`*[\]<>()|!#~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu);

/** Every character `markdownText` may change: line breaks, Markdown metacharacters, `_`, controls. */
const MARKDOWN_TOUCHED = /[\\`*[\]<>()|!#~_\r\n\u0000-\u001F\u007F-\u009F]/;

/**
 * A name or location for a Markdown listing: controls escaped, line breaks
 * folded, and Markdown metacharacters backslash-escaped so a folder named
 * `x](http://evil)` or `<!--` cannot turn the row into a link or hide the rest.
 * Names of the specification's charset pass unchanged.
 *
 * @example markdownText('a*b](c)') // 'a\\*b\\]\\(c\\)'
 */
export function markdownText(text: string): string {
  // Perf: names, digests and most paths hold none of the characters below; one test, no
  // allocation (a 300-skill listing escapes ~900 of them).
  if (!MARKDOWN_TOUCHED.test(text)) return text;
  const line = /[\r\n]/.test(text) ? text.replace(/[\r\n]+/g, ' ') : text;
  // Markdown first: the `\xNN` of an escaped control is then no Markdown escape and reads as is.
  return escapeControls(line.replace(MARKDOWN_SPECIAL(), (c) => `\\${c}`));
}

/**
 * A description on one line: every line break (with the white space around
 * it) becomes one space, and the ends are trimmed. Folded YAML (`>-`) is
 * already text by the time it gets here; this handles literal blocks (`|`).
 *
 * @example foldDescription('Use when\n  testing.\r\n') // 'Use when testing.'
 */
export function foldDescription(text: string): string {
  // Perf: a one-line description with nothing to trim, escape or replace is its own fold.
  if (!FOLD_TOUCHED.test(text)) return text;
  const folded = text.replace(/[^\S\r\n]*(?:\r\n|\r|\n)\s*/g, ' ').trim();
  // Control characters (a NUL, an ESC, DEL, C1) are shown escaped in every format; lone
  // surrogates and U+FFFE/U+FFFF, which XML cannot hold, become U+FFFD.
  return escapeControls(folded).replace(XML_FORBIDDEN, '\uFFFD');
}

/** What `foldDescription` may change: line breaks, white space at an end, controls, surrogates, U+FFFE/U+FFFF. */
const FOLD_TOUCHED = /[\r\n\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]|^\s|\s$/;

// Characters XML 1.0 forbids in content: C0 controls other than tab/LF/CR,
// lone surrogates and U+FFFE/U+FFFF. They become U+FFFD so the block always parses.
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
});

/**
 * Escape text for XML content. The five entities are the ones Python's
 * `html.escape` emits, so names and descriptions come out byte-identical to
 * the reference `to-prompt`; characters XML cannot hold become U+FFFD.
 *
 * @example escapeXml(`a<b & "c"`) // 'a&lt;b &amp; &quot;c&quot;'
 */
export function escapeXml(text: string): string {
  // Perf: one test before the replace passes; almost every field needs none.
  if (!/[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/.test(text)) return text;
  return text.replace(XML_FORBIDDEN, '\uFFFD').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * Text safe inside an XML comment: `--` may not appear, nor a trailing `-`.
 *
 * @example commentSafe('a--b') // 'a- -b'
 */
export function commentSafe(text: string): string {
  return escapeXml(text).replace(/--/g, '- -').replace(/--/g, '- -').replace(/-$/, '- ');
}

/**
 * Shorten `text` to at most `max` characters (UTF-16 code units), ending in
 * an ellipsis; text that already fits is returned as is. Never splits a
 * surrogate pair; trailing white space before the ellipsis is dropped.
 *
 * @example shorten('Summarise pull requests', 10) // 'Summarise…'
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - ELLIPSIS.length;
  const before = text.charCodeAt(end - 1);
  if (end > 0 && before >= 0xd800 && before <= 0xdbff) end -= 1;
  return `${text.slice(0, Math.max(0, end)).trimEnd()}${ELLIPSIS}`;
}

export { editDistance } from '../model/edit-distance.js';
