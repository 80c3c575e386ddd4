// A path's shard depends on the path alone (FNV-1a of its UTF-8 bytes), never on the machine or the walk.
import { SkillgraphError } from '../model/errors.js';

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** More shards than this is a typo, not a CI matrix. */
export const MAX_SHARDS = 1024;

const UTF8 = new TextEncoder();

/** The shard (1-based) a skill path belongs to among `count`. */
export function shardOf(path: string, count: number): number {
  let h = 0x811c9dc5;
  for (const byte of UTF8.encode(path)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return (h % count) + 1;
}

/** A `usage` error for a shard of another run (per `foreign`), one given twice, or a missing one. */
export function everyShardOnce<S extends { readonly index: number; readonly count: number }>(
  docs: readonly { readonly file: string; readonly doc: { readonly shard: S } }[],
  foreign: (file: string, shard: S) => string | undefined,
): void {
  const count = docs[0]!.doc.shard.count;
  const seen = new Map<number, string>();
  for (const { file, doc } of docs) {
    const why = foreign(file, doc.shard);
    if (why !== undefined) throw new SkillgraphError('usage', why);
    const twice = seen.get(doc.shard.index);
    if (twice !== undefined)
      throw new SkillgraphError('usage', `${file} and ${twice} are both shard ${doc.shard.index}/${count}`);
    seen.set(doc.shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length === 0) return;
  throw new SkillgraphError(
    'usage',
    `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`,
  );
}
