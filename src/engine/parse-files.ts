/** Reading and parsing one skill file, for every path (inline, worker, cache); a bad file is a finding, not a throw. */
import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { SAFE_OPEN_FLAGS } from '../discover/safe-read.js';
import { packageDigest } from '../catalog/digest.js';
import type { HashBackend } from '../model/backend.js';
import type { SkillDescriptor } from '../model/package.js';
import { DEFAULT_PARSE_OPTIONS } from '../parse/index.js';
import { parsePackage } from '../parse/parse-skill.js';
import { fileTooLargeDiagnostic } from '../parse/messages.js';
import { findOutboundLinks } from '../routing/references.js';
import type { ParseItem, ParseItemResult } from './plan.js';
import { startReadAhead, type ReadAhead } from './read-ahead.js';
import { contentHash, itemKey, unreadable, type ItemFailed } from './file-stat.js';
import { budgetDiagnostic, type InputBudget } from './input-budget.js';
import { NO_STAMP, stampOf, type Stamp } from './store/stamp.js';

export { statItem, type ItemFailed, type ItemStat } from './file-stat.js';

export interface ItemBytes {
  readonly kind: 'bytes';
  readonly key: string;
  /** `NO_STAMP` when read without the cache (no stat taken). */
  readonly stat: Stamp;
  /** Valid until the next `readItem` in this thread (a reused buffer): parse or hash it first. */
  readonly bytes: Uint8Array;
  /** hex SHA-256 of `bytes`; `''` without the cache, the only user. */
  readonly hash: string;
}

/**
 * Read an item's file: the one read path. With `hash` (the cache) it is stat'ed and hashed; a `budget` (items in
 * run order) counts its size as `budgetResults` would; `ahead` (this item its `k`-th file) may hold its bytes.
 */
export function readItem(
  item: ParseItem,
  hash: boolean,
  budget?: InputBudget,
  ahead?: ReadAhead,
  k = 0,
): ItemBytes | ItemFailed {
  // A budget with less than one file's limit left needs the file's size before its bytes.
  const short = budget !== undefined && budget.limit - budget.used <= MAX_BYTES;
  // Always taken, as taking frees the thread's slot. Its bytes are the whole file, well under the limit.
  const taken = ahead?.take(k, readBuffer);
  if (taken !== undefined && !hash && !short) {
    budget?.take(taken.length);
    return { kind: 'bytes', key: '', stat: NO_STAMP, bytes: taken, hash: '' };
  }
  let fd: number;
  try {
    // Non-blocking: a SKILL.md swapped for a FIFO since the walk must not hang the run.
    fd = openSync(item.path, SAFE_OPEN_FLAGS);
  } catch (error) {
    // Open can fail where a stat does not (EACCES): the budget counts what a stat says.
    const cut =
      budget &&
      cutBySize(
        item,
        budget,
        sizeOf(() => statSync(item.path).size),
      );
    return failed(cut || unreadable(item, error));
  }
  let counted = false;
  try {
    let stat: Stats | undefined;
    // Perf: no stat unless the cache or a short budget needs it.
    if (hash || short) {
      stat = fstatSync(fd);
      if (budget) {
        counted = true;
        const cut = cutBySize(item, budget, stat.size);
        if (cut) return failed(cut);
      }
      // The cache keeps regular files only: another file's stamp says nothing of its content.
      if (hash && !stat.isFile()) return failed(unreadable(item, { code: 'not a regular file' }));
      if (stat.size > MAX_BYTES) return failed(tooLarge(item, stat.size));
    }
    // The cache reads the stat'ed size, so the bytes match the stamp; else up to one byte past the limit.
    // An uncounted budgeted file longer than the first read is counted before the rest is read.
    const limit = hash && stat ? stat.size : MAX_BYTES + 1;
    let bytes = readBytes(fd, 0, budget && !counted ? FIRST_READ + 1 : limit);
    if (budget && !counted && bytes.length > FIRST_READ) {
      const size = fstatSync(fd).size;
      counted = true;
      const cut = cutBySize(item, budget, size);
      if (cut) return failed(cut);
      bytes = readBytes(fd, bytes.length, limit);
    }
    if (bytes.length > MAX_BYTES) return failed(tooLarge(item, fstatSync(fd).size));
    if (budget && !counted) budget.take(bytes.length);
    if (!hash || !stat) return { kind: 'bytes', key: '', stat: NO_STAMP, bytes, hash: '' };
    return { kind: 'bytes', key: itemKey(item), stat: stampOf(stat), bytes, hash: contentHash(bytes) };
  } catch (error) {
    const cut =
      budget && !counted
        ? cutBySize(
            item,
            budget,
            sizeOf(() => fstatSync(fd).size),
          )
        : undefined;
    return failed(cut ?? unreadable(item, error));
  } finally {
    closeSync(fd);
  }
}

const failed = (result: ParseItemResult): ItemFailed => ({ kind: 'result', result });

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

/** Perf: a flat copy of a sliced string, as sorts and maps by a sliced name are slow. JSON keeps UTF-16 exact. */
function flatCopy(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** Parse bytes already read for `item`; with a `hasher` the package gets its `descriptor.digest`. */
export function parseItemBytes(item: ParseItem, bytes: Uint8Array, hasher?: HashBackend): ParseItemResult {
  // The item is the options (it has every field they read).
  const parsed = parsePackage(bytes, item);
  if (!parsed.package) return { locator: item.locator, diagnostics: parsed.diagnostics };
  // Perf: the digest is made while the strings are fresh (in a worker when there is a pool), and written into
  // the package rather than spread into copies, so every descriptor keeps one shape.
  if (hasher) {
    const d = parsed.package.descriptor as { -readonly [K in keyof SkillDescriptor]: SkillDescriptor[K] };
    d.name = flatCopy(d.name);
    d.digest = packageDigest(parsed.package, hasher);
  }
  // Perf: the catalog's routing pass needs these links; found here, a pool finds them in parallel and the parse
  // cache keeps them.
  const links = findOutboundLinks(parsed.package.body);
  return { locator: item.locator, package: parsed.package, diagnostics: parsed.diagnostics, links };
}

/** Read and parse one item; never throws for a bad file. `budget`, `ahead` and `k` are `readItem`'s. */
export function parseItem(
  item: ParseItem,
  hasher?: HashBackend,
  budget?: InputBudget,
  ahead?: ReadAhead,
  k = 0,
): ParseItemResult {
  const file = readItem(item, false, budget, ahead, k);
  return file.kind === 'bytes' ? parseItemBytes(item, file.bytes, hasher) : file.result;
}

/** Files a run must have before a reading thread is worth its start. */
export const READ_AHEAD_MIN_FILES = 2_000;

/** A reading thread for `items` (read in this order), when there are enough of them and one starts. */
export function readAheadFor(items: readonly ParseItem[]): ReadAhead | undefined {
  if (items.length < READ_AHEAD_MIN_FILES) return undefined;
  return startReadAhead(
    items.map((item) => item.path),
    SAFE_OPEN_FLAGS,
  );
}

const FIRST_READ = 256 * 1024;

const MAX_BYTES = DEFAULT_PARSE_OPTIONS.maxFileBytes;

/** Reused for every read: the bytes a read returns are valid until the next one. */
let readBuffer = new Uint8Array(FIRST_READ);

/** Read from offset `from` (the bytes before it are in the buffer already) to end of file or `limit` bytes. */
function readBytes(fd: number, from: number, limit: number): Uint8Array {
  let off = from;
  while (off < limit) {
    if (off === readBuffer.length) {
      const next = new Uint8Array(Math.min(limit, readBuffer.length * 2));
      next.set(readBuffer);
      readBuffer = next;
    }
    const n = readSync(fd, readBuffer, off, Math.min(readBuffer.length, limit) - off, off);
    if (n === 0) break;
    off += n;
  }
  return readBuffer.subarray(0, off);
}

function tooLarge(item: ParseItem, size: number): ParseItemResult {
  const diagnostic = fileTooLargeDiagnostic(item.profile, item.locator, size, MAX_BYTES);
  return { locator: item.locator, diagnostics: [diagnostic] };
}
