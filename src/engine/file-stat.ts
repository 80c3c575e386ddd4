/** Stat a skill file without reading it (the warm path) and a parse's identity: no parse stage loaded here. */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { unreadableDiagnostic } from '../discover/messages.js';
import type { ParseItem, ParseItemResult } from './plan.js';
import { stampOf, type Stamp } from './store/stamp.js';

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

/** The identity of a parse: everything a parse reads besides the bytes. */
export function itemKey(item: ParseItem): string {
  return `${item.profile}\u0000${item.scope}\u0000${item.precedence}\u0000${item.root}\u0000${item.dirName}\u0000${item.locator}\u0000${item.path}`;
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function statItem(item: ParseItem): ItemStat | ItemFailed {
  try {
    return { kind: 'stat', key: itemKey(item), stat: stampOf(statSync(item.path)) };
  } catch (error) {
    return { kind: 'result', result: unreadable(item, error) };
  }
}

export function unreadable(item: ParseItem, error: unknown): ParseItemResult {
  return { locator: item.locator, diagnostics: [unreadableDiagnostic(item.locator, error)] };
}
