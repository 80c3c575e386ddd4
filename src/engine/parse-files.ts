/**
 * Reading and parsing one skill file, the unit every path shares (inline,
 * worker, cache revalidation): stat → size check → read → hash → parseSkill.
 * A bad or unreadable file becomes a diagnostic result, never a throw.
 */
import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { SAFE_OPEN_FLAGS } from '../discover/safe-read.js';
import { packageDigest } from '../catalog/digest.js';
import type { HashBackend } from '../model/backend.js';
import type { SkillDescriptor } from '../model/package.js';
import { DEFAULT_PARSE_OPTIONS } from '../parse/index.js';
import { parsePackage } from '../parse/parse-skill.js';
import { fileTooLargeDiagnostic } from '../parse/messages.js';
import type { ParseItem, ParseItemResult } from './plan.js';
import { startReadAhead, type ReadAhead } from './read-ahead.js';
import { contentHash, itemKey, unreadable, type ItemFailed } from './file-stat.js';
import { budgetDiagnostic, type InputBudget } from './input-budget.js';
import { NO_STAMP, stampOf, type Stamp } from './store/stamp.js';

export { statItem, type ItemFailed, type ItemStat } from './file-stat.js';

/** An item's file, read (and, for the cache, stat'ed and hashed). */
export interface ItemBytes {
  readonly kind: 'bytes';
  /** `itemKey(item)`; `''` when read without the cache. */
  readonly key: string;
  /** `NO_STAMP` when read without the cache (no stat taken). */
  readonly stat: Stamp;
  /** Valid until the next `readItem` in this thread (a reused buffer): parse or hash it first. */
  readonly bytes: Uint8Array;
  /** hex SHA-256 of `bytes` (`''` when not asked for: only the parse cache needs it). */
  readonly hash: string;
}

/**
 * Stat, size-check and read an item's file; hash its bytes when `hash` (the cache's content check).
 * With a `budget` (items read one by one in run order), the file's size is counted against it as
 * `budgetResults` would have counted its stat'ed size, and a file past it becomes the
 * `input.budget` finding instead of being read.
 *
 * @example const f = readItem(item, true); const r = f.kind === 'bytes' ? parseItemBytes(item, f.bytes) : f.result;
 */
export function readItem(item: ParseItem, hash: boolean, budget?: InputBudget): ItemBytes | ItemFailed {
  // Perf: open + (fstat) + read into one reused buffer + close: no path lookup for the stat and
  // no ArrayBuffer per file (fewer GC pauses: ~10k buffers of ~5 KB at 10k skills).
  let fd: number;
  try {
    // Non-blocking: a SKILL.md swapped for a FIFO since the walk (which lists regular files
    // only) must not hang the run; a read from it then ends at once or fails, both bounded.
    fd = openSync(item.path, SAFE_OPEN_FLAGS);
  } catch (error) {
    // Open can fail where a stat does not (EACCES): the budget counts what a stat says.
    return {
      kind: 'result',
      result:
        (budget &&
          cutBySize(
            item,
            budget,
            sizeOf(() => statSync(item.path).size),
          )) ||
        unreadable(item, error),
    };
  }
  const maxBytes = DEFAULT_PARSE_OPTIONS.maxFileBytes;
  try {
    if (!hash) {
      // Perf: without the cache no stat is needed: read to end of file, stopping past the
      // limit (then fstat for the size to report). −8…35 ms per 10k files (one syscall and a
      // Stats object each). The budget needs a size first only once less than one
      // file's limit is left of it, or for a file longer than the first read.
      let counted = false;
      let bytes: Uint8Array;
      try {
        if (budget && budget.limit - budget.used <= maxBytes) {
          const cut = cutBySize(item, budget, fstatSync(fd).size);
          if (cut) return { kind: 'result', result: cut };
          counted = true;
        }
        if (budget && !counted) {
          // A file longer than the first read is stat'ed before the rest is read, so a file past
          // the budget is never read whole (real SKILL.md files are a few KB: one read, no stat).
          bytes = readToEnd(fd, FIRST_READ + 1);
          if (bytes.length > FIRST_READ) {
            const cut = cutBySize(item, budget, fstatSync(fd).size);
            if (cut) return { kind: 'result', result: cut };
            counted = true;
            bytes = readToEnd(fd, maxBytes + 1);
          }
        } else bytes = readToEnd(fd, maxBytes + 1);
        if (bytes.length > maxBytes) {
          const size = fstatSync(fd).size;
          const cut = budget && !counted ? cutBySize(item, budget, size) : undefined;
          return { kind: 'result', result: cut ?? tooLarge(item, size, maxBytes) };
        }
      } catch (error) {
        const cut =
          budget && !counted
            ? cutBySize(
                item,
                budget,
                sizeOf(() => fstatSync(fd).size),
              )
            : undefined;
        return { kind: 'result', result: cut ?? unreadable(item, error) };
      }
      // More than `maxBytes` is left of the budget here, so this file always fits.
      if (budget && !counted) budget.take(bytes.length);
      return { kind: 'bytes', key: '', stat: NO_STAMP, bytes, hash: '' };
    }
    let stat: Stats;
    let bytes: Uint8Array;
    try {
      stat = fstatSync(fd);
      const cut = budget && cutBySize(item, budget, stat.size);
      if (cut) return { kind: 'result', result: cut };
      if (!stat.isFile()) return { kind: 'result', result: unreadable(item, { code: 'not a regular file' }) };
      if (stat.size > maxBytes) return { kind: 'result', result: tooLarge(item, stat.size, maxBytes) };
      bytes = readAll(fd, stat.size);
    } catch (error) {
      return { kind: 'result', result: unreadable(item, error) };
    }
    // Perf: the content hash only serves the cache: −26 ms at 10k skills with --no-cache.
    return { kind: 'bytes', key: itemKey(item), stat: stampOf(stat), bytes, hash: contentHash(bytes) };
  } finally {
    closeSync(fd);
  }
}

/** A size, or −1 (never cut) when it cannot be taken. */
function sizeOf(stat: () => number): number {
  try {
    return stat();
  } catch {
    return -1;
  }
}

/** Count `size` against the budget: the `input.budget` result when it does not fit, else undefined (taken). */
function cutBySize(item: ParseItem, budget: InputBudget, size: number): ParseItemResult | undefined {
  if (size < 0 || budget.take(size)) return undefined;
  return { locator: item.locator, diagnostics: [budgetDiagnostic(item.locator, budget.limit, size)] };
}

/**
 * The same text as one flat (sequential) string. Perf: a name sliced out of
 * the decoded file keeps V8's sliced-string form, and every sort and map by
 * name then compares slowly: sorting 10k names ~15 ms sliced, ~3 ms flat
 * (copy ~6 ms). JSON round-trips every UTF-16 string exactly.
 */
function flatCopy(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/**
 * Parse bytes already read for `item`. With a `hasher` the package also gets
 * its `descriptor.digest` (what `buildCatalog({ trustDigests: true })` keeps).
 *
 * @example parseItemBytes(item, bytes, JS_HASHER).package?.descriptor.digest // 'sha256:…'
 */
export function parseItemBytes(item: ParseItem, bytes: Uint8Array, hasher?: HashBackend): ParseItemResult {
  // Perf: the item is the options (it has every field they read, and `path`, which they do not).
  const parsed = parsePackage(bytes, item);
  if (!parsed.package) return { locator: item.locator, diagnostics: parsed.diagnostics };
  // Perf: the digest is computed where the package is made (in a worker when there is a pool),
  // while its strings are fresh, instead of in one pass over every package at seal time.
  // Perf: written into the fresh package, not spread into copies: spreads that overwrote `name`
  // and `digest` gave nearly every descriptor and package a hidden class of its own, so each
  // later pass over 10k skills (seal, resolve, the document) read them megamorphically:
  // `skills.map((s) => s.descriptor.name)` ~25 ms, ~2 ms with shared shapes.
  if (hasher) {
    const d = parsed.package.descriptor as { -readonly [K in keyof SkillDescriptor]: SkillDescriptor[K] };
    d.name = flatCopy(d.name);
    d.digest = packageDigest(parsed.package, hasher);
  }
  return { locator: item.locator, package: parsed.package, diagnostics: parsed.diagnostics };
}

/**
 * Read and parse one item; never throws for a bad file. With a `hasher` the
 * package carries its digest; with a `budget` (items in run order) it may be cut by it.
 *
 * @example parseItem(item, JS_HASHER).package?.descriptor.digest
 */
export function parseItem(item: ParseItem, hasher?: HashBackend, budget?: InputBudget): ParseItemResult {
  const file = readItem(item, false, budget);
  return file.kind === 'bytes' ? parseItemBytes(item, file.bytes, hasher) : file.result;
}

/** Files a run must have before a reading thread is worth its start (~35 ms of CPU). */
export const READ_AHEAD_MIN_FILES = 2_000;

/**
 * A reading thread for `items` (read in this order by `parseItemAhead`), when there are
 * enough of them; undefined otherwise or when no thread starts.
 *
 * @example const ahead = readAheadFor(items); items.map((item, k) => parseItemAhead(item, k, ahead, JS_HASHER));
 */
export function readAheadFor(items: readonly ParseItem[]): ReadAhead | undefined {
  if (items.length < READ_AHEAD_MIN_FILES) return undefined;
  return startReadAhead(
    items.map((item) => item.path),
    SAFE_OPEN_FLAGS,
  );
}

/**
 * `parseItem` for the `k`-th of the items a reading thread reads: the same result, from the
 * bytes the thread read when it has them. They are what `readItem` would read (to end of
 * file, far below the per-file limit); with a budget they count as its read would, and once
 * less than one file's limit is left of the budget the file is read here, for its size.
 *
 * @example const r = parseItemAhead(item, 0, readAheadFor(items), JS_HASHER);
 */
export function parseItemAhead(
  item: ParseItem,
  k: number,
  ahead: ReadAhead | undefined,
  hasher?: HashBackend,
  budget?: InputBudget,
): ParseItemResult {
  const bytes = ahead?.take(k, readBuffer);
  if (bytes === undefined || (budget && budget.limit - budget.used <= DEFAULT_PARSE_OPTIONS.maxFileBytes))
    return parseItem(item, hasher, budget);
  budget?.take(bytes.length);
  return parseItemBytes(item, bytes, hasher);
}

/** Bytes a budgeted read takes before it needs the file's size (see `readItem`). */
const FIRST_READ = 256 * 1024;

let readBuffer = new Uint8Array(FIRST_READ);

/**
 * Read exactly `size` bytes (the stat'ed size) so a growing file cannot blow the limit.
 * The bytes are a view of a buffer reused by the next read: use them before reading again.
 */
function readAll(fd: number, size: number): Uint8Array {
  if (readBuffer.length < size) readBuffer = new Uint8Array(Math.max(size, readBuffer.length * 2));
  const buf = readBuffer;
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return buf.subarray(0, off);
}

/** Read from offset 0 until end of file or `limit` bytes, into the reused buffer. */
function readToEnd(fd: number, limit: number): Uint8Array {
  let off = 0;
  for (;;) {
    if (off === readBuffer.length) {
      if (off >= limit) break;
      const next = new Uint8Array(Math.min(limit, readBuffer.length * 2));
      next.set(readBuffer);
      readBuffer = next;
    }
    const n = readSync(fd, readBuffer, off, Math.min(readBuffer.length, limit) - off, off);
    if (n === 0) break;
    off += n;
    if (off >= limit) break;
  }
  return readBuffer.subarray(0, off);
}

/** A file over the parse limit is never read. */
function tooLarge(item: ParseItem, size: number, limit: number): ParseItemResult {
  return { locator: item.locator, diagnostics: [fileTooLargeDiagnostic(item.profile, item.locator, size, limit)] };
}
