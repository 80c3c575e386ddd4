/**
 * Stat one skill file without reading it (the warm path), the identity of a
 * parse (`itemKey`) and the shapes the read path shares. No parse stage
 * here: the engine walks, stats and answers from its store before
 * `parse-files.ts` (and yaml / zod) is ever loaded.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { unreadableDiagnostic } from '../discover/messages.js';
import type { ParseItem, ParseItemResult } from './plan.js';
import { stampOf, type Stamp } from './store/stamp.js';

/** An item's file, stat'ed only. */
export interface ItemStat {
  readonly kind: 'stat';
  readonly key: string;
  readonly stat: Stamp;
}

/** A file that could not be used: its finished (diagnostic-only) result. */
export interface ItemFailed {
  readonly kind: 'result';
  readonly result: ParseItemResult;
}

/** The identity of a parse: everything `parseBatch` reads besides the bytes. */
export function itemKey(item: ParseItem): string {
  return `${item.profile}\u0000${item.scope}\u0000${item.precedence}\u0000${item.root}\u0000${item.dirName}\u0000${item.locator}\u0000${item.path}`;
}

/** SHA-256 hex of file bytes (the files table's content check). */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Stat an item's file (the warm-cache path: no read).
 *
 * @example const f = statItem(item); if (f.kind === 'stat') cache.lookup(f.key, f.stat);
 */
export function statItem(item: ParseItem): ItemStat | ItemFailed {
  try {
    return { kind: 'stat', key: itemKey(item), stat: stampOf(statSync(item.path)) };
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
