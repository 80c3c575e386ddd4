/**
 * The facade (`createEngine`): discover → parse (inline or sharded across a
 * Piscina pool, through the parse cache) → seal. One pool per engine, started
 * lazily and only when the expected CPU work pays for its ~250 ms start;
 * `close()` / `await using` release it.
 *
 * Output never depends on how the work was done: results are reassembled in
 * item order, so the catalog is byte-identical for 0, 1, 2 or 4 workers,
 * with or without the cache.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { HashBackend } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { hashBackendFor } from './backend.js';
import { CACHE_FILE_NAME, ParseCache, itemKey, type CacheStats } from './cache.js';
import { DirMemo } from './dir-memo.js';
import { estimateSkillFolders } from './estimate.js';
import { statItem, type ItemFailed, type ItemStat } from './file-stat.js';
import { assembleCatalog, planCatalog, type LoadCatalogOptions, type LoadedCatalog, type ParseItem, type ParseItemResult } from './plan.js';
import { fileIdentity, replayKey, runKey } from './run-key.js';
import { rootsJson, WitnessBuilder, type RunWitness } from './witness.js';
import type { ParseChunk, ParseOutcome, ParseTask } from './messages.js';
import { IN_FLIGHT, startPool, type WorkerPool } from './pool.js';
import type { BackendChoice } from '../model/backend.js';
import { resolveEngineOptions, type EngineOptions } from './options.js';

export { DEFAULT_ENGINE_OPTIONS, defaultCacheDir, defaultInlineThreshold, resolveEngineOptions } from './options.js';
export type { EngineOptions, EngineProgress } from './options.js';

/** The parse side (parse stage, yaml, zod), loaded only when some file must be parsed. */
type ParseWork = typeof import('./parse-files.js') & typeof import('./shard.js');

let parseWork: Promise<ParseWork> | undefined;

// Perf: a run answered by the run memo or wholly by the parse cache never loads the parse
// stage: ~90 ms of imports (yaml, zod, the parse modules) off a warm `catalog --json`.
function loadParseWork(): Promise<ParseWork> {
  parseWork ??= Promise.all([import('./parse-files.js'), import('./shard.js')]).then(([files, shard]) => ({ ...files, ...shard }));
  return parseWork;
}

/**
 * A loaded catalog plus what the parse cache did. Cache counts live beside
 * `stats`, not in it: they change from run to run while `stats` (and so the
 * `--json` document) must not.
 */
export interface EngineCatalog extends LoadedCatalog {
  readonly cache: CacheStats;
}

/** A walked, stat'ed run, not parsed yet (see `Engine.prepare`). */
export interface PreparedRun {
  /**
   * With the cache on: a key covering everything the run's output depends
   * on (see `memo.ts`), for `readRunMemo` / `writeRunMemo`; undefined without a cache.
   */
  readonly key: string | undefined;
  /**
   * With the cache on and links not followed: what the walk and the stats
   * relied on, when all of it can be checked again (see witness.ts), and the
   * key of the run's options; both go beside a run memo so a later run can
   * replay it without walking (`replayRunMemo`).
   */
  readonly replay: { readonly key: string; readonly witness: RunWitness } | undefined;
  /** Parse (through the cache) and seal. */
  load(): Promise<EngineCatalog>;
}

export interface Engine {
  /** Discover, parse and seal the catalog the options describe. */
  loadCatalog(options: LoadCatalogOptions): Promise<EngineCatalog>;
  /** Walk and stat only, so a caller can answer from a run memo before anything is parsed. */
  prepare(options: LoadCatalogOptions): PreparedRun;
  /**
   * The key of a run's options (no walk): what `replayRunMemo` matches before
   * it checks a memo's witness. Undefined without a cache, with links
   * followed or with a caller's own hasher.
   */
  replayKey(options: LoadCatalogOptions): string | undefined;
  /** Release the pool (idempotent). */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Create an engine. Cheap: nothing starts until a call needs it.
 *
 * @example await using engine = createEngine({ workers: 'auto', cache: '.cache/skillgraph' });
 * const { catalog } = await engine.loadCatalog({ roots });
 */
export function createEngine(input: Partial<EngineOptions> = {}): Engine {
  const options = resolveEngineOptions(input);
  let pool: WorkerPool | undefined;
  let closed = false;
  let jobs = 0;

  const assertOpen = (): void => {
    if (closed) throw new SkillgraphError('usage', 'engine is closed', {});
  };

  const threadsFor = (work: number): number => {
    if (options.workers === 'auto') {
      if (work < options.inlineThreshold) return 0;
      // The main thread is one of the parsers (shard.ts), so a pool of cores − 1 fills the machine.
      return Math.max(1, Math.min(availableParallelism() - 1, Math.ceil(work / options.batchSize)));
    }
    return options.workers;
  };

  /**
   * `auto` with no cache to answer from: when a cheap look at the roots says the job is big,
   * start the pool now so its threads boot while the main thread walks.
   */
  const prestart = (load: LoadCatalogOptions): void => {
    if (options.workers !== 'auto' || pool || closed) return;
    // Perf: measured on the 10k tree (2 cores): the pool's ~250 ms start hides behind the
    // ~160 ms walk; the guess costs ~1 ms (≤ 5 readdirs per root).
    const guess = estimateSkillFolders(load.roots);
    if (guess >= options.inlineThreshold) getPool(threadsFor(guess));
  };

  const getPool = (threads: number): WorkerPool => {
    assertOpen();
    if (!pool || pool.threads !== threads) {
      void pool?.close();
      pool = startPool(threads);
    }
    return pool;
  };

  /** How packages get their digests: by `hasher` inline, by `backend` in workers; none for a caller's own hasher. */
  interface Digests {
    readonly hasher: HashBackend | undefined;
    readonly backend: BackendChoice | null;
  }

  async function parseAll(
    items: readonly ParseItem[],
    cache: ParseCache | undefined,
    digests: Digests,
    stats: readonly (ItemStat | ItemFailed)[] | undefined,
  ): Promise<{ results: ParseItemResult[]; workers: number; cache: Omit<CacheStats, 'dirsReused' | 'dirsRead'> }> {
    const results: (ParseItemResult | undefined)[] = new Array(items.length);
    let hits = 0;
    let revalidated = 0;
    const todo: number[] = [];
    // Perf: a warm run answers from stat alone; only changed files are read.
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (cache) {
        const file = stats?.[i] ?? statItem(item);
        if (file.kind === 'stat') {
          const hit = cache.lookup(file.key, file.stat);
          if (hit) {
            results[i] = hit;
            hits++;
            continue;
          }
        }
      }
      todo.push(i);
    }
    const work = todo.length > 0 ? await loadParseWork() : undefined;
    const threads = threadsFor(todo.length);
    const report = options.onProgress;
    let done = items.length - todo.length;
    report?.({ phase: 'parse', done, total: items.length });
    const knownHash = (item: ParseItem): string | null => cache?.knownHash(itemKey(item)) ?? null;
    /** Record item `i`'s outcome, wherever it was parsed, and keep the cache up to date. */
    const apply = (i: number, r: ParseOutcome): void => {
      if (r.kind === 'reuse') {
        results[i] = cache!.revalidate(r.facts.key, r.facts.stat, r.facts.hash);
        revalidated++;
        return;
      }
      results[i] = r.result;
      if (cache && r.facts) cache.store(r.facts.key, r.facts.stat, r.facts.hash, r.result);
    };
    // Nothing to parse (work undefined) takes the inline branch with an empty list.
    if (threads === 0 || work === undefined) {
      const facts = cache !== undefined;
      for (const i of todo) {
        const item = items[i]!;
        apply(i, work!.parseOutcome(item, knownHash(item), facts, facts, digests.hasher));
        done++;
        if (report && done % 500 === 0) report({ phase: 'parse', done, total: items.length });
      }
    } else {
      // Perf: the main thread parses too, claiming batches from the same shared counter as the
      // workers (shard.ts): on 2 cores, 1 worker + main beat 2 workers + an idle main thread.
      const workerPool = getPool(threads);
      const todoItems = todo.map((i) => items[i]!);
      const job = {
        facts: cache !== undefined,
        known: todoItems.map(knownHash),
        claim: work.newClaim(),
        batch: options.batchSize,
      };
      const task: ParseTask = { kind: 'parse', job: ++jobs, payload: work.shareJob({ items: todoItems, known: job.known }), claims: 1, digests: digests.backend, ...job };
      const take = (chunks: readonly ParseChunk[]): void => {
        for (const { start, outcomes } of chunks) {
          outcomes.forEach((r, j) => apply(todo[start + j]!, r));
          done += outcomes.length;
        }
        report?.({ phase: 'parse', done, total: items.length });
      };
      const left = (): boolean => Atomics.load(job.claim, 0) < todoItems.length;
      // Perf: one batch per task, two tasks in flight per worker (piscina concurrentTasksPerWorker):
      // a worker never waits for the main thread to hand it work, and never holds more than a
      // batch of results (peak RSS at 10k, 2 workers: 366 → see bench/RESULTS.md).
      const feed = async (): Promise<void> => {
        while (left()) {
          const answer = await workerPool.run(task);
          if (answer.chunks.length === 0) return;
          take(answer.chunks);
        }
      };
      const remote = Array.from({ length: threads * IN_FLIGHT }, feed);
      // The main thread claims one batch at a time and yields in between, so finished worker
      // batches are taken (and new tasks posted) while it parses.
      for (;;) {
        const mine = work.claimAndParse(todoItems, job, digests.hasher, 1);
        if (mine.length === 0) break;
        take(mine);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await Promise.all(remote);
      // Every item was claimed exactly once; a gap would be a protocol bug, never a silent hole.
      for (const i of todo) {
        if (results[i] === undefined) throw new SkillgraphError('internal', `no parse result for ${items[i]!.locator}`, { locator: items[i]!.locator });
      }
    }
    return { results: results as ParseItemResult[], workers: threads, cache: { enabled: cache !== undefined, hits, revalidated, misses: todo.length - revalidated } };
  }

  /** The replay key for `catalogOptions` with the cache file as it is now, when a replay is possible. */
  function replayKeyNow(catalogOptions: LoadCatalogOptions, hasher: HashBackend, cacheFile: string | null | undefined): string | undefined {
    if (options.cache === false || cacheFile === undefined || catalogOptions.hasher !== undefined) return undefined;
    try {
      return replayKey({ load: catalogOptions, cacheFile, engine: { backend: options.backend, hasher: hasher.name } });
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

  function prepare(catalogOptions: LoadCatalogOptions): PreparedRun {
    assertOpen();
    const hasher: HashBackend = catalogOptions.hasher ?? hashBackendFor(options.backend);
    // A caller's own hasher cannot travel to a worker: its digests are then made at seal time.
    const own = catalogOptions.hasher === undefined;
    const digests: Digests = own ? { hasher, backend: options.backend } : { hasher: undefined, backend: null };
    const cacheDir = options.cache;
    const cacheFile = cacheDir === false ? undefined : fileIdentity(join(cacheDir, CACHE_FILE_NAME));
    options.onProgress?.({ phase: 'walk', done: 0, total: 0 });
    if (cacheFile === undefined || cacheFile === null) prestart(catalogOptions);
    const optionsKey = replayKeyNow(catalogOptions, hasher, cacheFile);
    const witness = optionsKey === undefined ? undefined : startWitness(catalogOptions);
    // Perf: unchanged folders are answered by one stat instead of a readdir (warm 10k tree:
    // 12,324 folders, readdir ~100 ms → stat ~30 ms, and no Dirent garbage).
    const dirMemo = cacheDir === false ? undefined : DirMemo.open(cacheDir, { witness });
    const plan = planCatalog({ ...catalogOptions, hasher }, dirMemo);
    dirMemo?.save();
    const walk = dirMemo?.stats ?? { reused: 0, read: plan.discovered.roots.reduce((n, r) => n + r.dirs, 0) };
    // Perf: a warm run answers from stat alone; the stats are taken once, here.
    const stats = cacheDir === false ? undefined : plan.items.map(statItem);
    if (witness && stats) {
      for (let i = 0; i < stats.length; i++) {
        const s = stats[i]!;
        if (s.kind === 'stat') witness.file(plan.items[i]!.path, s.stat);
        else witness.incomplete();
      }
    }
    const witnessed = witness?.finish();
    const replay = optionsKey !== undefined && witnessed !== undefined ? { key: optionsKey, witness: witnessed } : undefined;
    let key: string | undefined;
    return {
      replay,
      get key(): string | undefined {
        if (key === undefined && cacheDir !== false && own && cacheFile !== undefined) {
          key = runKey({ plan, stats: stats!, cacheFile, engine: { backend: options.backend, hasher: hasher.name } });
        }
        return key;
      },
      async load(): Promise<EngineCatalog> {
        assertOpen();
        const cache = cacheDir === false ? undefined : ParseCache.open(cacheDir);
        let parsed: Awaited<ReturnType<typeof parseAll>>;
        try {
          parsed = await parseAll(plan.items, cache, digests, stats);
        } catch (error) {
          cache?.discard(); // no half-written temp file left in the cache folder
          throw error;
        }
        if (!options.keepPool && pool) {
          const done = pool;
          pool = undefined;
          await done.close();
        }
        options.onProgress?.({ phase: 'seal', done: plan.items.length, total: plan.items.length });
        const loaded = assembleCatalog(plan, parsed.results, { workers: parsed.workers, trustDigests: own });
        if (cache && cacheDir !== false) {
          try {
            cache.save(cacheDir);
          } catch {
            // Perf/reliability: the cache is an accelerator; a read-only cache folder never fails a run.
          }
        }
        return { catalog: loaded.catalog, stats: loaded.stats, walk: loaded.walk, cache: { ...parsed.cache, dirsReused: walk.reused, dirsRead: walk.read } };
      },
    };
  }

  return {
    async loadCatalog(catalogOptions: LoadCatalogOptions): Promise<EngineCatalog> {
      return prepare(catalogOptions).load();
    },
    prepare,
    replayKey(catalogOptions: LoadCatalogOptions): string | undefined {
      assertOpen();
      if (options.cache === false) return undefined;
      const hasher = catalogOptions.hasher ?? hashBackendFor(options.backend);
      return replayKeyNow(catalogOptions, hasher, fileIdentity(join(options.cache, CACHE_FILE_NAME)));
    },
    async close(): Promise<void> {
      closed = true;
      const p = pool;
      pool = undefined;
      await p?.close();
    },
    async [Symbol.asyncDispose](): Promise<void> {
      await this.close();
    },
  };
}
