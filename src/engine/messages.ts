/** The worker protocol: what the main thread posts and a worker returns; a bad file is data, a fault rejects. */
import type { BackendChoice } from '../model/backend.js';
import type { ParseItemResult } from './catalog-pipeline.js';
import type { Stamp } from './store/stamp.js';

/** Parse up to `claims` batches of one job from the shared counter (shard.ts); small tasks, two in flight. */
export interface ParseTask {
  readonly kind: 'parse';
  readonly job: number;
  /** `shareJob({ items, known })`: JSON in shared memory. */
  readonly payload: Uint8Array;
  readonly claims: number;
  /** Also return each file's stat and content hash (for the parse cache). */
  readonly facts: boolean;
  /** Over a SharedArrayBuffer: `[0]` is the next unclaimed item index. */
  readonly claim: Int32Array;
  readonly batch: number;
  /** Hash backend for each package's digest, or null to leave digests to the main thread. */
  readonly digests: BackendChoice | null;
}

export type WorkerTask = ParseTask;

export interface FileFacts {
  readonly key: string;
  readonly stat: Stamp;
  readonly hash: string;
}

export interface ParseTaskResult {
  readonly kind: 'parse';
  readonly chunks: readonly ParseChunk[];
}

/** Consecutive items from `start`, in item order. */
export interface ParseChunk {
  readonly start: number;
  readonly outcomes: readonly ParseOutcome[];
}

/** A fresh result, or `reuse` (the cached result is still right: same content hash). */
export type ParseOutcome =
  | { readonly kind: 'parsed'; readonly result: ParseItemResult; readonly facts?: FileFacts }
  | { readonly kind: 'reuse'; readonly facts: FileFacts };

export type WorkerResult = ParseTaskResult;

export interface WorkerInit {
  readonly wasmModule: WebAssembly.Module | null;
}
