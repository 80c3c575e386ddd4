/**
 * The worker pool's task handler: only the protocol. Each task is dispatched
 * to the same functions the inline path runs (unit-tested without threads).
 * Piscina runs this file from src/; a built package's dist/worker.cjs hands
 * over this same function from the package's code.
 */
import { JS_HASHER } from '../catalog/hasher.js';
import type { HashBackend } from '../model/backend.js';
import { loadPiscina } from '../model/vendor.js';
import { hashBackendFor } from './backend.js';
import type { ParseTask, ParseTaskResult, WorkerInit, WorkerResult, WorkerTask } from './messages.js';
import { claimAndParse, readSharedJob, type SharedJob } from './shard.js';
import { adoptWasmModule } from './wasm.js';

let started = false;

/** Handle one batch. */
export default function handle(task: WorkerTask): WorkerResult {
  if (!started) {
    started = true;
    // The main thread compiled the WASM core once; this thread instantiates that module.
    adoptWasmModule((loadPiscina().Piscina.workerData as WorkerInit | undefined)?.wasmModule ?? null);
  }
  switch (task.kind) {
    case 'parse':
      return parseTask(task, hasherFor(task.digests));
  }
}

function hasherFor(choice: ParseTask['digests']): HashBackend | undefined {
  if (choice === null) return undefined;
  // Package inputs are ~5 KB, where node:crypto wins; WASM only when asked for by name.
  return choice === 'wasm' ? hashBackendFor('wasm') : JS_HASHER;
}

let current: { readonly job: number; readonly shared: SharedJob } | undefined;

function parseTask(task: ParseTask, hasher: HashBackend | undefined): ParseTaskResult {
  if (current?.job !== task.job) current = { job: task.job, shared: readSharedJob(task.payload) };
  const { items, known } = current.shared;
  return {
    kind: 'parse',
    chunks: claimAndParse(
      items,
      { facts: task.facts, known, claim: task.claim, batch: task.batch },
      hasher,
      task.claims,
    ),
  };
}
