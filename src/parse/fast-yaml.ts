/**
 * Hand parser for the common flat frontmatter shape (DESIGN "Performance
 * architecture": `yaml` costs ~240 µs per frontmatter; this path costs a few).
 *
 * Accepted: a root block mapping at column 0 whose keys are simple plain words
 * and whose values are plain scalars (one line or folded), one-line single or
 * double-quoted scalars, `|`/`>` block scalars with chomping, one-line flow
 * sequences of scalars, block sequences of scalars, and one level of nested
 * mapping of such scalars; comments and blank lines anywhere between entries.
 * Anything else — anchors, tags, flow maps, deeper nesting, tabs, CR,
 * duplicate keys, document markers, multi-line quoted scalars — declines
 * (`null`), and the caller uses the general `yaml` path. For every input it
 * accepts, `value` and `locate()` equal the general path's exactly (a
 * differential test over the real corpus and generated input holds this).
 */
import { readBlockScalar, readPlain } from './fast-yaml-block.js';
import {
  type Cursor, DECLINE, LF, type Read, SP, endOfLine, isPlainStartBlocked, readDoubleQuoted, readFlowPlain,
  readSingleQuoted, resolvePlain, scanToEol,
} from './fast-yaml-scalars.js';
import { type Loc, type MapLoc, type SeqLoc, makeLocate } from './fast-yaml-locate.js';
import type { FrontmatterYaml, YamlLimits } from './yaml-types.js';

const HASH = 0x23;
const COLON = 0x3a;
const NO_ISSUES: readonly never[] = Object.freeze([]);
/** yaml refuses implicit keys longer than this. */
const MAX_KEY = 1024;

/** Parser state; one per call (no module-level mutable state, workers stay independent). */
class FlatParser implements Cursor {
  readonly src: string;
  pos = 0;
  brackets = 0;
  /** Offset of the value just read. */
  at = 0;
  /** Location tree of the value just read when it is a collection. */
  kid: Loc | null = null;
  nested = false;
  constructor(src: string) {
    this.src = src;
  }
}

// Perf: key characters by table lookup; first character letter/digit/underscore.
const KEY_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_]/.test(ch)) KEY_CHAR[c] = 2;
  else if (ch === '-' || ch === '.' || ch === '/') KEY_CHAR[c] = 1;
}

/** End of a simple key starting at `k` (offset of its `:`), or -1 when the line is not `key:`. */
function keyEnd(s: string, k: number): number {
  const first = s.charCodeAt(k);
  if (first >= 128 || KEY_CHAR[first] !== 2) return -1;
  let j = k + 1;
  for (let c = s.charCodeAt(j); c < 128 && KEY_CHAR[c] !== 0; c = s.charCodeAt(++j));
  if (s.charCodeAt(j) !== COLON) return -1;
  const d = s.charCodeAt(j + 1);
  return d === SP || d === LF || j + 1 >= s.length ? j : -1;
}

/** True for a block sequence entry indicator (`-` then space or end of line). */
function isDash(s: string, k: number): boolean {
  if (s.charCodeAt(k) !== 0x2d) return false;
  const d = s.charCodeAt(k + 1);
  return d === SP || d === LF || k + 1 >= s.length;
}

/**
 * Skip blank and comment lines from `p.pos`; returns the offset of the first
 * character of the next content line (or the text length) and sets `p.pos` to
 * that line's start. `-1` on a bad character; `p.at` is 1 if a comment was seen.
 */
function nextContent(p: FlatParser): number {
  const s = p.src;
  const n = s.length;
  p.at = 0;
  while (p.pos < n) {
    let k = p.pos;
    while (s.charCodeAt(k) === SP) k++;
    const c = s.charCodeAt(k);
    if (k >= n) break;
    if (c === LF) p.pos = k + 1;
    else if (c === HASH) {
      const e = scanToEol(p, k);
      if (e < 0) return -1;
      p.at = 1;
      p.pos = e + 1;
    } else return k;
  }
  p.pos = n;
  return n;
}

/** A block mapping whose keys sit at column `indent`; collections as values only when `outer`. */
function readMap(p: FlatParser, indent: number, outer: boolean): Read<{ obj: Record<string, unknown>; loc: MapLoc }> {
  const s = p.src;
  const obj: Record<string, unknown> = {};
  const loc: MapLoc = { kind: 'map', at: -1, keys: [], keyAt: [], valueAt: [], kids: [] };
  for (;;) {
    const k = nextContent(p);
    if (k < 0) return DECLINE;
    if (k >= s.length) break;
    const ind = k - p.pos;
    if (ind < indent) break;
    if (ind > indent) return DECLINE;
    const colon = keyEnd(s, k);
    if (colon < 0 || colon - k > MAX_KEY) return DECLINE;
    const key = s.slice(k, colon);
    // Keys that resolve to null/bool/number, `__proto__` and duplicates → general path.
    if (key === '__proto__' || Object.hasOwn(obj, key) || typeof resolvePlain(key) !== 'string') return DECLINE;
    let v = colon + 1;
    while (s.charCodeAt(v) === SP) v++;
    const value = readValue(p, v, indent, outer);
    if (value === DECLINE) return DECLINE;
    if (loc.at < 0) loc.at = k;
    obj[key] = value;
    loc.keys.push(key);
    loc.keyAt.push(k);
    loc.valueAt.push(p.at);
    loc.kids.push(p.kid);
  }
  return loc.at < 0 ? DECLINE : { obj, loc };
}

/** The value of a mapping entry whose first non-space character after `:` is at `v`. */
function readValue(p: FlatParser, v: number, indent: number, outer: boolean): Read<unknown> {
  const s = p.src;
  const c = s.charCodeAt(v);
  p.kid = null;
  let value: Read<unknown>;
  if (v >= s.length || c === LF || c === HASH) return readEmptyOrBelow(p, v, indent, outer);
  if (c === 0x7c || c === 0x3e) value = readBlockScalar(p, v, indent);
  else if (c === 0x22 || c === 0x27) {
    value = c === 0x22 ? readDoubleQuoted(p, v) : readSingleQuoted(p, v);
    if (value !== DECLINE && !endOfLine(p, p.pos)) return DECLINE;
  } else if (c === 0x5b) {
    if (!outer) return DECLINE;
    value = readFlowSeq(p, v);
  } else if (isPlainStartBlocked(s, v)) return DECLINE;
  else value = readPlain(p, v, indent);
  p.at = v;
  return value;
}

/**
 * `key:` with nothing else on the line: null, or a collection / plain scalar
 * on the following more-indented lines (a block sequence may also sit at the
 * key's own column).
 */
function readEmptyOrBelow(p: FlatParser, v: number, indent: number, outer: boolean): Read<unknown> {
  const s = p.src;
  let eol = v;
  const inlineComment = s.charCodeAt(v) === HASH;
  if (inlineComment) eol = scanToEol(p, v);
  if (eol < 0) return DECLINE;
  p.pos = eol + 1;
  const k = nextContent(p);
  if (k < 0) return DECLINE;
  const sawComment = inlineComment || p.at === 1;
  const ind = k - p.pos;
  const dash = k < s.length && isDash(s, k);
  if (k >= s.length || ind < indent || (ind === indent && !dash)) {
    // yaml places an empty value after the `: ` and its spaces.
    p.pos = eol + 1;
    p.at = v;
    return null;
  }
  if (sawComment) return DECLINE;
  let value: Read<unknown>;
  if (dash || keyEnd(s, k) >= 0) {
    if (!outer) return DECLINE;
    value = dash ? readBlockSeq(p, ind) : readNested(p, ind);
    p.nested = true;
  } else if (isPlainStartBlocked(s, k)) return DECLINE;
  else value = readPlain(p, k, indent);
  p.at = k;
  return value;
}

function readNested(p: FlatParser, indent: number): Read<unknown> {
  const m = readMap(p, indent, false);
  if (m === DECLINE) return DECLINE;
  p.kid = m.loc;
  return m.obj;
}

/** Block sequence of scalars with its `-` at column `indent`; `p.pos` is at its first line. */
function readBlockSeq(p: FlatParser, indent: number): Read<unknown[]> {
  const s = p.src;
  const out: unknown[] = [];
  const loc: SeqLoc = { kind: 'seq', at: -1, items: [] };
  for (;;) {
    const k = nextContent(p);
    if (k < 0) return DECLINE;
    if (k >= s.length) break;
    const ind = k - p.pos;
    if (ind < indent || (ind === indent && !isDash(s, k))) break;
    if (ind > indent) return DECLINE;
    let v = k + 1;
    while (s.charCodeAt(v) === SP) v++;
    const c = s.charCodeAt(v);
    let item: Read<unknown>;
    if (c === 0x22 || c === 0x27) {
      item = c === 0x22 ? readDoubleQuoted(p, v) : readSingleQuoted(p, v);
      if (item !== DECLINE && !endOfLine(p, p.pos)) return DECLINE;
    } else if (isPlainStartBlocked(s, v)) return DECLINE; // null items, nested collections, block scalars
    else item = readPlain(p, v, indent);
    if (item === DECLINE) return DECLINE;
    if (loc.at < 0) loc.at = k;
    out.push(item);
    loc.items.push(v);
  }
  p.kid = loc;
  return out;
}

/** One-line flow sequence of scalars starting at the `[` at `start`. */
function readFlowSeq(p: FlatParser, start: number): Read<unknown[]> {
  const s = p.src;
  const out: unknown[] = [];
  const loc: SeqLoc = { kind: 'seq', at: start, items: [] };
  p.brackets++;
  let i = start + 1;
  while (s.charCodeAt(i) === SP) i++;
  if (s.charCodeAt(i) === 0x5d) i++;
  else {
    for (;;) {
      const c = s.charCodeAt(i);
      let item: Read<unknown>;
      if (c === 0x22) item = readDoubleQuoted(p, i);
      else if (c === 0x27) item = readSingleQuoted(p, i);
      else if (isPlainStartBlocked(s, i)) return DECLINE;
      else item = readFlowPlain(p, i);
      if (item === DECLINE) return DECLINE;
      out.push(item);
      loc.items.push(i);
      i = p.pos;
      while (s.charCodeAt(i) === SP) i++;
      const d = s.charCodeAt(i++);
      if (d === 0x5d) break;
      if (d !== 0x2c) return DECLINE;
      while (s.charCodeAt(i) === SP) i++;
      if (s.charCodeAt(i) === 0x5d) return DECLINE; // trailing comma
    }
  }
  if (!endOfLine(p, i)) return DECLINE;
  p.kid = loc;
  p.nested = true;
  return out;
}

/**
 * Parse flat frontmatter YAML by hand, or return `null` to decline (the
 * caller then uses the general `yaml` path). Never throws.
 *
 * @example parseFlatFrontmatter('name: a\ntags: [x, y]\n', DEFAULT_YAML_LIMITS)?.value // { name: 'a', tags: ['x', 'y'] }
 */
export function parseFlatFrontmatter(yamlText: string, limits: YamlLimits): FrontmatterYaml | null {
  if (yamlText.length > limits.maxChars) return null;
  const p = new FlatParser(yamlText);
  const root = readMap(p, 0, true);
  if (root === DECLINE) return null;
  // The general path refuses deep nesting by counting `[`/`{` in the text;
  // our bracket count bounds that from above, so equal verdicts are certain.
  if ((p.nested ? 2 : 1) > limits.maxDepth || p.brackets > limits.maxDepth) return null;
  return { value: root.obj, issues: NO_ISSUES, locate: makeLocate(yamlText, root.loc) };
}
