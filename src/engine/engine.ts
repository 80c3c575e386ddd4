/**
 * The facade (`createEngine`): discover → parse (through the store's files table, inline or by
 * `scheduler.ts`) → seal, and the runs-table protocol that replays an answer for an unchanged tree.
 * Output never depends on how the work was done: results are reassembled in item order.
 */
import type { HashBackend } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { hashBackendFor } from './backend.js';
import { statItem } from './file-stat.js';
import { assertRoots, type SkillRoot } from '../discover/roots.js';
import { assembleCatalog, planCatalog, type LoadCatalogOptions, type LoadedCatalog } from './plan.js';
import { resolveEngineOptions, type EngineOptions } from './options.js';
import { createScheduler, type Digests, type ParsedItems } from './scheduler.js';
import { collectGarbage } from './gc.js';
import {
  DirMemo,
  fileIdentity,
  ParseCache,
  readRunMemo,
  replayKey,
  replayRunMemo,
  rootsJson,
  runKey,
  storePath,
  FILES_STORE,
  WitnessBuilder,
  writeRunMemo,
  LOAD_CATALOG_RUN,
  decodeCatalog,
  encodeCatalog,
  loadContext,
  readRunRecord,
  replayRunRecord,
  writeRunRecord,
  type CacheStats,
  type RecordBody,
  type MemoReplay,
  type RunMemo,
} from './store/index.js';

export { DEFAULT_ENGINE_OPTIONS, defaultCacheDir, defaultInlineThreshold, resolveEngineOptions } from './options.js';
export type { EngineOptions, EngineProgress } from './options.js';
export type { RunMemo } from './store/index.js';

/** How one kind of answer is kept in the runs table: replayed by witness, read by run key, written. */
interface RunTable<T> {
  replay(dir: string, key: string, roots: readonly SkillRoot[]): T | undefined;
  read(dir: string, key: string): T | undefined;
  write(dir: string, key: string, answer: T, replay: MemoReplay | undefined): void;
}

/** A loaded catalog plus what the parse cache did (beside `stats`, which must not change from run to run). */
export interface EngineCatalog extends LoadedCatalog {
  readonly cache: CacheStats;
}

/** A verb's output from `Engine.memoized`: replayed by witness, matched by run key, or produced (`run`). */
export interface MemoizedOutput extends RunMemo {
  readonly via: 'replay' | 'record' | 'run';
}

export interface Engine {
  loadCatalog(options: LoadCatalogOptions): Promise<EngineCatalog>;
  /**
   * A verb's whole output through the runs table, or made by `produce` from the loaded catalog. `produce` is
   * told whether its answer will be recorded: when not, it may stream its output instead of holding it.
   */
  memoized(
    name: string,
    options: LoadCatalogOptions,
    produce: (loaded: EngineCatalog, recorded: boolean) => RunMemo,
    context?: string,
  ): Promise<MemoizedOutput>;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

interface PreparedRun {
  readonly key: string | undefined;
  /** What a record of this run needs to be replayed without walking, when all of it can be checked again. */
  readonly replay: MemoReplay | undefined;
  load(): Promise<EngineCatalog>;
}

/** Perf: the text is read only when asked, so a recorded document printed as bytes is never decoded. */
function had(memo: RunMemo, via: MemoizedOutput['via']): MemoizedOutput {
  const { status, bytes } = memo;
  return bytes === undefined
    ? {
        status,
        via,
        get text(): string {
          return memo.text;
        },
      }
    : {
        status,
        via,
        bytes,
        get text(): string {
          return memo.text;
        },
      };
}

/**
 * Create an engine. Cheap: nothing starts until a call needs it.
 * @example const engine = createEngine(); const { catalog } = await engine.loadCatalog({ roots }); engine.close();
 */
export function createEngine(input: Partial<EngineOptions> = {}): Engine {
  const options = resolveEngineOptions(input);
  const scheduler = createScheduler(options);
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new SkillgraphError('usage', 'engine is closed', {});
  };

  function replayKeyNow(
    catalogOptions: LoadCatalogOptions,
    hasher: HashBackend,
    cacheFile: string | null | undefined,
    context: string,
  ): string | undefined {
    if (options.cache === false || cacheFile === undefined || catalogOptions.hasher !== undefined) return undefined;
    try {
      return replayKey({
        load: catalogOptions,
        cacheFile,
        engine: { backend: options.backend, hasher: hasher.name },
        context,
      });
    } catch {
      return undefined; // bad walk options: the run itself reports them
    }
  }

  /** A witness whose roots are checked before the walk, so a change during the walk shows next time. */
  function startWitness(catalogOptions: LoadCatalogOptions): WitnessBuilder | undefined {
    try {
      return new WitnessBuilder(rootsJson(catalogOptions.roots));
    } catch {
      return undefined; // a required root is missing: the walk throws it
    }
  }

  function prepare(catalogOptions: LoadCatalogOptions, context: string | undefined): PreparedRun {
    assertOpen();
    // Checked before anything looks at the roots (the pool's size estimate reads them first).
    if (typeof catalogOptions !== 'object' || catalogOptions === null)
      throw new SkillgraphError('options.invalid', 'loadCatalog takes { roots, … }', { field: 'roots' });
    assertRoots(catalogOptions.roots);
    const hasher: HashBackend = catalogOptions.hasher ?? hashBackendFor(options.backend);
    // A caller's own hasher cannot travel to a worker: its digests are then made at seal time.
    const own = catalogOptions.hasher === undefined;
    const digests: Digests = own ? { hasher, backend: options.backend } : { hasher: undefined, backend: null };
    const cacheDir = options.cache;
    const cacheFile = cacheDir === false ? undefined : fileIdentity(storePath(cacheDir, FILES_STORE));
    options.onProgress?.({ phase: 'walk', done: 0, total: 0 });
    if (cacheFile === undefined || cacheFile === null) scheduler.prestart(catalogOptions);
    const optionsKey = context === undefined ? undefined : replayKeyNow(catalogOptions, hasher, cacheFile, context);
    const witness = optionsKey === undefined ? undefined : startWitness(catalogOptions);
    // Perf: an unchanged folder is answered by one stat instead of a readdir.
    const dirMemo = cacheDir === false ? undefined : DirMemo.open(cacheDir, { witness });
    const plan = planCatalog({ ...catalogOptions, hasher }, dirMemo);
    dirMemo?.save();
    const walk = dirMemo?.stats ?? { reused: 0, read: plan.discovered.roots.reduce((n, r) => n + r.dirs, 0) };
    let stats = cacheDir === false ? undefined : plan.items.map(statItem);
    if (witness && stats) {
      for (let i = 0; i < stats.length; i++) {
        const s = stats[i]!;
        if (s.kind === 'stat') witness.file(plan.items[i]!.path, s.stat);
        else witness.incomplete();
      }
    }
    const witnessed = witness?.finish();
    const replay =
      optionsKey !== undefined && witnessed !== undefined ? { key: optionsKey, witness: witnessed } : undefined;
    let key: string | undefined;
    return {
      replay,
      get key(): string | undefined {
        if (
          key === undefined &&
          stats !== undefined &&
          context !== undefined &&
          cacheDir !== false &&
          own &&
          cacheFile !== undefined
        ) {
          key = runKey({ plan, stats, cacheFile, engine: { backend: options.backend, hasher: hasher.name }, context });
        }
        return key;
      },
      async load(): Promise<EngineCatalog> {
        assertOpen();
        const cache = cacheDir === false ? undefined : ParseCache.open(cacheDir);
        let parsed: ParsedItems;
        try {
          parsed = await scheduler.parseAll(plan.items, cache, digests, stats, catalogOptions.maxInputBytes);
          // Perf: the stats go before the catalog is sealed (lower peak memory).
          stats = undefined;
        } catch (error) {
          cache?.discard(); // no half-written temp file left in the cache folder
          throw error;
        }
        await scheduler.release();
        // Perf: the parse's garbage goes before sealing allocates (lower peak memory).
        collectGarbage(plan.items.length);
        options.onProgress?.({ phase: 'seal', done: plan.items.length, total: plan.items.length });
        const loaded = assembleCatalog(plan, parsed.results, { workers: parsed.workers, trustDigests: own });
        if (cache && cacheDir !== false) {
          try {
            cache.save();
          } catch {
            // The cache is an accelerator: a read-only cache folder never fails a run.
          }
        }
        return {
          catalog: loaded.catalog,
          stats: loaded.stats,
          walk: loaded.walk,
          cache: { ...parsed.cache, dirsReused: walk.reused, dirsRead: walk.read },
        };
      },
    };
  }

  /**
   * The one runs-table protocol: replay by witness (no walk), else walk, stat and answer by run key, else
   * make the answer, recorded only when the run was answered wholly by stamp.
   */
  async function throughRuns<T>(
    dir: string,
    table: RunTable<T>,
    catalogOptions: LoadCatalogOptions,
    context: string,
    make: (loaded: EngineCatalog, recorded: boolean) => T | Promise<T>,
  ): Promise<{ answer: T; via: MemoizedOutput['via'] }> {
    const hasher = catalogOptions.hasher ?? hashBackendFor(options.backend);
    const optionsKey = replayKeyNow(catalogOptions, hasher, fileIdentity(storePath(dir, FILES_STORE)), context);
    const replayed = optionsKey === undefined ? undefined : table.replay(dir, optionsKey, catalogOptions.roots);
    if (replayed !== undefined) return { answer: replayed, via: 'replay' };
    const run = prepare(catalogOptions, context);
    const key = run.key;
    const same = key === undefined ? undefined : table.read(dir, key);
    if (same !== undefined) {
      // The witness did not hold or was missing: record this run's so the next one replays without walking.
      if (run.replay) table.write(dir, key!, same, run.replay);
      return { answer: same, via: 'record' };
    }
    const loaded = await run.load();
    const recorded = key !== undefined && loaded.cache.misses === 0 && loaded.cache.revalidated === 0;
    const answer = await make(loaded, recorded);
    if (recorded) table.write(dir, key!, answer, run.replay);
    return { answer, via: 'run' };
  }

  async function memoized(
    name: string,
    catalogOptions: LoadCatalogOptions,
    produce: (loaded: EngineCatalog, recorded: boolean) => RunMemo,
    context = '',
  ): Promise<MemoizedOutput> {
    assertOpen();
    const dir = options.cache;
    if (dir === false) return had(produce(await prepare(catalogOptions, undefined).load(), false), 'run');
    const table: RunTable<RunMemo> = {
      replay: (d, key, roots) => replayRunMemo(d, name, key, roots),
      read: (d, key) => readRunMemo(d, name, key),
      write: (d, key, memo, replay) => void writeRunMemo(d, name, key, memo, replay),
    };
    const { answer, via } = await throughRuns(dir, table, catalogOptions, context, async (loaded, recorded) => {
      // Perf: the pool's threads go before the output is built (lower peak memory).
      await scheduler.release(true);
      return produce(loaded, recorded);
    });
    return had(answer, via);
  }

  async function loadCatalog(catalogOptions: LoadCatalogOptions): Promise<EngineCatalog> {
    assertOpen();
    const dir = options.cache;
    const valid = typeof catalogOptions === 'object' && catalogOptions !== null && catalogOptions.hasher === undefined;
    const context = dir === false || !valid ? undefined : loadContext(catalogOptions, options);
    if (dir === false || context === undefined) return prepare(catalogOptions, undefined).load();
    assertRoots(catalogOptions.roots);
    const hasher = hashBackendFor(options.backend);
    const decode = (body: RecordBody): EngineCatalog | undefined => decodeCatalog(body, hasher);
    const table: RunTable<EngineCatalog> = {
      replay: (d, key, roots) => replayRunRecord(d, LOAD_CATALOG_RUN, key, roots, decode),
      read: (d, key) => readRunRecord(d, LOAD_CATALOG_RUN, key, decode),
      write: (d, key, loaded, replay) => {
        const body = encodeCatalog(loaded);
        if (body) writeRunRecord(d, LOAD_CATALOG_RUN, key, 0, body, replay);
      },
    };
    const { answer, via } = await throughRuns(dir, table, catalogOptions, context, (loaded) => loaded);
    return via === 'run' ? answer : recorded(answer, via === 'replay');
  }

  /** A recorded answer, with the progress a warm load reports (the walk's too when `replayed`). */
  function recorded(answer: EngineCatalog, replayed: boolean): EngineCatalog {
    const files = answer.stats.files;
    if (replayed) options.onProgress?.({ phase: 'walk', done: 0, total: 0 });
    options.onProgress?.({ phase: 'parse', done: files, total: files });
    options.onProgress?.({ phase: 'seal', done: files, total: files });
    return answer;
  }

  return {
    loadCatalog,
    memoized,
    async close(): Promise<void> {
      closed = true;
      await scheduler.close();
    },
    async [Symbol.asyncDispose](): Promise<void> {
      await this.close();
    },
  };
}
