/**
 * Parse scheduling for an engine: which items the parse cache answers, how
 * many threads the rest is worth, and the Piscina pool that parses them
 * beside the main thread. One scheduler per engine; the pool starts lazily
 * (or early, when a look at the roots says the job is big) and is released
 * by `close()`. Results come back in item order whatever the thread count.
 */
import { availableParallelism } from 'node:os';
import type { BackendChoice, HashBackend } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import type { CacheStats, ParseCache } from './store/files.js';
import { budgetResults } from './budget-items.js';
import { InputBudget } from './input-budget.js';
import { estimateSkillFolders } from './estimate.js';
import { itemKey, statItem, type ItemFailed, type ItemStat } from './file-stat.js';
import type { ParseChunk, ParseOutcome, ParseTask } from './messages.js';
import type { EngineOptions } from './options.js';
import type { LoadCatalogOptions, ParseItem, ParseItemResult } from './plan.js';
import { IN_FLIGHT, startPool, workerEntryFile, type WorkerPool } from './pool.js';

/** The parse side (parse stage, yaml, zod), loaded only when some file must be parsed. */
type ParseWork = typeof import('./parse-files.js') & typeof import('./shard.js');

let parseWork: Promise<ParseWork> | undefined;

// Perf: a run answered by the run memo or wholly by the parse cache never loads the parse
// stage: ~90 ms of imports (yaml, zod, the parse modules) off a warm `catalog --json`.
function loadParseWork(): Promise<ParseWork> {
  parseWork ??= Promise.all([import('./parse-files.js'), import('./shard.js')]).then(([files, shard]) => ({
    ...files,
    ...shard,
  }));
  return parseWork;
}

/** How packages get their digests: by `hasher` inline, by `backend` in workers; none for a caller's own hasher. */
export interface Digests {
  readonly hasher: HashBackend | undefined;
  readonly backend: BackendChoice | null;
}

/** What a parse of a run's items produced, and what the cache did. */
export interface ParsedItems {
  readonly results: ParseItemResult[];
  readonly workers: number;
  readonly cache: Omit<CacheStats, 'dirsReused' | 'dirsRead'>;
}

export interface Scheduler {
  /** Start the pool early when the roots look big enough to need it (`auto` only). */
  prestart(load: LoadCatalogOptions): void;
  /** Parse `items` (cache first, then inline or sharded), results in item order. */
  parseAll(
    items: readonly ParseItem[],
    cache: ParseCache | undefined,
    digests: Digests,
    stats: readonly (ItemStat | ItemFailed)[] | undefined,
    maxInputBytes?: number,
  ): Promise<ParsedItems>;
  /** Release the pool between runs (unless the engine keeps it, or `always`). */
  release(always?: boolean): Promise<void>;
  /** Release the pool for good; later calls fail. */
  close(): Promise<void>;
}

/**
 * The scheduler of one engine.
 *
 * @example const scheduler = createScheduler(resolveEngineOptions({ workers: 'auto' }));
 */
export function createScheduler(options: EngineOptions): Scheduler {
  let pool: WorkerPool | undefined;
  let closed = false;
  let jobs = 0;
  // `auto` parses inline where there is no worker entry (a bundle that left it out).
  let entry: string | null | undefined;
  const entryFile = (): string | null => (entry ??= workerEntryFile(options.workerEntry) ?? null);

  const assertOpen = (): void => {
    if (closed) throw new SkillgraphError('usage', 'engine is closed', {});
  };

  const threadsFor = (work: number): number => {
    if (options.workers === 'auto') {
      if (work < options.inlineThreshold || entryFile() === null) return 0;
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
      const file = entryFile();
      if (file === null) {
        const message = 'no worker entry: pass workerEntry, or workers: 0';
        throw new SkillgraphError('options.invalid', message, { field: 'workerEntry' });
      }
      pool = startPool(threads, file);
    }
    return pool;
  };

  async function parseAll(
    items: readonly ParseItem[],
    cache: ParseCache | undefined,
    digests: Digests,
    stats: readonly (ItemStat | ItemFailed)[] | undefined,
    maxInputBytes?: number,
  ): Promise<ParsedItems> {
    const results: (ParseItemResult | undefined)[] = new Array(items.length);
    let hits = 0;
    let revalidated = 0;
    const todo: number[] = [];
    // A total-input budget keeps a run of many near-limit files within bounded memory. It is decided
    // over every item from its size in item order, before the cache is asked, so a cached run cuts
    // the same files. Perf: without the cache, parsed inline, the items are read in item order
    // anyway, so each file's own read counts it (see `readItem`): no stat per file first (10k
    // files: one syscall and a Stats object each).
    const inline = cache === undefined && threadsFor(items.length) === 0;
    const budget = inline ? new InputBudget(maxInputBytes) : undefined;
    const cut = inline ? new Map<number, ParseItemResult>() : budgetResults(items, stats, maxInputBytes);
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const over = cut.get(i);
      if (over !== undefined) {
        results[i] = over;
        continue;
      }
      // Perf: a warm run answers from stat alone; only changed files are read.
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
      // Perf: `auto` without the cache, on 2+ cores: a thread opens and reads the files ahead while
      // this one parses (read-ahead.ts); `--workers 0` keeps every read here.
      const ahead =
        work && !facts && options.workers === 'auto' && availableParallelism() >= 2
          ? work.readAheadFor(todo.map((i) => items[i]!))
          : undefined;
      try {
        for (let k = 0; k < todo.length; k++) {
          const i = todo[k]!;
          const item = items[i]!;
          if (ahead) results[i] = work!.parseItem(item, digests.hasher, budget, ahead, k);
          else apply(i, work!.parseOutcome(item, knownHash(item), facts, facts, digests.hasher, budget));
          done++;
          if (report && done % 500 === 0) report({ phase: 'parse', done, total: items.length });
        }
      } finally {
        ahead?.close();
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
      const task: ParseTask = {
        kind: 'parse',
        job: ++jobs,
        payload: work.shareJob({ items: todoItems, known: job.known }),
        claims: 1,
        digests: digests.backend,
        ...job,
      };
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
        if (results[i] === undefined)
          throw new SkillgraphError('internal', `no parse result for ${items[i]!.locator}`, {
            locator: items[i]!.locator,
          });
      }
    }
    return {
      results: results as ParseItemResult[],
      workers: threads,
      cache: {
        enabled: cache !== undefined,
        hits,
        revalidated,
        misses: todo.length - revalidated - (budget?.refused ?? 0),
      },
    };
  }

  return {
    prestart,
    parseAll,
    async release(always = false): Promise<void> {
      if ((options.keepPool && !always) || !pool) return;
      const done = pool;
      pool = undefined;
      await done.close();
    },
    async close(): Promise<void> {
      closed = true;
      const p = pool;
      pool = undefined;
      await p?.close();
    },
  };
}
