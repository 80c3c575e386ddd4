/**
 * Piscina worker entry: only the protocol. Each task is dispatched to the
 * same functions the inline path runs (unit-tested without threads).
 */
import { JS_HASHER } from '../catalog/hasher.js';
import type { HashBackend } from '../model/backend.js';
import { workerData } from 'piscina';
import { hashBackendFor } from './backend.js';
import { adoptWasmModule } from './wasm.js';
import type { ParseTask, ParseTaskResult, WorkerInit, WorkerResult, WorkerTask } from './messages.js';
import { claimAndParse, readSharedJob, type SharedJob } from './shard.js';

// the main thread compiled the WASM core once; this thread instantiates that module.
adoptWasmModule((workerData as WorkerInit | undefined)?.wasmModule ?? null);

/** Handle one batch. */
export default function handle(task: WorkerTask): WorkerResult {
  switch (task.kind) {
    case 'parse':
      return parseTask(task, hasherFor(task.digests));
  }
}

function hasherFor(choice: ParseTask['digests']): HashBackend | undefined {
  if (choice === null) return undefined;
  // Perf: package inputs are ~5 KB, where node:crypto wins (`auto` picks it for such batches);
  // the WASM instance is created (lazily, once per thread) only when WASM is asked for by name.
  // A static import: a dynamic `import('./backend.js')` is not resolved to backend.ts inside a
  // worker running under tsx (tests, dev), which made `backend: 'wasm'` with workers fail.
  return choice === 'wasm' ? hashBackendFor('wasm') : JS_HASHER;
}

let current: { readonly job: number; readonly shared: SharedJob } | undefined;

function parseTask(task: ParseTask, hasher: HashBackend | undefined): ParseTaskResult {
  if (current?.job !== task.job) current = { job: task.job, shared: readSharedJob(task.payload) };
  const { items, known } = current.shared;
  return { kind: 'parse', chunks: claimAndParse(items, { facts: task.facts, known, claim: task.claim, batch: task.batch }, hasher, task.claims) };
}
