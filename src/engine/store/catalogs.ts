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
 * Body: one `v8.serialize`d value (`CatalogRecord`), which keeps what JSON
 * would lose — `undefined` members, the objects the catalog shares between
 * its winners and its candidates, the walk's `placed` map. Decoding refreezes
 * the catalog as `buildCatalog` freezes its own (`restoreCatalog`); a body
 * that does not decode to a record's shape is no record.
 */
import { availableParallelism } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import { restoreCatalog, sealedParts, type SealedParts } from '../../catalog/build.js';
import type { HashBackend } from '../../model/backend.js';
import type { CatalogStats, LoadCatalogOptions, WalkReport } from '../plan.js';
import type { EngineOptions } from '../options.js';
import type { CacheStats } from './files.js';

/** The runs-table record name of `loadCatalog`'s answers. */
export const LOAD_CATALOG_RUN = 'load-catalog';

/** Bump when `CatalogRecord` changes shape. */
const RECORD_FORMAT = 1;

/** What `loadCatalog` answers (engine.ts's `EngineCatalog`), the catalog as its parts. */
export interface RecordedCatalog<C> {
  readonly catalog: C;
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
  readonly cache: CacheStats;
}

interface CatalogRecord {
  readonly format: number;
  readonly parts: SealedParts;
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
  readonly cache: CacheStats;
}

/**
 * What a load's answer depends on beyond the replay key (roots, profile,
 * walk options) and the run key (the walk and the stamps): the findings
 * handed in, the input budget, the seal options, and what decides the
 * worker count it reports. Undefined when the options cannot be keyed
 * (a value `v8.serialize` refuses): such a load is never recorded.
 *
 * @example loadContext({ roots, maxInputBytes: 1 << 20 }, engineOptions)
 */
export function loadContext(load: LoadCatalogOptions, engine: Pick<EngineOptions, 'workers' | 'inlineThreshold' | 'batchSize'>): string | undefined {
  try {
    const workers = engine.workers === 'auto' ? `auto:${engine.inlineThreshold}:${engine.batchSize}:${availableParallelism()}` : String(engine.workers);
    const rest = serialize([load.notices ?? null, load.maxInputBytes ?? null, load.seal ?? null]);
    return `${LOAD_CATALOG_RUN}:${workers}:${rest.toString('base64')}`;
  } catch {
    return undefined;
  }
}

/**
 * A load's answer as a record body, or undefined when its catalog was not
 * sealed by `buildCatalog`.
 *
 * @example const body = encodeCatalog(loaded); if (body) writeRunRecord(dir, LOAD_CATALOG_RUN, key, 0, body, replay);
 */
export function encodeCatalog<C extends object>(loaded: RecordedCatalog<C>): Buffer | undefined {
  const parts = sealedParts(loaded.catalog as never);
  if (parts === undefined) return undefined;
  const record: CatalogRecord = { format: RECORD_FORMAT, parts, stats: loaded.stats, walk: loaded.walk, cache: loaded.cache };
  return serialize(record);
}

/**
 * The load's answer a record body holds, its catalog sealed again with
 * `hasher` (for `excluding`); undefined for a body of any other shape.
 * Never throws.
 *
 * @example const loaded = decodeCatalog(record.body, hasher);
 */
export function decodeCatalog(body: Buffer, hasher: HashBackend): RecordedCatalog<ReturnType<typeof restoreCatalog>> | undefined {
  try {
    const record = deserialize(body) as Partial<CatalogRecord> | null;
    if (!isRecord(record)) return undefined;
    const { parts, stats, walk, cache } = record;
    return { catalog: restoreCatalog(parts, hasher), stats, walk, cache };
  } catch {
    return undefined;
  }
}

function isRecord(value: Partial<CatalogRecord> | null): value is CatalogRecord {
  if (typeof value !== 'object' || value === null || value.format !== RECORD_FORMAT) return false;
  const { parts, stats, walk, cache } = value;
  const object = (v: unknown): boolean => typeof v === 'object' && v !== null;
  return (
    object(parts) &&
    typeof parts!.digest === 'string' &&
    [parts!.all, parts!.skills, parts!.conflicts, parts!.diagnostics].every(Array.isArray) &&
    object(stats) &&
    object(walk) &&
    walk!.placed instanceof Map &&
    object(cache)
  );
}
