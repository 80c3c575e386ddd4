/**
 * One skill folder's audit as plain data, and a run's skills as a job shared with a worker pool: the
 * main thread and each worker claim batches of skills from one shared counter (as the catalog's parse
 * does, `engine/shard.ts`) and return each skill's findings, notes and the lines they point at. Results
 * carry their start index, so the run is put back in skill order whoever audited what: the output is
 * the same bytes for any number of workers. The workers run `audit-worker.ts`.
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
import { auditFields, readSkillFiles, type AuditFields, type AuditLimits, type FolderListings } from './audit-read.js';
import { readRegularFile } from '../discover/safe-read.js';
import { toPosix } from '../discover/paths.js';
import { parseSkill } from '../parse/parse-skill.js';

/** One skill folder to audit. */
export interface AuditItem {
  /** The folder as shown in findings. */
  readonly dir: string;
  readonly abs: string;
  readonly skillFile: string;
  readonly fields: AuditFields;
}

/** What every participant reads once per job. */
export interface AuditJob {
  readonly items: readonly AuditItem[];
  /** Every skill name of the run, for look-alike names. */
  readonly names: readonly string[];
  readonly limits?: Partial<AuditLimits>;
}

/** One skill's audit: findings, reading notes, and the text of each line a finding points at. */
export interface AuditItemResult {
  readonly diagnostics: readonly FlowDiagnostic[];
  readonly notes: readonly string[];
  /** `[file, line, text]` of each finding with a line, for excerpts. */
  readonly excerpts: readonly (readonly [string, number, string])[];
}

export type AuditChunk = Chunk<AuditItemResult>;

/** One skill's SKILL.md to read and parse first (every name is needed before any skill is audited). */
export interface HeadItem {
  readonly abs: string;
  readonly skillFile: string;
}

/** What the audit takes from a SKILL.md: its name (null when it does not parse) and its fields. */
export interface HeadResult {
  readonly name: string | null;
  readonly fields: AuditFields;
}

/** A SKILL.md as parsed here (the package stays in this thread). */
export interface ParsedHead {
  readonly pkg: SkillPackage | undefined;
}

/** The SKILL.md files of a run, read and parsed in batches like the audit itself. */
export interface HeadJob {
  readonly items: readonly HeadItem[];
  readonly maxFileBytes: number;
}

/**
 * A worker's task: up to `claims` batches of `batch` items of one job (`payload`, from `shareJob`), SKILL.md
 * files to parse (`heads`) or skills to audit.
 */
export interface AuditTask {
  readonly kind: 'heads' | 'audit';
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

export type AuditPool = Workers<AuditTask, Chunk<AuditItemResult | HeadResult>[]>;

/** Characters of a line kept for an excerpt (a minified script is one long line). */
const MAX_EXCERPT = 1000;

/**
 * Read and audit one skill folder (`files` when they were read before).
 *
 * @example auditItem(item, job, parsers).diagnostics
 */
export function auditItem(
  item: AuditItem,
  job: AuditJob,
  parsers: CodeParsers,
  files: readonly AuditFile[] = readSkillFiles(item.abs, job.limits),
): AuditItemResult {
  const input: AuditInput = { dir: item.dir, skillFile: item.skillFile, files, otherNames: job.names, ...item.fields };
  const outcome = auditSkillOutcome(input, { parsers });
  const excerpts: [string, number, string][] = [];
  for (const d of outcome.diagnostics) {
    if (d.line <= 0) continue;
    const text = files.find((x) => (item.dir === '.' ? x.path : `${item.dir}/${x.path}`) === d.file)?.text;
    if (text !== undefined) excerpts.push([d.file, d.line, lineAt(text, d.line).slice(0, MAX_EXCERPT)]);
  }
  return { diagnostics: outcome.diagnostics, notes: outcome.notes, excerpts };
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
    auditItem(item, job, parsers, readSkillFiles(item.abs, job.limits, listings)),
  );
}

/**
 * Read and parse one SKILL.md (undefined when it cannot be read or parsed).
 *
 * @example readHead({ abs: '/repo/skills/pdf', skillFile: 'SKILL.md' }, 1 << 20).pkg?.descriptor.name // 'pdf'
 */
export function readHead(item: HeadItem, maxFileBytes: number): ParsedHead {
  const read = readRegularFile(join(item.abs, item.skillFile), maxFileBytes);
  const pkg = read.ok
    ? parseSkill(read.bytes.toString('utf8'), {
        locator: toPosix(join(item.abs, item.skillFile)),
        dirName: basename(item.abs),
        profile: 'lenient',
      }).package
    : undefined;
  return { pkg };
}

function headResult(pkg: SkillPackage | undefined): HeadResult {
  return { name: pkg?.descriptor.name ?? null, fields: auditFields(pkg) };
}

/** Claim batches of the job's SKILL.md files (at most `maxClaims`) until none is left, and parse them. */
export function claimAndReadHeads(
  job: HeadJob,
  claim: Int32Array,
  batch: number,
  maxClaims = Infinity,
): Chunk<HeadResult>[] {
  return claimBatches(job.items, claim, batch, maxClaims, (item) => headResult(readHead(item, job.maxFileBytes).pkg));
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
 * entry. Started at once, so its threads boot while the main thread parses the SKILL.md files.
 *
 * @example const pool = auditPool('auto', 10_000); await pool?.close();
 */
export function auditPool(workers: number | 'auto', skills: number): AuditPool | undefined {
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
  return startWorkers<AuditTask, Chunk<AuditItemResult | HeadResult>[]>(threads, entry);
}

let jobs = 0;

/**
 * Every SKILL.md's name and fields, in item order: parsed here, or claimed in batches by this thread and
 * the pool's workers together (so the workers, started, are busy while the names are gathered).
 *
 * @example const heads = await readHeads({ items, maxFileBytes: 1 << 20 }, pool);
 */
export async function readHeads(job: HeadJob, pool: AuditPool | undefined): Promise<HeadResult[]> {
  if (!pool) return job.items.map((item) => headResult(readHead(item, job.maxFileBytes).pkg));
  return shared<HeadResult>('heads', job, job.items.length, pool, (claim) =>
    claimAndReadHeads(job, claim, HEAD_BATCH, 1),
  );
}

/** SKILL.md files per claim: a few milliseconds of work. */
const HEAD_BATCH = 64;
/**
 * Batches a worker claims per task: this thread posts the next task only between its own batches, so a
 * worker given one batch at a time sat idle for a sixth of the run (bench/RESULTS.md).
 */
const WORKER_CLAIMS = 4;

/**
 * Every item's result, in item order: inline (reading each folder with `filesOf`), or claimed in
 * batches by this thread (reading folders from `listings` where they hold it) and the pool's workers together.
 *
 * @example const results = await auditJob(job, parsers, undefined, (i) => readSkillFiles(job.items[i].abs));
 */
export async function auditJob(
  job: AuditJob,
  parsers: CodeParsers,
  pool: AuditPool | undefined,
  filesOf: (index: number) => readonly AuditFile[],
  listings?: FolderListings,
): Promise<AuditItemResult[]> {
  if (!pool) return job.items.map((item, i) => auditItem(item, job, parsers, filesOf(i)));
  return shared<AuditItemResult>('audit', job, job.items.length, pool, (claim) =>
    claimAndAudit(job, claim, BATCH, parsers, 1, listings),
  );
}

/**
 * Run one job over this thread and the pool: the workers claim batches through tasks, this thread one
 * batch at a time with `mine`, yielding between batches so the workers' results are taken.
 */
async function shared<R>(
  kind: AuditTask['kind'],
  payload: { readonly items: readonly { readonly abs: string }[] },
  count: number,
  pool: AuditPool,
  mine: (claim: Int32Array) => Chunk<R>[],
): Promise<R[]> {
  const results: (R | undefined)[] = new Array(count);
  const claim = newClaim();
  const batch = kind === 'heads' ? HEAD_BATCH : BATCH;
  const task: AuditTask = { kind, job: ++jobs, payload: shareJob(payload), claims: WORKER_CLAIMS, claim, batch };
  const take = (chunks: readonly Chunk<unknown>[]): void => {
    for (const { start, results: got } of chunks) got.forEach((r, j) => (results[start + j] = r as R));
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
      throw new SkillgraphError('internal', `no ${kind} result for ${payload.items[i]!.abs}`, {
        path: payload.items[i]!.abs,
      });
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
