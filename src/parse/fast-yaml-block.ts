/** Block scalar readers for the fast path (plain and `|`/`>`), as `yaml`'s lexer, declining where unsure. */
import {
  CHAR,
  C_BAD,
  C_COLON,
  C_HASH,
  C_LF,
  C_OPEN,
  C_SP,
  type Cursor,
  DECLINE,
  LF,
  type Read,
  SP,
  resolvePlain,
  scanToEol,
} from './fast-yaml-scalars.js';

const HASH = 0x23;

/** One line of plain text: the offset past its last non-space character, or -1 to decline. */
function scanPlainLine(cur: Cursor, i: number): number {
  const s = cur.src;
  const n = s.length;
  let end = i;
  for (; i < n; i++) {
    const k = CHAR[s.charCodeAt(i)];
    if (k === 0) {
      end = i + 1;
      continue;
    }
    if (k === C_LF) break;
    if (k === C_SP) continue;
    if (k === C_COLON) {
      // `: ` or a final `:` would make this a mapping key → general path.
      const d = s.charCodeAt(i + 1);
      if (d === SP || d === LF || i + 1 >= n) return -1;
    } else if (k === C_HASH && s.charCodeAt(i - 1) === SP) {
      cur.comment = true;
      i = scanToEol(cur, i);
      if (i < 0) return -1;
      break;
    } else if (k === C_OPEN) cur.brackets++;
    else if (k === C_BAD) return -1;
    end = i + 1;
  }
  cur.pos = i;
  return end;
}

/** A plain scalar in block context, its continuation lines (indented past `parentIndent`) folded as yaml does. */
export function readPlain(cur: Cursor, start: number, parentIndent: number): Read<unknown> {
  const s = cur.src;
  const n = s.length;
  cur.comment = false;
  const end = scanPlainLine(cur, start);
  if (end < 0) return DECLINE;
  let text = s.slice(start, end);
  let multi = false;
  let lineStart = cur.pos + 1;
  let empties = 0;
  while (!cur.comment && lineStart < n) {
    let k = lineStart;
    while (s.charCodeAt(k) === SP) k++;
    const c = s.charCodeAt(k);
    if (c === LF) {
      empties++;
      lineStart = k + 1;
      continue;
    }
    if (k >= n || k - lineStart <= parentIndent || c === HASH) break;
    const e = scanPlainLine(cur, k);
    if (e < 0) return DECLINE;
    text += (empties > 0 ? '\n'.repeat(empties) : ' ') + s.slice(k, e);
    multi = true;
    empties = 0;
    lineStart = cur.pos + 1;
  }
  // Trailing empty lines fold into nothing; resume at the first unread line.
  cur.pos = lineStart;
  return multi ? text : resolvePlain(text);
}

/** A block scalar whose header is at `start`; explicit indentation and unusual indentation decline. */
export function readBlockScalar(cur: Cursor, start: number, parentIndent: number): Read<string> {
  const s = cur.src;
  const n = s.length;
  const folded = s.charCodeAt(start) === 0x3e;
  let i = start + 1;
  let chomp = s.charCodeAt(i);
  if (chomp === 0x2d || chomp === 0x2b) i++;
  else chomp = 0;
  if (s.charCodeAt(i) !== LF) {
    if (s.charCodeAt(i) !== SP) return DECLINE;
    while (s.charCodeAt(i) === SP) i++;
    if (s.charCodeAt(i) === HASH) i = scanToEol(cur, i);
    if (i < 0 || i >= n || s.charCodeAt(i) !== LF) return DECLINE;
  }
  let lineStart = i + 1;
  let indent = -1;
  let leading = 0;
  let deepestEmpty = 0;
  let value = '';
  let sep = '';
  let prevMore = false;
  let empties = 0;
  let lineBreaks = 0; // line feeds after the last content line (keep chomping)
  for (;;) {
    let k = lineStart;
    while (s.charCodeAt(k) === SP) k++;
    const lineIndent = k - lineStart;
    const c = s.charCodeAt(k);
    if (k >= n || c === LF) {
      if (indent === -1) {
        if (k >= n) return DECLINE; // empty block scalar → general path
        if (lineIndent > deepestEmpty) deepestEmpty = lineIndent;
        leading++;
      } else {
        if (lineIndent > indent) return DECLINE;
        empties++;
      }
      if (k >= n) break;
      lineBreaks++;
      lineStart = k + 1;
      continue;
    }
    if (indent === -1) {
      if (lineIndent <= parentIndent || deepestEmpty > lineIndent) return DECLINE;
      indent = lineIndent;
      value = '\n'.repeat(leading);
    } else if (lineIndent < indent) {
      if (lineIndent > parentIndent) return DECLINE;
      break;
    }
    const eol = scanToEol(cur, k);
    if (eol < 0) return DECLINE;
    const text = s.slice(lineStart + indent, eol);
    if (!folded) {
      value += sep + '\n'.repeat(empties) + text;
      sep = '\n';
    } else {
      // Same state machine as yaml's resolveBlockScalar for folded content.
      for (; empties > 0; empties--) {
        if (sep === '\n') value += '\n';
        else sep = '\n';
      }
      if (lineIndent > indent) {
        if (sep === ' ') sep = '\n';
        else if (!prevMore && sep === '\n') sep = '\n\n';
        value += sep + text;
        sep = '\n';
        prevMore = true;
      } else {
        value += sep + text;
        sep = ' ';
        prevMore = false;
      }
    }
    empties = 0;
    lineBreaks = 0;
    if (eol >= n) {
      lineStart = n;
      break;
    }
    lineBreaks = 1;
    lineStart = eol + 1;
  }
  cur.pos = lineStart;
  if (chomp === 0x2b) {
    value += '\n'.repeat(lineBreaks);
    if (value.charCodeAt(value.length - 1) !== LF) value += '\n';
  } else if (chomp === 0) value += '\n';
  return value;
}
