/**
 * One skill folder's audit as plain data, and a run's skills as a job shared with a worker pool: the
 * main thread and each worker claim batches of skills from one shared counter (as the catalog's parse
 * does, `engine/shard.ts`), read each folder once, parse its SKILL.md from what was read, and return
 * each skill's name, findings, notes and the lines they point at. Results carry their start index, so
 * the run is put back in skill order whoever audited what: the output is the same bytes for any number
 * of workers. The workers run `audit-worker.ts`.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { auditSkillOutcome } from '../audit/audit.js';
import type { FlowDiagnostic } from '../audit/code/flow-rules.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import type { AuditFile, AuditInput } from '../audit/input.js';
import type { SkillPackage } from '../model/package.js';
import { IN_FLIGHT, startWorkers, type Workers } from '../engine/pool.js';
import { newClaim, shareJob } from '../engine/shard.js';
import { SkillgraphError } from '../model/errors.js';
import { auditWorkerEntry } from './audit-assets.js';
import {
  auditFields,
  DEFAULT_AUDIT_LIMITS,
  readSkillFiles,
  type AuditLimits,
  type FolderListings,
} from './audit-read.js';
import { readRegularFile } from '../discover/safe-read.js';
import { toPosix } from '../discover/paths.js';
import { parseSkill } from '../parse/parse-skill.js';

/** One skill folder to audit. */
export interface AuditItem {
  /** The folder as shown in findings. */
  readonly dir: string;
  readonly abs: string;
  readonly skillFile: string;
}

/** What every participant reads once per job. */
export interface AuditJob {
  readonly items: readonly AuditItem[];
  /**
   * Every skill name of the run, for look-alike names. A first pass goes without (its skills are
   * audited again with them only where another name reads like theirs).
   */
  readonly names?: readonly string[];
  readonly limits?: Partial<AuditLimits>;
}

/** One skill's audit: its name, findings, reading notes, and the text of each line a finding points at. */
export interface AuditItemResult {
  /** The SKILL.md's name, null when it does not parse. */
  readonly name: string | null;
  readonly diagnostics: readonly FlowDiagnostic[];
  readonly notes: readonly string[];
  /** `[file, line, text]` of each finding with a line, for excerpts. */
  readonly excerpts: readonly (readonly [string, number, string])[];
}

export type AuditChunk = Chunk<AuditItemResult>;

/** A worker's task: up to `claims` batches of `batch` skills of one job (`payload`, from `shareJob`) to audit. */
export interface AuditTask {
  readonly job: number;
  readonly payload: Uint8Array;
  readonly claims: number;
  /** Over a SharedArrayBuffer: `[0]` is the next unclaimed item index. */
  readonly claim: Int32Array;
  readonly batch: number;
}

/** Consecutive results `start…start + results.length − 1`, in item order. */
export interface Chunk<R> {
  readonly start: number;
  readonly results: readonly R[];
}

export type AuditPool = Workers<AuditTask, AuditChunk[]>;

/** Characters of a line kept for an excerpt (a minified script is one long line). */
const MAX_EXCERPT = 1000;

/**
 * Read and audit one skill folder (`files` and its parsed SKILL.md `pkg` when they were read before).
 *
 * @example auditItem(item, job, parsers).diagnostics
 */
export function auditItem(
  item: AuditItem,
  job: AuditJob,
  parsers: CodeParsers,
  files: readonly AuditFile[] = readSkillFiles(item.abs, job.limits, undefined, false),
  pkg: SkillPackage | undefined = skillPackage(item, files, job.limits),
): AuditItemResult {
  const input: AuditInput = {
    dir: item.dir,
    skillFile: item.skillFile,
    files,
    ...(job.names ? { otherNames: job.names } : {}),
    ...auditFields(pkg),
  };
  const outcome = auditSkillOutcome(input, { parsers });
  const excerpts: [string, number, string][] = [];
  for (const d of outcome.diagnostics) {
    if (d.line <= 0) continue;
    const text = files.find((x) => (item.dir === '.' ? x.path : `${item.dir}/${x.path}`) === d.file)?.text;
    if (text !== undefined) excerpts.push([d.file, d.line, lineAt(text, d.line).slice(0, MAX_EXCERPT)]);
  }
  return { name: pkg?.descriptor.name ?? null, diagnostics: outcome.diagnostics, notes: outcome.notes, excerpts };
}

/**
 * A skill's SKILL.md parsed from its text among the folder's `files`, or read again on its own where the
 * folder read kept no text of it (a link, past a bound, not UTF-8): undefined when it does not parse.
 *
 * @example skillPackage(item, readSkillFiles(item.abs))?.descriptor.name // 'pdf'
 */
export function skillPackage(
  item: AuditItem,
  files: readonly AuditFile[],
  limits: Partial<AuditLimits> = {},
): SkillPackage | undefined {
  const own = files.find((f) => f.path === item.skillFile);
  if (own?.kind === 'file' && own.text !== undefined) return parseHead(item, own.text);
  const read = readRegularFile(
    join(item.abs, item.skillFile),
    limits.maxFileBytes ?? DEFAULT_AUDIT_LIMITS.maxFileBytes,
  );
  return read.ok ? parseHead(item, read.bytes.toString('utf8')) : undefined;
}

function parseHead(item: AuditItem, text: string): SkillPackage | undefined {
  return parseSkill(text, {
    locator: toPosix(join(item.abs, item.skillFile)),
    dirName: basename(item.abs),
    profile: 'lenient',
  }).package;
}

/**
 * Claim batches of the job's items (at most `maxClaims`) until none is left, and audit them (reading each
 * folder from `listings` where they hold it).
 *
 * @example claimAndAudit(job, newClaim(), 16, parsers)
 */
export function claimAndAudit(
  job: AuditJob,
  claim: Int32Array,
  batch: number,
  parsers: CodeParsers,
  maxClaims = Infinity,
  listings?: FolderListings,
): AuditChunk[] {
  return claimBatches(job.items, claim, batch, maxClaims, (item) =>
    auditItem(item, job, parsers, readSkillFiles(item.abs, job.limits, listings, false)),
  );
}

function claimBatches<T, R>(
  items: readonly T[],
  claim: Int32Array,
  batch: number,
  maxClaims: number,
  each: (item: T) => R,
): Chunk<R>[] {
  const chunks: Chunk<R>[] = [];
  while (chunks.length < maxClaims) {
    const start = Atomics.add(claim, 0, batch);
    if (start >= items.length) return chunks;
    const end = Math.min(items.length, start + batch);
    const results: R[] = [];
    for (let i = start; i < end; i++) results.push(each(items[i]!));
    chunks.push({ start, results });
  }
  return chunks;
}

/** Skills per claim: tens of milliseconds of work, so the last claims end close together. */
const BATCH = 16;
/** Below this many skills a worker's start (loading the code and the parsers) costs more than it saves. */
const INLINE_BELOW = 256;

/**
 * The pool a run of `skills` skills audits with, or undefined to audit inline. `auto`: one worker per
 * core but the main thread's (which audits too), from `INLINE_BELOW` skills, where there is a worker
 * entry. Started at once, so its threads boot while the main thread works; with `skills` not known yet
 * (a tree still to walk), sized for many, to be kept or closed by `keepPool` once the walk has counted.
 *
 * @example const pool = auditPool('auto', 10_000); await pool?.close();
 */
export function auditPool(workers: number | 'auto', skills = Infinity): AuditPool | undefined {
  const own = auditWorkerEntry();
  const entry = own !== undefined && existsSync(own) ? own : undefined;
  const threads =
    workers !== 'auto'
      ? workers
      : skills < INLINE_BELOW || entry === undefined
        ? 0
        : Math.min(availableParallelism() - 1, Math.ceil(skills / BATCH));
  if (threads <= 0) return undefined;
  if (entry === undefined)
    throw new SkillgraphError('options.invalid', `workers: ${threads} needs the audit worker entry: pass workers: 0`, {
      field: 'workers',
    });
  return startWorkers<AuditTask, AuditChunk[]>(threads, entry);
}

/**
 * The pool started before the walk (`auditPool` with no count), kept when the count calls for one, else
 * closed: with `auto`, a run of few skills audits inline.
 *
 * @example const pool = await keepPool(early, 'auto', found.length);
 */
export async function keepPool(
  pool: AuditPool | undefined,
  workers: number | 'auto',
  skills: number,
): Promise<AuditPool | undefined> {
  if (!pool || workers !== 'auto' || skills >= INLINE_BELOW) return pool;
  await pool.close();
  return undefined;
}

let jobs = 0;

/**
 * Batches a worker claims per task: this thread posts the next task only between its own batches, so a
 * worker given one batch at a time sat idle for a sixth of the run (bench/RESULTS.md).
 */
const WORKER_CLAIMS = 4;

/** A skill folder as read: its SKILL.md parsed (when it parses) and its files. */
export interface AuditRead {
  readonly pkg: SkillPackage | undefined;
  readonly files: readonly AuditFile[];
}

/**
 * Every item's result, in item order: inline (reading each folder with `readOf`), or claimed in
 * batches by this thread (reading folders from `listings` where they hold it) and the pool's workers together.
 *
 * @example const results = await auditJob(job, parsers, undefined, (i) => ({ files, pkg }));
 */
export async function auditJob(
  job: AuditJob,
  parsers: CodeParsers,
  pool: AuditPool | undefined,
  readOf: (index: number) => AuditRead,
  listings?: FolderListings,
): Promise<AuditItemResult[]> {
  if (!pool)
    return job.items.map((item, i) => {
      const read = readOf(i);
      return auditItem(item, job, parsers, read.files, read.pkg);
    });
  return shared(job, pool, (claim) => claimAndAudit(job, claim, BATCH, parsers, 1, listings));
}

/**
 * Run one job over this thread and the pool: the workers claim batches through tasks, this thread one
 * batch at a time with `mine`, yielding between batches so the workers' results are taken.
 */
async function shared(
  job: AuditJob,
  pool: AuditPool,
  mine: (claim: Int32Array) => AuditChunk[],
): Promise<AuditItemResult[]> {
  const count = job.items.length;
  const results: (AuditItemResult | undefined)[] = new Array(count);
  const claim = newClaim();
  const task: AuditTask = { job: ++jobs, payload: shareJob(job), claims: WORKER_CLAIMS, claim, batch: BATCH };
  const take = (chunks: readonly AuditChunk[]): void => {
    for (const { start, results: got } of chunks) got.forEach((r, j) => (results[start + j] = r));
  };
  const left = (): boolean => Atomics.load(claim, 0) < count;
  const feed = async (): Promise<void> => {
    while (left()) {
      const chunks = await pool.run(task);
      if (chunks.length === 0) return;
      take(chunks);
    }
  };
  const remote = Promise.all(Array.from({ length: pool.threads * IN_FLIGHT }, feed));
  // Awaited after this thread's share; a worker that fails before then must not be an unhandled rejection.
  remote.catch(() => undefined);
  for (;;) {
    const chunks = mine(claim);
    if (chunks.length === 0) break;
    take(chunks);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await remote;
  return results.map((r, i) => {
    // Every item is claimed exactly once; a gap would be a protocol bug, never a silent hole.
    if (r === undefined)
      throw new SkillgraphError('internal', `no audit result for ${job.items[i]!.abs}`, { path: job.items[i]!.abs });
    return r;
  });
}

/** Line `n` (1-based) of `text`, without its newline. */
function lineAt(text: string, n: number): string {
  let start = 0;
  for (let i = 1; i < n; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return '';
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
}
