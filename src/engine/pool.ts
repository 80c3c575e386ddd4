/** One Piscina pool per engine, created lazily, running the `workerEntry` option or the package's own entry. */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPiscina } from '../model/vendor.js';
import { defaultWorkerEntry } from './assets.js';
import type { WorkerInit, WorkerResult, WorkerTask } from './messages.js';
import { compileWasm } from './wasm.js';

export const IN_FLIGHT = 2;

export type WorkerPool = Workers<WorkerTask, WorkerResult>;

/** The file a pool runs: `given` (a path or file URL), else the package's own; undefined when there is none. */
export function workerEntryFile(given: string | URL | undefined): string | undefined {
  if (given !== undefined)
    return given instanceof URL || given.startsWith('file:')
      ? fileURLToPath(given)
      : isAbsolute(given)
        ? given
        : resolve(given);
  const own = defaultWorkerEntry();
  return own !== undefined && existsSync(own) ? own : undefined;
}

/** A Piscina pool running tasks of one kind. */
export interface Workers<Task, Result> {
  readonly threads: number;
  run(task: Task): Promise<Result>;
  close(): Promise<void>;
}

/** Start a pool of `threads` workers running `entry`, all at once so their boot overlaps the walk. */
export function startPool(threads: number, entry: string): WorkerPool {
  const workerData: WorkerInit = { wasmModule: compileWasm() };
  // A worker's objects live one batch: a small young generation lowers peak memory at no cost.
  return startWorkers<WorkerTask, WorkerResult>(threads, entry, { workerData, youngGenerationMb: 4 });
}

/**
 * Start `threads` workers running `entry` (a module whose default export handles one task), all at once.
 *
 * @example const pool = startWorkers<Task, Result>(1, entry); await pool.run(task); await pool.close();
 */
export function startWorkers<Task, Result>(
  threads: number,
  entry: string,
  options: { readonly workerData?: unknown; readonly youngGenerationMb?: number } = {},
): Workers<Task, Result> {
  const { Piscina } = loadPiscina();
  const piscina = new Piscina({
    filename: entry,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1_000,
    workerData: options.workerData,
    concurrentTasksPerWorker: IN_FLIGHT,
    ...(options.youngGenerationMb !== undefined
      ? { resourceLimits: { maxYoungGenerationSizeMb: options.youngGenerationMb } }
      : {}),
  });
  return {
    threads,
    run: (task) => piscina.run(task) as Promise<Result>,
    close: () => piscina.destroy(),
  };
}
