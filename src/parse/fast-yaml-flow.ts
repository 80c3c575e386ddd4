/**
 * One-line flow collections for the fast path: `[a, 'b', {name: c, writes: true}]`
 * and `{name: c, writes: true}`, nested as deep as `MAX_FAST_DEPTH`. Items are
 * scalars or further flow collections on the same line; keys are simple plain
 * words followed by `: `. Empty items, trailing commas, `?`/`:`-keys, `#` and
 * multi-line collections decline.
 */
import type { MapLoc, SeqLoc } from './fast-yaml-locate.js';
import {
  CHAR,
  C_BACKSLASH,
  C_COMMA,
  C_DQUOTE,
  C_SP,
  C_SQUOTE,
  type Cursor,
  DECLINE,
  type Read,
  SP,
  enter,
  isPlainStartBlocked,
  isUnusableKey,
  keyEnd,
  knownKey,
  readDoubleQuoted,
  readSingleQuoted,
  resolvePlain,
} from './fast-yaml-scalars.js';

const RBRACKET = 0x5d;
const RBRACE = 0x7d;

/** Result of a flow node: its value and, for collections when the cursor records them, its location tree. */
export interface FlowNode {
  value: unknown;
  loc: MapLoc | SeqLoc | null;
}

/**
 * A plain scalar inside a flow collection, from `start` up to `,` or `close`
 * (trailing spaces trimmed); `cur.pos` ends on the delimiter. Anything that
 * could change meaning inside flow (`:`, `#`, other flow indicators) declines.
 */
function readFlowPlain(cur: Cursor, start: number, close: number): Read<unknown> {
  const s = cur.src;
  const n = s.length;
  let last = start - 1;
  let i = start;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    const k = CHAR[c];
    if (k === 0 || k === C_DQUOTE || k === C_SQUOTE || k === C_BACKSLASH) {
      last = i;
      continue;
    }
    if (k === C_COMMA || c === close) break;
    if (k !== C_SP) return DECLINE; // `:`, `#`, other flow indicators, LF, bad characters
  }
  if (i >= n || last < start) return DECLINE;
  cur.pos = i;
  return resolvePlain(s.slice(start, last + 1));
}

/** Any flow node at `i` (a collection here sits at `depth`); `cur.pos` ends after it. */
function readFlowNode(cur: Cursor, i: number, depth: number, close: number, out: FlowNode): boolean {
  const s = cur.src;
  const c = s.charCodeAt(i);
  let value: Read<unknown>;
  out.loc = null;
  if (c === 0x22) value = readDoubleQuoted(cur, i);
  else if (c === 0x27) value = readSingleQuoted(cur, i);
  else if (c === 0x5b) return readFlowSeq(cur, i, depth, out);
  else if (c === 0x7b) return readFlowMap(cur, i, depth, out);
  else if (isPlainStartBlocked(s, i)) return false;
  else value = readFlowPlain(cur, i, close);
  if (value === DECLINE) return false;
  out.value = value;
  return true;
}

/** After an item: spaces, then `,` (not before the closer) or the closer. Returns the next offset or -1. */
function afterItem(s: string, i: number, close: number): number {
  while (s.charCodeAt(i) === SP) i++;
  const d = s.charCodeAt(i);
  if (d === close) return -(i + 2); // encoded "closed at i"
  if (d !== 0x2c) return -1;
  i++;
  while (s.charCodeAt(i) === SP) i++;
  return s.charCodeAt(i) === close ? -1 : i; // trailing comma → general path
}

/**
 * `[ … ]` starting at `start`, a collection at `depth`; fills `out` and leaves
 * `cur.pos` just after the `]`.
 *
 * @example readFlowSeq(cursor, 0, 2, node) // node.value = ['a', 1] for "[a, 1]"
 */
export function readFlowSeq(cur: Cursor, start: number, depth: number, out: FlowNode): boolean {
  const s = cur.src;
  if (!enter(cur, depth)) return false;
  cur.brackets++;
  const items: unknown[] = [];
  const loc: SeqLoc | null = cur.rec ? { kind: 'seq', at: start, items: [], kids: [] } : null;
  let i = start + 1;
  while (s.charCodeAt(i) === SP) i++;
  if (s.charCodeAt(i) === RBRACKET) cur.pos = i + 1;
  else {
    const node: FlowNode = { value: null, loc: null };
    for (;;) {
      if (!readFlowNode(cur, i, depth + 1, RBRACKET, node)) return false;
      items.push(node.value);
      if (loc !== null) {
        loc.items.push(i);
        loc.kids.push(node.loc);
      }
      const next = afterItem(s, cur.pos, RBRACKET);
      if (next === -1) return false;
      if (next < 0) {
        cur.pos = -next - 1;
        break;
      }
      i = next;
    }
  }
  out.value = items;
  out.loc = loc;
  return true;
}

/** `{ key: value, … }` starting at `start`, a collection at `depth`; `cur.pos` ends after the `}`. */
export function readFlowMap(cur: Cursor, start: number, depth: number, out: FlowNode): boolean {
  const s = cur.src;
  if (!enter(cur, depth)) return false;
  cur.brackets++;
  const obj: Record<string, unknown> = {};
  const loc: MapLoc | null = cur.rec ? { kind: 'map', at: start, keys: [], keyAt: [], valueAt: [], kids: [] } : null;
  let i = start + 1;
  while (s.charCodeAt(i) === SP) i++;
  if (s.charCodeAt(i) === RBRACE) cur.pos = i + 1;
  else {
    const node: FlowNode = { value: null, loc: null };
    for (;;) {
      const colon = keyEnd(s, i);
      if (colon < 0 || s.charCodeAt(colon + 1) !== SP) return false;
      let key = knownKey(s, i, colon);
      if (key === undefined) {
        key = s.slice(i, colon);
        if (isUnusableKey(obj, key)) return false;
      } else if (Object.hasOwn(obj, key)) return false;
      let v = colon + 1;
      while (s.charCodeAt(v) === SP) v++;
      if (!readFlowNode(cur, v, depth + 1, RBRACE, node)) return false;
      obj[key] = node.value;
      if (loc !== null) {
        loc.keys.push(key);
        loc.keyAt.push(i);
        loc.valueAt.push(v);
        loc.kids.push(node.loc);
      }
      const next = afterItem(s, cur.pos, RBRACE);
      if (next === -1) return false;
      if (next < 0) {
        cur.pos = -next - 1;
        break;
      }
      i = next;
    }
  }
  out.value = obj;
  out.loc = loc;
  return true;
}
