/**
 * One parse job shared by the main thread and the workers: each claims the next batch from one shared counter
 * until none is left, so a late worker or a busy core only means fewer batches for it. Results carry their
 * start index and are reassembled in item order.
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
  /** Over a SharedArrayBuffer: `[0]` is the next unclaimed item index. */
  readonly claim: Int32Array;
  readonly batch: number;
}

export function newClaim(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export interface SharedJob {
  readonly items: readonly ParseItem[];
  readonly known: readonly (string | null)[];
}

/** The job's items and known hashes as JSON in shared memory: every task posts the same bytes, never a copy. */
export function shareJob<T = SharedJob>(job: T): Uint8Array {
  const bytes = new TextEncoder().encode(JSON.stringify(job));
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

export function readSharedJob<T = SharedJob>(payload: Uint8Array): T {
  // TextDecoder refuses views of shared memory: copy out first.
  return JSON.parse(new TextDecoder().decode(payload.slice())) as T;
}

/** Claim batches of `items` (at most `maxClaims`) until none is left and parse them; the chunks parsed here. */
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

/** One item: read (hashing for the cache), reuse when the bytes still hash to `known`, else parse. */
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
  if (known !== null && known === file.hash) return { kind: 'reuse', facts: fileFacts };
  const result = parseItemBytes(item, file.bytes, hasher);
  return facts ? { kind: 'parsed', result, facts: fileFacts } : { kind: 'parsed', result };
}
