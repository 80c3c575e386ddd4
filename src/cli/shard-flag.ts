import { usageError } from './args.js';
import type { CliIo } from './io.js';
import { MAX_SHARDS, type Shard } from '../tasks/shard.js';

/** Parse `i/n` (1 ≤ i ≤ n ≤ 1024), or fail with a usage error naming the flag. */
export function parseShard(io: CliIo, verb: string, raw: unknown): Shard | undefined {
  if (raw === undefined) return undefined;
  const m = typeof raw === 'string' ? /^(\d{1,4})\/(\d{1,4})$/.exec(raw) : null;
  const index = m ? Number(m[1]) : Number.NaN;
  const count = m ? Number(m[2]) : Number.NaN;
  if (!m || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    usageError(io, verb, `--shard takes i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}, e.g. 2/4, got '${String(raw)}'`);
  }
  return { index, count };
}
