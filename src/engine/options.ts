/** Engine options: their resolver, frozen defaults, and when `auto` starts a worker pool. */
import { existsSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import type { BackendChoice } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';
import { workerEntryFile } from './pool.js';

/** Progress of a long run, for a TTY progress line. */
export interface EngineProgress {
  readonly phase: 'walk' | 'parse' | 'seal';
  readonly done: number;
  readonly total: number;
}

export interface EngineOptions {
  /** Worker threads: 0 = always inline, `auto` = by expected work (default). */
  readonly workers: number | 'auto';
  /** Parse cache folder, or false for none. */
  readonly cache: string | false;
  readonly backend: BackendChoice;
  /** Files below which `auto` stays inline (the pool's start would not pay). */
  readonly inlineThreshold: number;
  /** Files per worker task. */
  readonly batchSize: number;
  /** Keep the pool between loads (default true); a one-shot caller sets false, so threads go before sealing. */
  readonly keepPool: boolean;
  /** The file worker threads run (`skillgraph/worker` or a bundled copy); without one `auto` parses inline. */
  readonly workerEntry?: string | URL;
  readonly onProgress?: (progress: EngineProgress) => void;
}

/** Files below which `workers: 'auto'` parses inline, for a machine with `cores` cores. */
export function defaultInlineThreshold(cores: number): number {
  // Perf: the pool pays only when a worker has a core of its own; on 2 cores inline beat the pool (RESULTS.md).
  return cores >= 3 ? 2_000 : 25_000;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = Object.freeze({
  workers: 'auto',
  cache: false,
  backend: 'auto',
  inlineThreshold: defaultInlineThreshold(availableParallelism()),
  batchSize: 256,
  keepPool: true,
});

const ENGINE_KEYS = optionKeys<EngineOptions>('createEngine', {
  workers: true,
  cache: true,
  backend: true,
  inlineThreshold: true,
  batchSize: true,
  keepPool: true,
  workerEntry: true,
  onProgress: true,
});

/**
 * Resolve engine options; errors name the field.
 * @example resolveEngineOptions({ workers: 2 }).batchSize // 256
 */
export function resolveEngineOptions(options: Partial<EngineOptions> = {}): EngineOptions {
  checkOptionKeys(options, ENGINE_KEYS);
  const merged: EngineOptions = {
    ...DEFAULT_ENGINE_OPTIONS,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
  if (
    merged.workers !== 'auto' &&
    (!Number.isSafeInteger(merged.workers) || merged.workers < 0 || merged.workers > 64)
  ) {
    throw new SkillgraphError(
      'options.invalid',
      `workers must be 'auto' or a whole number 0–64, got ${String(merged.workers)}`,
      { field: 'workers' },
    );
  }
  for (const field of ['inlineThreshold', 'batchSize'] as const) {
    if (!Number.isSafeInteger(merged[field]) || merged[field] < 1) {
      throw new SkillgraphError(
        'options.invalid',
        `${field} must be a whole number ≥ 1, got ${String(merged[field])}`,
        { field },
      );
    }
  }
  if (typeof merged.keepPool !== 'boolean') {
    throw new SkillgraphError('options.invalid', `keepPool must be true or false, got ${String(merged.keepPool)}`, {
      field: 'keepPool',
    });
  }
  if (merged.cache !== false && (typeof merged.cache !== 'string' || merged.cache === '')) {
    throw new SkillgraphError('options.invalid', 'cache must be a folder path or false', { field: 'cache' });
  }
  checkWorkerEntry(merged);
  return Object.freeze(merged);
}

/** A worker entry must be a path or a URL, and a fixed worker count needs one that exists. */
function checkWorkerEntry({ workers, workerEntry }: EngineOptions): void {
  const named = workerEntry instanceof URL || (typeof workerEntry === 'string' && workerEntry !== '');
  if (workerEntry !== undefined && !named) {
    throw new SkillgraphError('options.invalid', 'workerEntry must be a file path or a file URL', {
      field: 'workerEntry',
    });
  }
  if (workers === 'auto' || workers === 0) return;
  const file = workerEntryFile(workerEntry);
  if (file === undefined || !existsSync(file)) {
    const what = file === undefined ? 'this build has no worker entry beside its code' : `there is no file ${file}`;
    const message =
      `workers: ${workers} needs a worker entry, but ${what}: ` + 'pass workerEntry (skillgraph/worker), or workers: 0';
    throw new SkillgraphError('options.invalid', message, { field: 'workerEntry' });
  }
}

/** The default cache folder: `$XDG_CACHE_HOME/skillgraph`, else `~/.cache/skillgraph`. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'skillgraph');
}
