/**
 * The worker protocol, in one place: plain interfaces for what the
 * main thread posts and what a worker returns. Workers receive batches
 * (hundreds of files) and return compact plain data; a handler's failure for
 * one file is data (a diagnostic), an infrastructure fault rejects the task.
 */
import type { BackendChoice } from '../model/backend.js';
import type { ParseItemResult } from './catalog-pipeline.js';
import type { Stamp } from './store/stamp.js';

/**
 * Parse up to `claims` batches of one job, claimed from the shared counter
 * (see `shard.ts`); the main thread claims from the same counter. Tasks are
 * small and kept two in flight per worker, so results stream back batch by
 * batch instead of piling up in the worker.
 */
export interface ParseTask {
  readonly kind: 'parse';
  /** Job number: a worker decodes `payload` once per job. */
  readonly job: number;
  /** `shareJob({ items, known })`: UTF-8 JSON in shared memory (no copy per task). */
  readonly payload: Uint8Array;
  /** Batches to claim at most in this task. */
  readonly claims: number;
  /** Also return each file's stat and content hash (for the parse cache). */
  readonly facts: boolean;
  /** `Int32Array` over a SharedArrayBuffer: `[0]` is the next unclaimed item index. */
  readonly claim: Int32Array;
  /** Items per claim (hundreds: never one file per message). */
  readonly batch: number;
  /**
   * Hash backend for each package's digest (computed in the worker, kept by
   * the seal step), or null to leave digests to the main thread.
   */
  readonly digests: BackendChoice | null;
}

export type WorkerTask = ParseTask;

/** File facts the cache stores beside a result. */
export interface FileFacts {
  readonly key: string;
  readonly stat: Stamp;
  readonly hash: string;
}

export interface ParseTaskResult {
  readonly kind: 'parse';
  /** The batches this worker claimed, each with its first item index. */
  readonly chunks: readonly ParseChunk[];
}

/** Consecutive items `start…start + outcomes.length − 1`, in item order. */
export interface ParseChunk {
  readonly start: number;
  readonly outcomes: readonly ParseOutcome[];
}

/** A fresh result, or `reuse` (the cached result is still right: same content hash). */
export type ParseOutcome =
  | { readonly kind: 'parsed'; readonly result: ParseItemResult; readonly facts?: FileFacts }
  | { readonly kind: 'reuse'; readonly facts: FileFacts };

export type WorkerResult = ParseTaskResult;

/** What every worker gets once, at start (`workerData`). */
export interface WorkerInit {
  /** The compiled WASM core, shared instead of recompiled per thread (null when not built). */
  readonly wasmModule: WebAssembly.Module | null;
}
