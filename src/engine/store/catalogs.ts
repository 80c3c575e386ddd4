/**
 * The library's catalog record: `Engine.loadCatalog`'s whole answer — the
 * sealed catalog, its stats, the walk report and the cache counts — kept in
 * the runs table (runs.ts) under `LOAD_CATALOG_RUN`, so an unchanged tree is
 * answered by the record's witness (witness.ts): one header read, one stat
 * per witnessed folder, link and file, one body read and one decode; no
 * walk, no files table, no seal.
 *
 * A record is only written for a load answered wholly from the files table
 * by stamp, and its keys cover what a run key and a replay key cover plus
 * the load options they leave out (`loadContext`), so what a replay returns
 * is what that load returned — and what a warm load would return now.
 *
 * Body: a u32 (big-endian) length, then one value (`CatalogRecord`): its
 * UTF-8 JSON text, the walk's `placed` map as its entries, when JSON gives
 * it back exactly (`jsonFaithful`: no `undefined` member, no shared object,
 * no -0 …), else its `v8.serialize`d form (the first byte tells them apart).
 * In it the winners are indexes into the candidates.
 * Then the candidates' bodies, in chunks of whole bodies (`BODY_CHUNK`
 * UTF-16 units or one body), each Latin-1, UTF-8 or UTF-16LE (`chunkEncoding`),
 * written and read one chunk at a time: a 10,000-skill record holds ~60 MB
 * of bodies, and neither side ever holds them twice. Decoding refreezes
 * the catalog as `buildCatalog` freezes its own (`restoreCatalog`); a body
 * that does not decode to a record's shape is no record.
 */
import { availableParallelism } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import { restoreCatalog, sealedParts, type SealedParts } from '../../catalog/build.js';
import type { HashBackend } from '../../model/backend.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { CatalogStats, LoadCatalogOptions, WalkReport } from '../plan.js';
import type { EngineOptions } from '../options.js';
import type { CacheStats } from './files.js';
import type { RecordBody } from './runs.js';

/** The runs-table record name of `loadCatalog`'s answers. */
export const LOAD_CATALOG_RUN = 'load-catalog';

/** Bump when `CatalogRecord` changes shape. */
const RECORD_FORMAT = 3;
/** UTF-16 units of bodies per stored chunk (a longer body is a chunk of its own). */
const BODY_CHUNK = 1 << 20;

/** `count` whole bodies stored as `bytes` bytes of `encoding`. */
interface BodyChunk {
  readonly count: number;
  readonly bytes: number;
  readonly encoding: 'latin1' | 'utf8' | 'utf16le';
}

/**
 * How a chunk of bodies is stored: Latin-1 when every character fits a byte (read back by a
 * copy: ~2× faster than UTF-8 decoding), else UTF-8, else (a lone surrogate) UTF-16LE.
 */
function chunkEncoding(bodies: readonly string[]): BodyChunk['encoding'] {
  if (bodies.every((b) => !BEYOND_LATIN1.test(b))) return 'latin1';
  return bodies.some((b) => LONE_SURROGATE.test(b)) ? 'utf16le' : 'utf8';
}

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** A lone surrogate: UTF-8 cannot carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What `loadCatalog` answers (engine.ts's `EngineCatalog`), the catalog as its parts. */
export interface RecordedCatalog<C> {
  readonly catalog: C;
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
  readonly cache: CacheStats;
}

/**
 * The catalog's parts as recorded: each candidate's `body` left empty (see
 * `bodies`), the winners as indexes into `all`, and a catalog finding that is
 * also a package's (the same object) as its index among every package's
 * findings in candidate order.
 */
type RecordedParts = Omit<SealedParts, 'skills' | 'diagnostics'> & {
  readonly skills: readonly number[];
  readonly diagnostics: readonly (Diagnostic | number)[];
};

interface CatalogRecord {
  readonly format: number;
  readonly parts: RecordedParts;
  /** Where each candidate's body ends in their concatenation (UTF-16 units), and the chunks they are stored in. */
  readonly ends: readonly number[];
  readonly chunks: readonly BodyChunk[];
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
  readonly cache: CacheStats;
}

/**
 * What a load's answer depends on beyond the replay key (roots, profile,
 * walk options) and the run key (the walk and the stamps): the findings
 * handed in, the input budget, the seal options, and what decides the
 * worker count it reports. Undefined when the options cannot be keyed
 * (a value `keyText` refuses): such a load is never recorded.
 *
 * @example loadContext({ roots, maxInputBytes: 1 << 20 }, engineOptions)
 */
export function loadContext(
  load: LoadCatalogOptions,
  engine: Pick<EngineOptions, 'workers' | 'inlineThreshold' | 'batchSize'>,
): string | undefined {
  try {
    const workers =
      engine.workers === 'auto'
        ? `auto:${engine.inlineThreshold}:${engine.batchSize}:${availableParallelism()}`
        : String(engine.workers);
    const rest = keyText([load.notices ?? null, load.maxInputBytes ?? null, load.seal ?? null]);
    return rest === undefined ? undefined : `${LOAD_CATALOG_RUN}:${workers}:${rest}`;
  } catch {
    return undefined; // a getter that throws
  }
}

/**
 * A text that tells plain values apart exactly — two values get the same
 * text only when they are the same tree of plain objects, dense arrays,
 * strings, numbers (-0 and NaN included), booleans, bigints, null and
 * undefined; undefined for anything else (a function, a symbol, a class
 * instance, a Map, a value reached twice). Own enumerable string keys in
 * their order, each string as JSON, each number `;`-ended; always a
 * well-formed text.
 * Perf: keys a load's options without `v8.serialize` (loading node:v8 took ~3.5 ms of a warm start).
 *
 * @example keyText([{ strict: true }, 1, null]) // 'a3[o1{"strict"t}n1;z]'
 */
export function keyText(value: unknown): string | undefined {
  const out: string[] = [];
  return keyParts(value, new Set(), out) ? out.join('') : undefined;
}

function keyParts(value: unknown, seen: Set<object>, out: string[]): boolean {
  switch (typeof value) {
    case 'undefined':
      out.push('u');
      return true;
    case 'boolean':
      out.push(value ? 't' : 'f');
      return true;
    case 'number':
      out.push(Object.is(value, -0) ? 'n-0;' : `n${value};`);
      return true;
    case 'bigint':
      out.push(`b${value};`);
      return true;
    case 'string':
      out.push(JSON.stringify(value)); // quoted and escaped: delimits itself, lone surrogates as \u escapes
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) {
    out.push('z');
    return true;
  }
  if (seen.has(value)) return false;
  seen.add(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value)) {
    if (proto !== Array.prototype || Object.getOwnPropertyNames(value).length !== value.length + 1) return false; // holes or extra members
    out.push(`a${value.length}[`);
    for (const item of value) if (!keyParts(item, seen, out)) return false;
    out.push(']');
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value);
  out.push(`o${keys.length}{`);
  for (const key of keys) {
    out.push(JSON.stringify(key));
    if (!keyParts((value as Record<string, unknown>)[key], seen, out)) return false;
  }
  out.push('}');
  return true;
}

/**
 * A load's answer as a record body, in parts (see the top of this file), or
 * undefined when its catalog was not sealed by `buildCatalog` (or cannot be
 * encoded). Never throws.
 *
 * @example const body = encodeCatalog(loaded); if (body) writeRunRecord(dir, LOAD_CATALOG_RUN, key, 0, body, replay);
 */
export function encodeCatalog<C extends object>(loaded: RecordedCatalog<C>): Iterable<Uint8Array> | undefined {
  try {
    return encode(loaded);
  } catch {
    return undefined; // the record is only an accelerator
  }
}

function encode<C extends object>(loaded: RecordedCatalog<C>): Iterable<Uint8Array> | undefined {
  const sealed = sealedParts(loaded.catalog as never);
  if (sealed === undefined) return undefined;
  const index = new Map(sealed.all.map((p, i) => [p, i]));
  const own = new Map(sealed.all.flatMap((p) => p.diagnostics).map((d, i) => [d, i]));
  const parts: RecordedParts = {
    ...sealed,
    all: sealed.all.map((p) => ({ ...p, body: '' })),
    skills: sealed.skills.map((p) => index.get(p)!),
    diagnostics: sealed.diagnostics.map((d) => own.get(d) ?? d),
  };
  const bodies = sealed.all.map((p) => p.body);
  const ends: number[] = [];
  const groups: string[][] = [];
  let at = 0;
  let size = BODY_CHUNK;
  for (const body of bodies) {
    ends.push((at += body.length));
    if (size + body.length > BODY_CHUNK) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(body);
    size += body.length;
  }
  // Perf: byte counts per body, and each chunk's text made only as it is written: a 10k record
  // never holds its ~60 MB of bodies twice.
  const encodings = groups.map((g) => chunkEncoding(g));
  const chunks: BodyChunk[] = groups.map((g, i) => ({
    count: g.length,
    bytes: g.reduce((n, b) => n + Buffer.byteLength(b, encodings[i]), 0),
    encoding: encodings[i]!,
  }));
  const record: CatalogRecord = {
    format: RECORD_FORMAT,
    parts,
    ends,
    chunks,
    stats: loaded.stats,
    walk: loaded.walk,
    cache: loaded.cache,
  };
  // Perf: JSON.parse builds these objects ~2× faster than v8.deserialize (300 skills: ~3.5 vs ~6–8 ms
  // in a fresh process), and a warm load then never loads node:v8 (~3.5 ms); JSON is used only
  // when it gives back exactly what was recorded, the walk's `placed` map as its entries.
  const asJson = { ...record, walk: { ...record.walk, placed: [...record.walk.placed] } };
  const faithful =
    [...record.walk.placed.keys()].every((k) => typeof k === 'string') && jsonFaithful(asJson, new Set());
  const value = faithful ? Buffer.from(JSON.stringify(asJson), 'utf8') : serialize(record);
  return (function* (): Generator<Uint8Array> {
    const head = Buffer.allocUnsafe(4);
    head.writeUInt32BE(value.length, 0);
    yield head;
    yield value;
    for (let i = 0; i < groups.length; i++) yield Buffer.from(groups[i]!.join(''), encodings[i]);
  })();
}

/**
 * True when `JSON.parse(JSON.stringify(value))` is `value` again in every
 * way a host can see: plain objects and dense arrays only, each reached
 * once (JSON would copy a shared one), no `undefined`, no -0, NaN or
 * infinity, nothing JSON leaves out.
 */
export function jsonFaithful(value: unknown, seen: Set<object>): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (seen.has(value)) return false;
  seen.add(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  const names = Object.getOwnPropertyNames(value);
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  if (Array.isArray(value)) {
    if (proto !== Array.prototype || names.length !== value.length + 1) return false; // the indexes and `length`
    for (let i = 0; i < value.length; i++) if (!Object.hasOwn(value, i) || !jsonFaithful(value[i], seen)) return false;
    return true;
  }
  if (proto !== Object.prototype) return false;
  for (const name of names) {
    const d = Object.getOwnPropertyDescriptor(value, name)!;
    if (!('value' in d) || !d.enumerable || !jsonFaithful(d.value, seen)) return false;
  }
  return true;
}

/**
 * The load's answer a record body holds, read from `body` (what follows
 * the witness), its catalog sealed again with `hasher` (for `excluding`);
 * undefined for a body of any other shape. Never throws.
 *
 * @example const loaded = replayRunRecord(dir, LOAD_CATALOG_RUN, key, roots, (body) => decodeCatalog(body, hasher));
 */
export function decodeCatalog(
  body: RecordBody,
  hasher: HashBackend,
): RecordedCatalog<ReturnType<typeof restoreCatalog>> | undefined {
  try {
    const length = body.bytes(4).readUInt32BE(0);
    const value = body.bytes(length);
    const record = (
      value[0] === JSON_VALUE
        ? fromJson(JSON.parse(value.toString('utf8')) as Partial<JsonRecord> | null)
        : deserialize(value)
    ) as Partial<CatalogRecord> | null;
    if (!isRecord(record)) return undefined;
    const { parts, ends, chunks, stats, walk, cache } = record;
    if (!isParts(parts)) return undefined;
    const all = parts.all as { body: string }[];
    if (ends.length !== all.length || chunks.reduce((n, c) => n + c.count, 0) !== all.length) return undefined;
    // Perf: each body a slice of its chunk's string (a large object, never copied by a scavenge)
    // instead of ~300 strings of ~6 KB the young generation copies while the rest decodes.
    let i = 0;
    let base = 0;
    for (const chunk of chunks) {
      const text = body.bytes(chunk.bytes).toString(ENCODINGS.includes(chunk.encoding) ? chunk.encoding : 'utf8');
      const last = i + chunk.count;
      if (text.length !== ends[last - 1]! - base) return undefined;
      for (; i < last; i++) all[i]!.body = text.slice((i === 0 ? 0 : ends[i - 1]!) - base, ends[i]! - base);
      base = ends[last - 1]!;
    }
    if (body.remaining !== 0) return undefined;
    const skills = parts.skills.map((k) => parts.all[k]!);
    const own = parts.all.flatMap((p) => p.diagnostics);
    const diagnostics = parts.diagnostics.map((d) => (typeof d === 'number' ? own[d]! : d));
    if (skills.includes(undefined as never) || diagnostics.includes(undefined as never)) return undefined;
    return { catalog: restoreCatalog({ ...parts, skills, diagnostics }, hasher), stats, walk, cache };
  } catch {
    return undefined;
  }
}

/** The first byte of a record value stored as JSON (`{`); a `v8.serialize`d one starts with its version tag, 0xFF. */
const JSON_VALUE = 0x7b;

/** A record as its JSON holds it: the walk's `placed` map as its entries. */
type JsonRecord = Omit<CatalogRecord, 'walk'> & {
  readonly walk: Omit<WalkReport, 'placed'> & { readonly placed: unknown };
};

/** The record a JSON value holds, its `placed` a map again; null when that is not a list of pairs. */
function fromJson(value: Partial<JsonRecord> | null): Partial<CatalogRecord> | null {
  if (!isObject(value) || !isObject(value!.walk)) return null;
  const entries = value!.walk!.placed;
  if (!Array.isArray(entries) || !entries.every((e) => Array.isArray(e) && e.length === 2)) return null;
  return {
    ...value,
    walk: { ...value!.walk!, placed: new Map(entries as [string, { root: string; inRoot: string }][]) },
  };
}

const ENCODINGS: readonly BodyChunk['encoding'][] = ['latin1', 'utf8', 'utf16le'];

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null;

function isRecord(value: Partial<CatalogRecord> | null): value is CatalogRecord {
  if (typeof value !== 'object' || value === null || value.format !== RECORD_FORMAT) return false;
  const { stats, walk, cache } = value;
  return (
    Array.isArray(value.ends) &&
    Array.isArray(value.chunks) &&
    value.chunks.every(
      (c) =>
        isObject(c) && Number.isSafeInteger(c.count) && c.count > 0 && Number.isSafeInteger(c.bytes) && c.bytes >= 0,
    ) &&
    isObject(stats) &&
    isObject(walk) &&
    walk!.placed instanceof Map &&
    [...walk!.placed].every(([locator, place]) => typeof locator === 'string' && isObject(place)) &&
    isObject(cache)
  );
}

function isParts(parts: RecordedParts | null | undefined): parts is RecordedParts {
  return (
    isObject(parts) &&
    typeof parts!.digest === 'string' &&
    [parts!.all, parts!.skills, parts!.conflicts, parts!.diagnostics].every(Array.isArray)
  );
}
