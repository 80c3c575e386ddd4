/**
 * Piscina worker entry: only the protocol. Each task is dispatched to the
 * same functions the inline path runs (unit-tested without threads).
 */
import { JS_HASHER } from '../catalog/hasher.js';
import type { HashBackend } from '../model/backend.js';
import type { ParseTask, ParseTaskResult, WorkerResult, WorkerTask } from './messages.js';
import { claimAndParse, readSharedJob, type SharedJob } from './shard.js';

/** Handle one batch. */
export default async function handle(task: WorkerTask): Promise<WorkerResult> {
  switch (task.kind) {
    case 'parse':
      return parseTask(task, await hasherFor(task.digests));
  }
}

async function hasherFor(choice: ParseTask['digests']): Promise<HashBackend | undefined> {
  if (choice === null) return undefined;
  // Perf: package inputs are ~5 KB, where node:crypto wins (`auto` picks it for such batches);
  // the backend module (and its WASM instance) is loaded only when WASM is asked for by name.
  if (choice !== 'wasm') return JS_HASHER;
  const { hashBackendFor } = await import('./backend.js');
  return hashBackendFor('wasm');
}

let current: { readonly job: number; readonly shared: SharedJob } | undefined;

function parseTask(task: ParseTask, hasher: HashBackend | undefined): ParseTaskResult {
  if (current?.job !== task.job) current = { job: task.job, shared: readSharedJob(task.payload) };
  const { items, known } = current.shared;
  return { kind: 'parse', chunks: claimAndParse(items, { facts: task.facts, known, claim: task.claim, batch: task.batch }, hasher, task.claims) };
}
