/**
 * Scalar readers for the fast path (`fast-yaml.ts`): each reads one scalar exactly as `yaml` (core schema) would,
 * or returns `DECLINE` for anything outside that subset, so the caller falls back. Declining is always safe.
 */

/** Scanning state: the text, the read position, a `[`/`{` count and the deepest collection. */
export interface Cursor {
  readonly src: string;
  /** Record location trees (the parse `locate()` runs); none otherwise. */
  readonly rec: boolean;
  pos: number;
  brackets: number;
  depth: number;
  /** Set by a plain-scalar line scan when a ` #` comment ended the scalar. */
  comment: boolean;
}

/** Deepest collection nesting the fast path reads (root mapping = 1); deeper declines. */
export const MAX_FAST_DEPTH = 6;

export function enter(cur: Cursor, depth: number): boolean {
  if (depth > MAX_FAST_DEPTH) return false;
  if (depth > cur.depth) cur.depth = depth;
  return true;
}

const KEY_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f) KEY_CHAR[c] = 2;
  else if (c === 0x2d || c === 0x2e || c === 0x2f) KEY_CHAR[c] = 1;
}
/** yaml refuses implicit keys longer than this. */
const MAX_KEY = 1024;

/** Offset of the `:` ending a simple key that starts at `k` (`key:` then space or end of line), or -1. */
export function keyEnd(s: string, k: number): number {
  const first = s.charCodeAt(k);
  if (first >= 128 || KEY_CHAR[first] !== 2) return -1;
  let j = k + 1;
  for (let c = s.charCodeAt(j); c < 128 && KEY_CHAR[c] !== 0; c = s.charCodeAt(++j));
  if (s.charCodeAt(j) !== COLON || j - k > MAX_KEY) return -1;
  const d = s.charCodeAt(j + 1);
  return d === SP || d === LF || j + 1 >= s.length ? j : -1;
}

// Perf: the most used keys as constants, neither sliced out of the text nor resolved.
const KNOWN_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'disable-model-invocation',
  'version',
  'author',
  'tags',
  'includes',
  'tools',
  'inline-tools',
  'mcp',
  'agent-skills',
  'dependencies',
  'server',
  'skill',
  'writes',
  'overrides',
  'input-schema',
  'type',
  'mcp_servers',
  'user-invocable',
  'argument-hint',
  'model',
  'context',
  'hooks',
  'agent',
  'homepage',
  'repository',
  'category',
  'keywords',
];
const KNOWN_BY_LENGTH: (string[] | undefined)[] = [];
for (const key of KNOWN_KEYS) (KNOWN_BY_LENGTH[key.length] ??= []).push(key);

/** The constant for the key `s[k, end)` when it is one of the common keys, else undefined. */
export function knownKey(s: string, k: number, end: number): string | undefined {
  const list = KNOWN_BY_LENGTH[end - k];
  if (list === undefined) return undefined;
  const first = s.charCodeAt(k);
  for (let i = 0; i < list.length; i++) {
    const key = list[i]!;
    if (key.charCodeAt(0) === first && s.startsWith(key, k)) return key;
  }
  return undefined;
}

/** Keys that resolve to null/bool/number, `__proto__` and duplicates go to the general path. */
export function isUnusableKey(obj: Record<string, unknown>, key: string): boolean {
  return key === '__proto__' || Object.hasOwn(obj, key) || typeof resolvePlain(key) !== 'string';
}

/** Returned by a reader for any input it does not reproduce exactly. */
export const DECLINE: unique symbol = Symbol('decline');
export type Read<T> = T | typeof DECLINE;

export const LF = 0x0a;
export const SP = 0x20;
const HASH = 0x23;
const COLON = 0x3a;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const BACKSLASH = 0x5c;
const LBRACKET = 0x5b;
const LBRACE = 0x7b;
const COMMA = 0x2c;
const RBRACKET = 0x5d;

/** Characters never accepted: controls (tab and CR included), DEL/C1, line separators, BOM, non-characters. */
export function isBadChar(c: number): boolean {
  return c < 0x20 ? c !== LF : c >= 0x7f && (c <= 0x9f || c === 0x2028 || c === 0x2029 || c === 0xfeff || c >= 0xfffe);
}

/** Character classes (`CHAR[code]`); 0 is "ordinary" for every reader. */
export const C_LF = 1;
export const C_SP = 2;
export const C_COLON = 3;
export const C_HASH = 4;
export const C_OPEN = 5;
export const C_BAD = 6;
export const C_DQUOTE = 7;
export const C_SQUOTE = 8;
export const C_BACKSLASH = 9;
export const C_COMMA = 10;
export const C_CLOSE = 11;

// Perf: one table load per character in every scanning loop, instead of a chain of comparisons.
export const CHAR = new Uint8Array(0x10000);
// Filled by ranges, not by calling `isBadChar` 65,536 times at start-up.
CHAR.fill(C_BAD, 0, 0x20).fill(C_BAD, 0x7f, 0xa0).fill(C_BAD, 0x2028, 0x202a).fill(C_BAD, 0xfffe);
CHAR[0xfeff] = C_BAD;
CHAR[LF] = C_LF;
CHAR[SP] = C_SP;
CHAR[COLON] = C_COLON;
CHAR[HASH] = C_HASH;
CHAR[LBRACKET] = C_OPEN;
CHAR[LBRACE] = C_OPEN;
CHAR[DQUOTE] = C_DQUOTE;
CHAR[SQUOTE] = C_SQUOTE;
CHAR[BACKSLASH] = C_BACKSLASH;
CHAR[COMMA] = C_COMMA;
CHAR[RBRACKET] = C_CLOSE;
CHAR[0x7d] = C_CLOSE;

/** Scan the rest of a line for bad characters and brackets: the offset of its LF (or the end), -1 on a bad one. */
export function scanToEol(cur: Cursor, i: number): number {
  const s = cur.src;
  const n = s.length;
  for (; i < n; i++) {
    const k = CHAR[s.charCodeAt(i)];
    if (k === 0) continue;
    if (k === C_LF) return i;
    if (k === C_OPEN) cur.brackets++;
    else if (k === C_BAD) return -1;
  }
  return n;
}

/** After a quoted scalar or flow sequence: only spaces and a comment may follow; `cur.pos` moves to the next line. */
export function endOfLine(cur: Cursor, i: number): boolean {
  const s = cur.src;
  const from = i;
  while (s.charCodeAt(i) === SP) i++;
  if (i < s.length && s.charCodeAt(i) !== LF) {
    if (s.charCodeAt(i) !== HASH || i === from) return false;
    i = scanToEol(cur, i);
    if (i < 0) return false;
  }
  cur.pos = i + 1;
  return true;
}

// The core-schema tests are yaml's own regexes, tried only when the first character could start one.
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Resolve a plain scalar with the YAML 1.2 core schema, in yaml's tag order. */
export function resolvePlain(s: string): unknown {
  const c = s.charCodeAt(0);
  const numeric = (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
  if (!numeric) {
    if (s === '' || s === '~' || s === 'null' || s === 'Null' || s === 'NULL') return null;
    if (s === 'true' || s === 'True' || s === 'TRUE') return true;
    if (s === 'false' || s === 'False' || s === 'FALSE') return false;
    return s;
  }
  if (INT_OCT.test(s)) return parseInt(s.substring(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.substring(2), 16);
  if (FLOAT_NAN.test(s)) return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
  return s;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

/** Hex digits of a `\x`/`\u`/`\U` escape → the character, or DECLINE. */
function hexEscape(s: string, at: number, len: number): Read<string> {
  let code = 0;
  for (let k = 0; k < len; k++) {
    const h = s.charCodeAt(at + k);
    const d =
      h >= 0x30 && h <= 0x39 ? h - 0x30 : h >= 0x61 && h <= 0x66 ? h - 0x57 : h >= 0x41 && h <= 0x46 ? h - 0x37 : -1;
    if (d < 0) return DECLINE;
    code = code * 16 + d;
  }
  return code > 0x10ffff ? DECLINE : String.fromCodePoint(code);
}

/** A one-line double-quoted scalar at `start`; `cur.pos` ends after the closing quote. */
export function readDoubleQuoted(cur: Cursor, start: number): Read<string> {
  const s = cur.src;
  const n = s.length;
  let out = '';
  let run = start + 1;
  for (let i = run; i < n; i++) {
    const k = CHAR[s.charCodeAt(i)];
    if (k === 0 || k === C_SP) continue;
    if (k === C_DQUOTE) {
      cur.pos = i + 1;
      return out + s.slice(run, i);
    }
    if (k === C_BACKSLASH) {
      out += s.slice(run, i);
      const e = s[i + 1];
      if (e === undefined) return DECLINE;
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        i += 1;
      } else {
        const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
        if (len === 0) return DECLINE;
        const ch = hexEscape(s, i + 2, len);
        if (ch === DECLINE) return DECLINE;
        out += ch;
        i += 1 + len;
      }
      run = i + 1;
    } else if (k === C_OPEN) cur.brackets++;
    else if (k === C_LF || k === C_BAD) return DECLINE; // multi-line → general path
  }
  return DECLINE;
}

/** A one-line single-quoted scalar (`''` is a quote); `cur.pos` ends after the closing quote. */
export function readSingleQuoted(cur: Cursor, start: number): Read<string> {
  const s = cur.src;
  const n = s.length;
  let out = '';
  let run = start + 1;
  for (let i = run; i < n; i++) {
    const k = CHAR[s.charCodeAt(i)];
    if (k === 0 || k === C_SP) continue;
    if (k === C_SQUOTE) {
      out += s.slice(run, i);
      if (s.charCodeAt(i + 1) !== SQUOTE) {
        cur.pos = i + 1;
        return out;
      }
      i += 1;
      run = i;
    } else if (k === C_OPEN) cur.brackets++;
    else if (k === C_LF || k === C_BAD) return DECLINE;
  }
  return DECLINE;
}

/** True when the character cannot start a plain scalar in block context (or we decline it). */
export function isPlainStartBlocked(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  switch (c) {
    case 0x2d: {
      // `-` starts a plain scalar only when glued to the next character
      const d = s.charCodeAt(i + 1);
      return d === SP || d === LF || Number.isNaN(d);
    }
    case 0x3f:
    case COLON:
    case COMMA:
    case LBRACKET:
    case RBRACKET:
    case LBRACE:
    case 0x7d:
    case HASH:
    case 0x26:
    case 0x2a:
    case 0x21:
    case 0x7c:
    case 0x3e:
    case SQUOTE:
    case DQUOTE:
    case 0x25:
    case 0x40:
    case 0x60:
      return true;
    default:
      return isBadChar(c) || c === SP || c === LF || Number.isNaN(c);
  }
}
