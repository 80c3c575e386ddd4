/**
 * Stat one skill file without reading it (the warm path), and the shapes the
 * read path shares. No parse stage here: the engine walks, stats and answers
 * from its run memo before `parse-files.ts` (and yaml / zod) is ever loaded.
 */
import { statSync } from 'node:fs';
import { unreadableDiagnostic } from '../discover/messages.js';
import { itemKey } from './cache.js';
import type { ParseItem, ParseItemResult } from './plan.js';

/**
 * The stat fields the cache compares. ctime too: a copy that keeps the old
 * mtime and size (`cp -p`, `rsync -t --inplace`) still moves the ctime.
 */
export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly ino: number;
}

/** The fields of `FileStat`, from a `Stats`. */
export function fileStat(stat: FileStat): FileStat {
  return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino };
}

/** An item's file, stat'ed only. */
export interface ItemStat {
  readonly kind: 'stat';
  readonly key: string;
  readonly stat: FileStat;
}

/** A file that could not be used: its finished (diagnostic-only) result. */
export interface ItemFailed {
  readonly kind: 'result';
  readonly result: ParseItemResult;
}

/**
 * Stat an item's file (the warm-cache path: no read).
 *
 * @example const f = statItem(item); if (f.kind === 'stat') cache.lookup(f.key, f.stat);
 */
export function statItem(item: ParseItem): ItemStat | ItemFailed {
  try {
    const stat = statSync(item.path);
    return { kind: 'stat', key: itemKey(item), stat: fileStat(stat) };
  } catch (error) {
    return { kind: 'result', result: unreadable(item, error) };
  }
}

/**
 * The finding for a file that could not be stat'ed, opened or read.
 *
 * @example unreadable(item, { code: 'ENOENT' }).diagnostics[0]?.code // 'discover.unreadable'
 */
export function unreadable(item: ParseItem, error: unknown): ParseItemResult {
  return { locator: item.locator, diagnostics: [unreadableDiagnostic(item.locator, error)] };
}
