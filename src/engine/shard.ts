/**
 * Sharing one parse job between the main thread and the pool's workers.
 * Every participant claims the next batch of items from one shared counter
 * (`Atomics.add` on a SharedArrayBuffer) until none is left, so a worker
 * that boots late, or a core taken by another process, only means fewer
 * batches for that participant — never idle cores while work remains, and
 * never a task per file. Results carry their start index, so the job's
 * outcome is reassembled in item order whoever parsed what.
 */
import type { HashBackend } from '../model/backend.js';
import type { InputBudget } from './input-budget.js';
import type { ParseItem } from './catalog-pipeline.js';
import type { ParseChunk, ParseOutcome } from './messages.js';
import { parseItemBytes, readItem } from './parse-files.js';

/** What every participant needs besides the items. */
export interface ShardJob {
  /** Also return each file's stat and content hash (for the parse cache). */
  readonly facts: boolean;
  /** Per item, the content hash the cache holds (or null). */
  readonly known: readonly (string | null)[];
  /** `Int32Array` over a SharedArrayBuffer: `[0]` is the next unclaimed item index. */
  readonly claim: Int32Array;
  /** Items per claim. */
  readonly batch: number;
}

/** A fresh claim counter for a job. */
export function newClaim(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** What every participant reads once per job. */
export interface SharedJob {
  readonly items: readonly ParseItem[];
  readonly known: readonly (string | null)[];
}

/**
 * The job's items and known hashes as UTF-8 JSON in shared memory.
 * Perf: every task of a job posts the same shared bytes (no copy per task or
 * per worker); a worker decodes them once per job (`readSharedJob`).
 *
 * @example const payload = shareJob({ items, known }); pool.run({ ...task, payload });
 */
export function shareJob(job: SharedJob): Uint8Array {
  const bytes = new TextEncoder().encode(JSON.stringify(job));
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

/** Decode `shareJob` bytes. */
export function readSharedJob(payload: Uint8Array): SharedJob {
  // TextDecoder refuses views of shared memory: copy out first.
  return JSON.parse(new TextDecoder().decode(payload.slice())) as SharedJob;
}

/**
 * Claim batches of `items` (at most `maxClaims`) until none is left and parse them; returns the chunks this caller parsed.
 *
 * @example const chunks = claimAndParse(items, { facts: false, known: [], claim: newClaim(), batch: 256 }, JS_HASHER);
 */
export function claimAndParse(
  items: readonly ParseItem[],
  job: ShardJob,
  hasher: HashBackend | undefined,
  maxClaims = Infinity,
): ParseChunk[] {
  const hash = job.facts || job.known.some((k) => k !== null);
  const chunks: ParseChunk[] = [];
  while (chunks.length < maxClaims) {
    const start = Atomics.add(job.claim, 0, job.batch);
    if (start >= items.length) return chunks;
    const end = Math.min(items.length, start + job.batch);
    const outcomes: ParseOutcome[] = [];
    for (let i = start; i < end; i++)
      outcomes.push(parseOutcome(items[i]!, job.known[i] ?? null, job.facts, hash, hasher));
    chunks.push({ start, outcomes });
  }
  return chunks;
}

/**
 * One item: read (hashing only for the cache), reuse when the bytes still hash to `known`, else parse.
 * A `budget` is for items parsed one by one in run order (see `readItem`).
 */
export function parseOutcome(
  item: ParseItem,
  known: string | null,
  facts: boolean,
  hash: boolean,
  hasher: HashBackend | undefined,
  budget?: InputBudget,
): ParseOutcome {
  const file = readItem(item, hash, budget);
  if (file.kind !== 'bytes') return { kind: 'parsed', result: file.result };
  const fileFacts = { key: file.key, stat: file.stat, hash: file.hash };
  // Perf: a touched but unchanged file costs a hash, not a YAML parse.
  if (known !== null && known === file.hash) return { kind: 'reuse', facts: fileFacts };
  const result = parseItemBytes(item, file.bytes, hasher);
  return facts ? { kind: 'parsed', result, facts: fileFacts } : { kind: 'parsed', result };
}
