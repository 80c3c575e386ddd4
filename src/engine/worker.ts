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
import type {
  AuditTask,
  AuditTaskResult,
  ParseTask,
  ParseTaskResult,
  WorkerInit,
  WorkerResult,
  WorkerTask,
} from './messages.js';
import { claimAndParse, readSharedJob, type SharedJob } from './shard.js';
import { adoptWasmModule } from './wasm.js';
import type { AuditJob } from '../tasks/audit-work.js';

let started = false;

/** Handle one batch. */
export default function handle(task: WorkerTask): WorkerResult | Promise<WorkerResult> {
  if (!started) {
    started = true;
    // The main thread compiled the WASM core once; this thread instantiates that module.
    adoptWasmModule((loadPiscina().Piscina.workerData as WorkerInit | undefined)?.wasmModule ?? null);
  }
  switch (task.kind) {
    case 'parse':
      return parseTask(task, hasherFor(task.digests));
    case 'audit':
      return auditTask(task);
  }
}

let auditing: { readonly job: number; readonly shared: AuditJob } | undefined;

/** The audit and its parsers load on the first audit task: a catalog's workers never load them. */
async function auditTask(task: AuditTask): Promise<AuditTaskResult> {
  const [{ claimAndAudit }, { auditParsers }] = await Promise.all([
    import('../tasks/audit-work.js'),
    import('../tasks/audit-path.js'),
  ]);
  const parsers = await auditParsers();
  if (auditing?.job !== task.job) auditing = { job: task.job, shared: readSharedJob<AuditJob>(task.payload) };
  return { kind: 'audit', chunks: claimAndAudit(auditing.shared, task.claim, task.batch, parsers, task.claims) };
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
