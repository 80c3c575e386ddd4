/**
 * The engine's catalog record: a whole `loadCatalog` answer kept in the runs table, so an unchanged tree is
 * answered by its witness (one header read, a stat per witnessed path, one body read) with no walk or seal.
 * Written only for a load answered wholly by stamp. Body: a u32 length and the record (JSON when it gives the
 * value back exactly, else `v8.serialize`), then the candidates' bodies in chunks, never held twice.
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

export const LOAD_CATALOG_RUN = 'load-catalog';

/** Bump when `CatalogRecord` changes shape. */
const RECORD_FORMAT = 3;
/** UTF-16 units of bodies per stored chunk (a longer body is a chunk of its own). */
const BODY_CHUNK = 1 << 20;

interface BodyChunk {
  readonly count: number;
  readonly bytes: number;
  readonly encoding: 'latin1' | 'utf8' | 'utf16le';
}

/** Latin-1 when every character fits a byte (read back ~2× faster than UTF-8), else UTF-8, else UTF-16LE. */
function chunkEncoding(bodies: readonly string[]): BodyChunk['encoding'] {
  if (bodies.every((b) => !BEYOND_LATIN1.test(b))) return 'latin1';
  return bodies.some((b) => LONE_SURROGATE.test(b)) ? 'utf16le' : 'utf8';
}

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What `loadCatalog` answers (engine.ts's `EngineCatalog`), the catalog as its parts. */
export interface RecordedCatalog<C> {
  readonly catalog: C;
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
  readonly cache: CacheStats;
}

/** The parts as recorded: bodies left empty, winners and shared findings as indexes. */
type RecordedParts = Omit<SealedParts, 'skills' | 'diagnostics'> & {
  readonly skills: readonly number[];
  readonly diagnostics: readonly (Diagnostic | number)[];
};

interface CatalogRecord {
  readonly format: number;
  readonly parts: RecordedParts;
  readonly ends: readonly number[];
  readonly chunks: readonly BodyChunk[];
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
  readonly cache: CacheStats;
}

/**
 * What a load's answer depends on beyond the replay and run keys (findings handed in, budget, seal options,
 * worker count); undefined when the options cannot be keyed, and then the load is never recorded.
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
 * A text equal for two values only when they are the same tree of plain data (-0 and NaN told apart);
 * undefined for anything else (a function, a class instance, a value reached twice).
 * Perf: keys options without loading node:v8 at start-up.
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

/** A load's answer as a record body in parts, or undefined when it cannot be encoded. Never throws. */
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
  // Perf: each chunk's text is made only as it is written, so bodies are never held twice.
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
  // Perf: JSON.parse builds these objects faster than v8.deserialize and spares loading node:v8; JSON is
  // used only when it gives back exactly what was recorded.
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

/** True when a JSON round trip gives `value` back exactly (plain data, each object once, no -0 or undefined). */
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

/** The load's answer in a record body, sealed again with `hasher`; undefined for any other shape. Never throws. */
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
    // Perf: each body a slice of its chunk's string, which a scavenge never copies.
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

/** The first byte of a JSON record (`{`); a `v8.serialize`d one starts with 0xFF. */
const JSON_VALUE = 0x7b;

type JsonRecord = Omit<CatalogRecord, 'walk'> & {
  readonly walk: Omit<WalkReport, 'placed'> & { readonly placed: unknown };
};

/** The record a JSON value holds, `placed` a map again; null when that is not a list of pairs. */
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
