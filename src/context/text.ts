export const ELLIPSIS = '\u2026';

// U+0085 is a line break to some readers, U+009B a one-character CSI to some terminals; a lone CR overwrites.
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
const CONTROLS_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/g;

/**
 * The one sanitiser for text a skill controls: C0 (but tab and LF), DEL, C1 and a lone CR are shown as `\xNN`,
 * so no escape sequence can act on a terminal or hide text from a model.
 */
export function escapeControls(text: string): string {
  // Perf: almost no text holds a control character; one test, no allocation.
  if (!CONTROLS.test(text)) return text;
  return text.replace(CONTROLS_ALL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** True when `text` holds a character `escapeControls` would show escaped. */
export function hasControls(text: string): boolean {
  return CONTROLS.test(text);
}

// `_` inside a word never starts emphasis, so `my_project` stays as it is. Perf: compiled on first use, not
// at import (Unicode property patterns are slow to compile).
let markdownSpecial: RegExp | undefined;
const MARKDOWN_SPECIAL = (): RegExp => (markdownSpecial ??= /[\\`*[\]<>()|!#~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu);

const MARKDOWN_TOUCHED = /[\\`*[\]<>()|!#~_\r\n\u0000-\u001F\u007F-\u009F]/;

/** A name or location for a Markdown listing: a folder named `x](http://evil)` or `<!--` cannot make a link. */
export function markdownText(text: string): string {
  // Perf: names, digests and most paths need no escaping.
  if (!MARKDOWN_TOUCHED.test(text)) return text;
  const line = /[\r\n]/.test(text) ? text.replace(/[\r\n]+/g, ' ') : text;
  // Markdown first: the `\xNN` of an escaped control is then no Markdown escape and reads as is.
  return escapeControls(line.replace(MARKDOWN_SPECIAL(), (c) => `\\${c}`));
}

/** A description on one line: each line break and the white space around it becomes one space; ends trimmed. */
export function foldDescription(text: string): string {
  if (!FOLD_TOUCHED.test(text)) return text;
  const folded = text.replace(/[^\S\r\n]*(?:\r\n|\r|\n)\s*/g, ' ').trim();
  // Lone surrogates and U+FFFE/U+FFFF, which XML cannot hold, become U+FFFD.
  return escapeControls(folded).replace(XML_FORBIDDEN, '\uFFFD');
}

const FOLD_TOUCHED = /[\r\n\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]|^\s|\s$/;

// Forbidden in XML 1.0 content; replaced so the block always parses.
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
});

/** Escape text for XML content with `html.escape`'s entities, byte-identical to the reference `to-prompt`. */
export function escapeXml(text: string): string {
  // Perf: almost every field needs no replace.
  if (!/[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/.test(text)) return text;
  return text.replace(XML_FORBIDDEN, '\uFFFD').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/** Text safe inside an XML comment: `--` may not appear, nor a trailing `-`. */
export function commentSafe(text: string): string {
  return escapeXml(text).replace(/--/g, '- -').replace(/--/g, '- -').replace(/-$/, '- ');
}

/** Shorten `text` to at most `max` UTF-16 units, ending in an ellipsis; never splits a surrogate pair. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - ELLIPSIS.length;
  const before = text.charCodeAt(end - 1);
  if (end > 0 && before >= 0xd800 && before <= 0xdbff) end -= 1;
  return `${text.slice(0, Math.max(0, end)).trimEnd()}${ELLIPSIS}`;
}

export { editDistance } from '../model/edit-distance.js';
