/**
 * The audit pool's task handler (`audit-work.ts` starts the pool): the parsers load once per thread, on
 * the first task, and each task claims batches of the shared job. Only pools load this file, so it
 * imports the parsers statically (a worker under tsx cannot resolve a dynamic import of a `.js` path).
 */
import { readSharedJob } from '../engine/shard.js';
import { loadAuditParsers } from './audit-parsers.js';
import { claimAndAudit, type AuditChunk, type AuditJob, type AuditTask } from './audit-work.js';

let current: { readonly job: number; readonly shared: AuditJob } | undefined;

/** Audit up to `task.claims` batches of the task's job. */
export default async function handle(task: AuditTask): Promise<AuditChunk[]> {
  const parsers = await loadAuditParsers();
  if (current?.job !== task.job) current = { job: task.job, shared: readSharedJob<AuditJob>(task.payload) };
  return claimAndAudit(current.shared, task.claim, task.batch, parsers, task.claims);
}
