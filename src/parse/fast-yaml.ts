/**
 * Hand parser for the common frontmatter shapes (Perf: `yaml` costs ~100× more per frontmatter): a root block
 * mapping of plain keys with plain, quoted, block and one-line flow values, block sequences and nested maps down
 * to `MAX_FAST_DEPTH`. Anything else declines (`null`) to the `yaml` path. For what it accepts, `value` and
 * `locate()` equal the general path's exactly (a differential test over the corpus holds this).
 */
import { readBlockScalar, readPlain } from './fast-yaml-block.js';
import { type FlowNode, readFlowMap, readFlowSeq } from './fast-yaml-flow.js';
import { type Loc, type MapLoc, type SeqLoc, makeLocate } from './fast-yaml-locate.js';
import {
  type Cursor,
  DECLINE,
  LF,
  type Read,
  SP,
  endOfLine,
  enter,
  isPlainStartBlocked,
  isUnusableKey,
  keyEnd,
  knownKey,
  readDoubleQuoted,
  readSingleQuoted,
  scanToEol,
} from './fast-yaml-scalars.js';
import type { FrontmatterYaml, YamlLimits } from './yaml-types.js';

const HASH = 0x23;
const NO_ISSUES: readonly never[] = Object.freeze([]);

/** Parser state; one per call (no module-level mutable state, workers stay independent). */
class FlatParser implements Cursor {
  readonly src: string;
  readonly rec: boolean;
  pos = 0;
  brackets = 0;
  depth = 0;
  comment = false;
  /** Offset of the value just read. */
  at = 0;
  /** Location tree of the value just read when it is a collection (only when `rec`). */
  kid: Loc | null = null;
  readonly flow: FlowNode = { value: null, loc: null };
  constructor(src: string, rec: boolean) {
    this.src = src;
    this.rec = rec;
  }
}

/** A block sequence entry indicator (`-` then space or end of line). */
function isDash(s: string, k: number): boolean {
  if (s.charCodeAt(k) !== 0x2d) return false;
  const d = s.charCodeAt(k + 1);
  return d === SP || d === LF || k + 1 >= s.length;
}

/** Skip blank and comment lines: the offset of the next content (or the end), -1 on a bad character. */
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

/** A block mapping with keys at column `indent`; `first` is a key already found mid-line (`- key: v`), or -1. */
function readMap(p: FlatParser, indent: number, depth: number, first: number): Read<Record<string, unknown>> {
  const s = p.src;
  if (!enter(p, depth)) return DECLINE;
  const obj: Record<string, unknown> = {};
  // Perf: offsets are recorded only by the second parse that `locate()` runs.
  const loc: MapLoc | null = p.rec ? { kind: 'map', at: -1, keys: [], keyAt: [], valueAt: [], kids: [] } : null;
  let empty = true;
  for (let k = first; ; k = -1) {
    if (k < 0) {
      k = nextContent(p);
      if (k < 0) return DECLINE;
      if (k >= s.length) break;
      const ind = k - p.pos;
      if (ind < indent) break;
      if (ind > indent) return DECLINE;
    }
    const colon = keyEnd(s, k);
    if (colon < 0) return DECLINE;
    let key = knownKey(s, k, colon);
    if (key === undefined) {
      key = s.slice(k, colon);
      if (isUnusableKey(obj, key)) return DECLINE;
    } else if (Object.hasOwn(obj, key)) return DECLINE;
    let v = colon + 1;
    while (s.charCodeAt(v) === SP) v++;
    const value = readValue(p, v, indent, depth);
    if (value === DECLINE) return DECLINE;
    empty = false;
    obj[key] = value;
    if (loc !== null) {
      if (loc.at < 0) loc.at = k;
      loc.keys.push(key);
      loc.keyAt.push(k);
      loc.valueAt.push(p.at);
      loc.kids.push(p.kid);
    }
  }
  if (empty) return DECLINE;
  p.kid = loc;
  return obj;
}

/** A one-line flow collection as a block value; the rest of the line must be blank or a comment. */
function readFlowValue(p: FlatParser, v: number, depth: number): Read<unknown> {
  const ok = p.src.charCodeAt(v) === 0x5b ? readFlowSeq(p, v, depth, p.flow) : readFlowMap(p, v, depth, p.flow);
  if (!ok || !endOfLine(p, p.pos)) return DECLINE;
  p.kid = p.flow.loc;
  return p.flow.value;
}

function readValue(p: FlatParser, v: number, indent: number, depth: number): Read<unknown> {
  const s = p.src;
  const c = s.charCodeAt(v);
  p.kid = null;
  let value: Read<unknown>;
  if (v >= s.length || c === LF || c === HASH) return readEmptyOrBelow(p, v, indent, depth);
  if (c === 0x7c || c === 0x3e) value = readBlockScalar(p, v, indent);
  else if (c === 0x22 || c === 0x27) {
    value = c === 0x22 ? readDoubleQuoted(p, v) : readSingleQuoted(p, v);
    if (value !== DECLINE && !endOfLine(p, p.pos)) return DECLINE;
  } else if (c === 0x5b || c === 0x7b) value = readFlowValue(p, v, depth + 1);
  else if (isPlainStartBlocked(s, v)) return DECLINE;
  else value = readPlain(p, v, indent);
  p.at = v;
  return value;
}

/** `key:` with nothing else on the line: null, or what the more-indented lines below hold. */
function readEmptyOrBelow(p: FlatParser, v: number, indent: number, depth: number): Read<unknown> {
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
  if (sawComment || (dash && ind === indent && depth !== 1)) return DECLINE;
  let value: Read<unknown>;
  if (dash) value = readBlockSeq(p, ind, depth + 1);
  else if (keyEnd(s, k) >= 0) {
    value = readMap(p, ind, depth + 1, -1);
    if (value === DECLINE) return DECLINE;
  } else if (isPlainStartBlocked(s, k)) return DECLINE;
  else value = readPlain(p, k, indent);
  p.at = k;
  return value;
}

/** Block sequence with its `-` at column `indent`; `p.pos` is at its first line. */
function readBlockSeq(p: FlatParser, indent: number, depth: number): Read<unknown[]> {
  const s = p.src;
  if (!enter(p, depth)) return DECLINE;
  const out: unknown[] = [];
  const loc: SeqLoc | null = p.rec ? { kind: 'seq', at: -1, items: [], kids: [] } : null;
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
    p.kid = null;
    if (c === 0x22 || c === 0x27) {
      item = c === 0x22 ? readDoubleQuoted(p, v) : readSingleQuoted(p, v);
      if (item !== DECLINE && !endOfLine(p, p.pos)) return DECLINE;
    } else if (c === 0x5b || c === 0x7b) item = readFlowValue(p, v, depth + 1);
    else if (keyEnd(s, v) >= 0) {
      // `- key: value`: a compact mapping whose keys align with this first one.
      item = readMap(p, v - p.pos, depth + 1, v);
      if (item === DECLINE) return DECLINE;
    } else if (isPlainStartBlocked(s, v))
      return DECLINE; // null items, nested sequences, block scalars
    else item = readPlain(p, v, indent);
    if (item === DECLINE) return DECLINE;
    out.push(item);
    if (loc !== null) {
      if (loc.at < 0) loc.at = k;
      loc.items.push(v);
      loc.kids.push(p.kid);
    }
  }
  p.kid = loc;
  return out;
}

/**
 * Parse frontmatter YAML by hand, or `null` to decline. Never throws. With `lazyLocations` the first `locate()`
 * parses again to find offsets.
 */
export function parseFlatFrontmatter(
  yamlText: string,
  limits: YamlLimits,
  lazyLocations = false,
): FrontmatterYaml | null {
  if (yamlText.length > limits.maxChars) return null;
  const p = new FlatParser(yamlText, !lazyLocations);
  const root = readMap(p, 0, 1, -1);
  if (root === DECLINE) return null;
  // Our bracket count bounds the general path's count of `[`/`{` from above, so both refuse alike.
  if (p.depth > limits.maxDepth || p.brackets > limits.maxDepth) return null;
  return {
    value: root,
    issues: NO_ISSUES,
    locate: makeLocate(yamlText, locations, p.kid?.kind === 'map' ? p.kid : undefined),
  };
}

/** Perf: offsets recorded by a second, identical parse, only when a diagnostic asks for a position. */
function locations(yamlText: string): MapLoc {
  const p = new FlatParser(yamlText, true);
  if (readMap(p, 0, 1, -1) === DECLINE || p.kid === null || p.kid.kind !== 'map')
    throw new Error('fast-yaml: the second parse of an accepted text declined');
  return p.kid;
}
