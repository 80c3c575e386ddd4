/**
 * One Piscina pool per engine, created lazily. Its threads run a worker
 * entry: the engine's `workerEntry` option, else the package's own
 * (engine/assets.ts), when that file is there.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPiscina } from '../model/vendor.js';
import { defaultWorkerEntry } from './assets.js';
import type { WorkerInit, WorkerResult, WorkerTask } from './messages.js';
import { compileWasm } from './wasm.js';

/** Tasks queued per worker at once. */
export const IN_FLIGHT = 2;

export interface WorkerPool {
  readonly threads: number;
  run(task: WorkerTask): Promise<WorkerResult>;
  close(): Promise<void>;
}

/**
 * The file a pool runs: `given` (a path or a file URL), else the package's own
 * worker entry; undefined when there is none, as in a bundle that left it out.
 *
 * @example workerEntryFile(undefined) // '/…/node_modules/skillgraph/dist/worker.cjs'
 */
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

/**
 * Start a pool of `threads` workers running `entry`. Threads start at once
 * (minThreads) so their boot overlaps with whatever the main thread does next (the walk).
 *
 * @example const pool = startPool(2, workerEntryFile(undefined)!); await pool.run(task); await pool.close();
 */
export function startPool(threads: number, entry: string): WorkerPool {
  const workerData: WorkerInit = { wasmModule: compileWasm() };
  const { Piscina } = loadPiscina();
  const piscina = new Piscina({
    filename: entry,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1_000,
    workerData,
    // One batch (hundreds of files) per task, IN_FLIGHT queued per worker so the next is there when one ends.
    concurrentTasksPerWorker: IN_FLIGHT,
    // A worker's objects live one batch, so a small young generation costs no speed and lowers peak RSS.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return {
    threads,
    run: (task) => piscina.run(task) as Promise<WorkerResult>,
    close: () => piscina.destroy(),
  };
}
