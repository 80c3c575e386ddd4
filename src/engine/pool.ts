/** One Piscina pool per engine, created lazily, running the `workerEntry` option or the package's own entry. */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPiscina } from '../model/vendor.js';
import { defaultWorkerEntry } from './assets.js';
import type { WorkerInit, WorkerResult, WorkerTask } from './messages.js';
import { compileWasm } from './wasm.js';

export const IN_FLIGHT = 2;

export interface WorkerPool {
  readonly threads: number;
  run(task: WorkerTask): Promise<WorkerResult>;
  close(): Promise<void>;
}

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

/** Start a pool of `threads` workers running `entry`, all at once so their boot overlaps the walk. */
export function startPool(threads: number, entry: string): WorkerPool {
  const workerData: WorkerInit = { wasmModule: compileWasm() };
  const { Piscina } = loadPiscina();
  const piscina = new Piscina({
    filename: entry,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1_000,
    workerData,
    concurrentTasksPerWorker: IN_FLIGHT,
    // A worker's objects live one batch: a small young generation lowers peak memory at no cost.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return {
    threads,
    run: (task) => piscina.run(task) as Promise<WorkerResult>,
    close: () => piscina.destroy(),
  };
}
