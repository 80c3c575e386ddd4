/**
 * One Piscina pool per engine, created lazily. The worker file is
 * picked from this module's own extension so `src/` (run through tsx, whose
 * loader workers inherit via NODE_OPTIONS/execArgv) and `dist/` both work.
 */
import { createRequire } from 'node:module';
import type { Piscina as PiscinaClass } from 'piscina';
import { compileWasm } from './wasm.js';

// Perf: piscina is loaded on the first pool, synchronously (its CommonJS build) so a pool
// started before the synchronous walk really boots during it; a static import cost every
// inline run ~40 ms.
let piscinaClass: typeof PiscinaClass | undefined;
function loadPiscina(): typeof PiscinaClass {
  piscinaClass ??= (createRequire(import.meta.url)('piscina') as { Piscina: typeof PiscinaClass }).Piscina;
  return piscinaClass;
}
import type { WorkerInit, WorkerResult, WorkerTask } from './messages.js';

/** `worker.ts` beside `pool.ts`, or `worker.js` beside `pool.js`. */
export function workerUrl(): URL {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./worker${ext}`, import.meta.url);
}

/** Tasks queued per worker at once. */
export const IN_FLIGHT = 2;

export interface WorkerPool {
  readonly threads: number;
  run(task: WorkerTask): Promise<WorkerResult>;
  close(): Promise<void>;
}

/**
 * Start a pool of `threads` workers. Threads start at once (minThreads) so the
 * ~250 ms start overlaps with whatever the main thread does next (the walk).
 *
 * @example const pool = startPool(2); const r = await pool.run({ kind: 'parse', items }); await pool.close();
 */
export function startPool(threads: number): WorkerPool {
  const workerData: WorkerInit = { wasmModule: compileWasm() };
  const Piscina = loadPiscina();
  const piscina = new Piscina({
    filename: workerUrl().href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1_000,
    workerData,
    // Perf: tasks are one batch (hundreds of files) each, IN_FLIGHT queued per worker so the
    // next is already there when one ends.
    concurrentTasksPerWorker: IN_FLIGHT,
    // Perf: a worker's objects live one batch (posted, then garbage), so a small young
    // generation costs no speed; 4 MB instead of the default cut peak RSS with 2 workers at
    // 10k skills from ~366 MB to ~310 MB (same wall time within noise).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return {
    threads,
    run: (task) => piscina.run(task) as Promise<WorkerResult>,
    close: () => piscina.destroy(),
  };
}
