/**
 * `--shard i/n`: a stable partition of the work by skill path, so n CI jobs
 * each take one part and `skillgraph merge` puts the parts back together.
 * A path's shard depends on the path alone (FNV-1a of its UTF-8 bytes), never
 * on the machine, the order of the walk or the other paths.
 */
import { usageError } from '../cli/args.js';
import type { CliIo } from '../cli/io.js';

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** More shards than this is a typo, not a CI matrix. */
export const MAX_SHARDS = 1024;

/**
 * Parse `i/n` (1 ≤ i ≤ n ≤ 1024), or fail with a usage error naming the flag.
 *
 * @example parseShard(io, 'validate', '2/4') // { index: 2, count: 4 }
 */
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

const UTF8 = new TextEncoder();

/**
 * The shard (1-based) a skill path belongs to among `count`.
 *
 * @example shardOf('skills/deploy/SKILL.md', 4) // 1..4, the same on every machine
 */
export function shardOf(path: string, count: number): number {
  let h = 0x811c9dc5;
  for (const byte of UTF8.encode(path)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return (h % count) + 1;
}

/**
 * Refuse (a usage error of `verb`) a shard that `foreign` says is of another run, one given
 * twice, or a missing one; the first document's shard count is the run's.
 *
 * @example everyShardOnce(io, 'merge', docs, (file, s) => (s.count !== 4 ? `${file} is of another run` : undefined))
 */
export function everyShardOnce<S extends { readonly index: number; readonly count: number }>(
  io: CliIo,
  verb: string,
  docs: readonly { readonly file: string; readonly doc: { readonly shard: S } }[],
  foreign: (file: string, shard: S) => string | undefined,
): void {
  const count = docs[0]!.doc.shard.count;
  const seen = new Map<number, string>();
  for (const { file, doc } of docs) {
    const why = foreign(file, doc.shard);
    if (why !== undefined) usageError(io, verb, why);
    const twice = seen.get(doc.shard.index);
    if (twice !== undefined) usageError(io, verb, `${file} and ${twice} are both shard ${doc.shard.index}/${count}`);
    seen.set(doc.shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length === 0) return;
  usageError(io, verb, `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
}
