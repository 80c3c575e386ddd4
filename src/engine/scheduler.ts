/**
 * Parse scheduling for an engine: what the parse cache answers, how many threads the rest is worth, and the
 * pool that parses beside the main thread (started lazily or early, released by `close()`).
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

// Perf: a run answered by the store never loads the parse stage.
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

export interface ParsedItems {
  readonly results: ParseItemResult[];
  readonly workers: number;
  readonly cache: Omit<CacheStats, 'dirsReused' | 'dirsRead'>;
}

export interface Scheduler {
  /** Start the pool early when the roots look big enough to need it (`auto` only). */
  prestart(load: LoadCatalogOptions): void;
  parseAll(
    items: readonly ParseItem[],
    cache: ParseCache | undefined,
    digests: Digests,
    stats: readonly (ItemStat | ItemFailed)[] | undefined,
    maxInputBytes?: number,
  ): Promise<ParsedItems>;
  /** Release the pool between runs (unless the engine keeps it, or `always`). */
  release(always?: boolean): Promise<void>;
  close(): Promise<void>;
}

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

  /** `auto` without a cache: a big job starts the pool now, so its threads boot while the main thread walks. */
  const prestart = (load: LoadCatalogOptions): void => {
    if (options.workers !== 'auto' || pool || closed) return;
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
    // A total-input budget bounds memory; it is decided in item order before the cache is asked, so a cached
    // run cuts the same files. Inline without the cache each file's own read counts it (see `readItem`).
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
    const apply = (i: number, r: ParseOutcome): void => {
      if (r.kind === 'reuse') {
        results[i] = cache!.revalidate(r.facts.key, r.facts.stat, r.facts.hash);
        revalidated++;
        return;
      }
      results[i] = r.result;
      if (cache && r.facts) cache.store(r.facts.key, r.facts.stat, r.facts.hash, r.result);
    };
    if (threads === 0 || work === undefined) {
      const facts = cache !== undefined;
      // Perf: `auto` without the cache, on 2+ cores: a thread reads the files ahead while this one parses.
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
      // Perf: the main thread parses too, claiming batches from the workers' shared counter (shard.ts).
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
      // Perf: two tasks in flight per worker, so a worker never waits for work nor holds more than a batch.
      const feed = async (): Promise<void> => {
        while (left()) {
          const answer = await workerPool.run(task);
          if (answer.chunks.length === 0) return;
          take(answer.chunks);
        }
      };
      const remote = Array.from({ length: threads * IN_FLIGHT }, feed);
      // One batch at a time, yielding in between so finished worker batches are taken while this one parses.
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
