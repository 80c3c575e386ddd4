/**
 * The facade (`createEngine`): discover → parse (through the store's files
 * table, inline or sharded by `scheduler.ts`) → seal, and the runs-table
 * protocol (`memoized`) that replays a verb's output for an unchanged tree.
 * `close()` releases the pool.
 *
 * Output never depends on how the work was done: results are reassembled in
 * item order, so the catalog is byte-identical for 0, 1, 2 or 4 workers,
 * with or without the cache.
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

/**
 * A loaded catalog plus what the parse cache did. Cache counts live beside
 * `stats`, not in it: they change from run to run while `stats` (and so the
 * `--json` document) must not.
 */
export interface EngineCatalog extends LoadedCatalog {
  readonly cache: CacheStats;
}

/**
 * A verb's output from `Engine.memoized`, and how it was had: `replay` —
 * recorded output printed after checking its witness, no walk; `record` —
 * recorded output matched by the run key after the walk and the stats;
 * `run` — produced from the loaded catalog.
 */
export interface MemoizedOutput extends RunMemo {
  readonly via: 'replay' | 'record' | 'run';
}

export interface Engine {
  /** Discover, parse and seal the catalog the options describe. */
  loadCatalog(options: LoadCatalogOptions): Promise<EngineCatalog>;
  /**
   * A verb's whole output through the runs table: replayed byte for byte
   * when the tree, the stamps, the files table, the options and the code are
   * as a recorded run had them; else `produce` makes it from the loaded
   * catalog (and it is recorded when the run was answered wholly from the
   * files table). `name` names the record (one per verb); `context` is what
   * the output depends on beyond the options (e.g. where the roots came from).
   * `produce` is told whether what it returns will be recorded: when not, it
   * may write its output as it makes it instead of holding all of it.
   *
   * @example const out = await engine.memoized('catalog-json', load, (loaded) => ({ text: render(loaded), status: 0 }));
   */
  memoized(
    name: string,
    options: LoadCatalogOptions,
    produce: (loaded: EngineCatalog, recorded: boolean) => RunMemo,
    context?: string,
  ): Promise<MemoizedOutput>;
  /** Release the pool (idempotent). */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A walked, stat'ed run, not parsed yet. */
interface PreparedRun {
  /** The run key (undefined without a store or with a caller's own hasher). */
  readonly key: string | undefined;
  /** What a record of this run needs to be replayed without walking, when all of it can be checked again. */
  readonly replay: MemoReplay | undefined;
  /** Parse (through the files table) and seal. */
  load(): Promise<EngineCatalog>;
}

/**
 * `memo` and how it was had. Perf: its text is read only when asked — a spread would read it
 * now, decoding a recorded or freshly made document (10k skills: 11.6 MB) that is printed as bytes.
 */
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
 *
 * @example const engine = createEngine({ workers: 'auto', cache: '.cache/skillgraph' });
 * try { const { catalog } = await engine.loadCatalog({ roots }); } finally { await engine.close(); }
 */
export function createEngine(input: Partial<EngineOptions> = {}): Engine {
  const options = resolveEngineOptions(input);
  const scheduler = createScheduler(options);
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new SkillgraphError('usage', 'engine is closed', {});
  };

  /** The replay key for `catalogOptions` with the cache file as it is now, when a replay is possible. */
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

  /** A witness for a run, with the roots as they check before its walk (a change during the walk then shows next time). */
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
    // Perf: unchanged folders are answered by one stat instead of a readdir (warm 10k tree:
    // 12,324 folders, readdir ~100 ms → stat ~30 ms, and no Dirent garbage).
    const dirMemo = cacheDir === false ? undefined : DirMemo.open(cacheDir, { witness });
    const plan = planCatalog({ ...catalogOptions, hasher }, dirMemo);
    dirMemo?.save();
    const walk = dirMemo?.stats ?? { reused: 0, read: plan.discovered.roots.reduce((n, r) => n + r.dirs, 0) };
    // Perf: a warm run answers from stat alone; the stats are taken once, here.
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
          // Perf: the stats (a Stamp and a key each) are not needed past the parse: they go before
          // the catalog is sealed and its document made. A key not asked for by now is never recorded.
          stats = undefined;
        } catch (error) {
          cache?.discard(); // no half-written temp file left in the cache folder
          throw error;
        }
        // Perf: the pool's threads (and their heaps) go before the catalog is sealed: lower peak RSS.
        await scheduler.release();
        // Perf: the parse's garbage (file text, YAML nodes) goes before sealing allocates (100k skills: −~80 MB peak RSS).
        collectGarbage(plan.items.length);
        options.onProgress?.({ phase: 'seal', done: plan.items.length, total: plan.items.length });
        const loaded = assembleCatalog(plan, parsed.results, { workers: parsed.workers, trustDigests: own });
        if (cache && cacheDir !== false) {
          try {
            cache.save();
          } catch {
            // Perf/reliability: the cache is an accelerator; a read-only cache folder never fails a run.
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
   * The runs-table protocol, one for every kind of answer: replay an unchanged tree by its
   * record's witness (no walk), else walk and stat and answer by the run key, else load and make
   * the answer — recorded only when the run was answered wholly by stamp, so a replay gives what
   * such a run gives.
   */
  async function throughRuns<T>(
    dir: string,
    table: RunTable<T>,
    catalogOptions: LoadCatalogOptions,
    context: string,
    make: (loaded: EngineCatalog, recorded: boolean) => T | Promise<T>,
  ): Promise<{ answer: T; via: MemoizedOutput['via'] }> {
    const hasher = catalogOptions.hasher ?? hashBackendFor(options.backend);
    // Perf: an unchanged tree whose record carries a witness: one stat per folder and file it
    // vouches for, no walk (see store/runs.ts and store/witness.ts).
    const optionsKey = replayKeyNow(catalogOptions, hasher, fileIdentity(storePath(dir, FILES_STORE)), context);
    const replayed = optionsKey === undefined ? undefined : table.replay(dir, optionsKey, catalogOptions.roots);
    if (replayed !== undefined) return { answer: replayed, via: 'replay' };
    const run = prepare(catalogOptions, context);
    const key = run.key;
    const same = key === undefined ? undefined : table.read(dir, key);
    if (same !== undefined) {
      // The same run, but its record's witness did not hold (a folder was touched, not changed) or it had
      // none (a folder was still racy then): record this run's, so the next one replays without walking.
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
      // Perf: the pool's threads (and their heaps) go before the output is built: lower peak RSS.
      await scheduler.release(true);
      return produce(loaded, recorded);
    });
    return had(answer, via);
  }

  /** `loadCatalog` through the runs table: the sealed catalog is the answer (store/catalogs.ts encodes it). */
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

  /** A recorded answer, with the progress a warm load reports (the walk's too when `replayed`: it did not walk). */
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
