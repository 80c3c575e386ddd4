/**
 * The parse cache: one file under the cache folder holding each
 * parsed skill keyed by its parse inputs and checked against
 * (size, mtime, ctime, inode). A stat match is trusted; a stat mismatch re-reads the
 * file and compares its content hash — the digest is the final word — so a
 * touched but unchanged file costs one hash, not a YAML parse. The file is
 * written atomically (temp + rename) and is safe to delete at any time.
 *
 * Racy files: an edit in the same timestamp tick as our read keeps the mtime
 * it had, so a file whose mtime is less than `CACHE_RACY_MS` before the cache
 * was opened is stored untrusted (its stat never matches): the next run
 * checks its bytes by hash, and trusts its stat from then on (git's
 * "racy clean" rule).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { VERSION } from '../model/version.js';
import { wholeCodeFingerprint } from './fingerprint.js';
import { SkillgraphError } from '../model/errors.js';
import type { ParseItem, ParseItemResult } from './catalog-pipeline.js';
import { registerTemp, releaseTemp, removeStaleTemps } from '../workspace/cleanup.js';
import { openRegular } from '../workspace/safe-read.js';
import { ensureCacheDir } from './cache-dir.js';
import type { FileStat } from './file-stat.js';

/** Bump when the entry layout or anything a cached result depends on changes shape. */
export const CACHE_FORMAT = 3;
/** Entries per serialised chunk of the cache file. */
const CHUNK_ENTRIES = 512;
export const CACHE_FILE_NAME = `parse-cache.v${CACHE_FORMAT}.bin`;
/** Entries kept across runs; the least recently used go first. */
export const CACHE_MAX_ENTRIES = 200_000;
/** A file modified this recently (ms before the cache was opened) is not trusted by stat. */
export const CACHE_RACY_MS = 2000;

/** Options of `ParseCache.open`. */
export interface ParseCacheOptions {
  /** See `CACHE_RACY_MS`. */
  readonly racyMs?: number;
}

/** An mtime no file has: an entry stored with it never matches a stat. */
const UNTRUSTED = -1;

interface CacheEntry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly ino: number;
  /** hex SHA-256 of the file bytes. */
  readonly contentHash: string;
  readonly result: ParseItemResult;
  /** Run counter of the last run that used the entry (for eviction). */
  used: number;
}

/**
 * The file: a sequence of chunks, each a u32 (big-endian) byte length and a
 * `v8.serialize`d value: first the header, then arrays of at most
 * CHUNK_ENTRIES entries, last the trailer (the entry count; a file without
 * it is damaged). Perf: one serialised value for 10k skills was a ~72 MB
 * buffer on top of the live entries at save and at load (peak RSS +70 MB);
 * chunks keep that under a few MB. Entries parsed in a run are written as
 * their chunk fills, while parsing still makes garbage: each chunk's buffer
 * is then collected by the next scavenge and its memory reused, where
 * serialising all of them at save time grew RSS by ~50 MB (10k skills).
 */
interface CacheHeader {
  readonly format: number;
  readonly version: string;
  readonly code: string;
  readonly run: number;
}

interface CacheTrailer {
  readonly count: number;
}

/** What a run learnt from the cache. */
export interface CacheStats {
  readonly enabled: boolean;
  /** Results served from a stat match. */
  readonly hits: number;
  /** Results served after a stat mismatch because the content hash matched. */
  readonly revalidated: number;
  /** Files parsed afresh. */
  readonly misses: number;
  /** Folders the walk took from the directory memo by stat (see dir-memo.ts). */
  readonly dirsReused: number;
  /** Folders the walk read from disk. */
  readonly dirsRead: number;
}

/**
 * The code a cached result came from: the cache format and the whole-code
 * fingerprint. A cached package carries digests made by the catalog stage and
 * rules of the parse and model stages; any change to the code is a new cache.
 */
export function codeFingerprint(): string {
  return `${CACHE_FORMAT}:${wholeCodeFingerprint()}`;
}

/** The identity of a parse: everything `parseBatch` reads besides the bytes. */
export function itemKey(item: ParseItem): string {
  return `${item.profile}\u0000${item.scope}\u0000${item.precedence}\u0000${item.root}\u0000${item.dirName}\u0000${item.locator}\u0000${item.path}`;
}

/** SHA-256 hex of file bytes. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Passed by `ParseCache.open`; `private` binds TypeScript only, and a plain-JS `new ParseCache(dir)` would hold no entries. */
const FACTORY: unique symbol = Symbol('skillgraph.parse-cache');

/**
 * A loaded cache. `lookup` answers from stat alone; `revalidate` compares
 * bytes; `store` records a fresh result; `save` writes the file atomically.
 */
export class ParseCache {
  readonly file: string;
  private readonly entries: Map<string, CacheEntry>;
  private readonly run: number;
  private readonly quietBefore: number;
  private dirty = false;
  /** The temp file new entries go to as their chunks fill (opened on the first full chunk). */
  private out: ChunkFile | undefined;
  /** Keys already in `out`. */
  private readonly written = new Set<string>();
  private pending: Array<[string, CacheEntry]> = [];
  /** A write failed: this run saves nothing (the cache is only an accelerator). */
  private failed = false;

  private constructor(file: string, entries: Map<string, CacheEntry>, run: number, quietBefore: number, token?: typeof FACTORY) {
    if (token !== FACTORY) throw new SkillgraphError('options.invalid', 'open a parse cache with ParseCache.open(dir)', { field: 'ParseCache' });
    this.file = file;
    this.entries = entries;
    this.run = run;
    this.quietBefore = quietBefore;
  }

  /**
   * Open the cache in `dir`; a missing, unreadable, corrupt or foreign-version
   * file is an empty cache (never an error: the cache is only an accelerator),
   * and so is anything but a regular file (a FIFO there is never opened).
   *
   * @example const cache = ParseCache.open('.cache/skillgraph');
   */
  static open(dir: string, options: ParseCacheOptions = {}): ParseCache {
    const file = join(dir, CACHE_FILE_NAME);
    // Taken before any file is read through this cache.
    const quietBefore = Date.now() - (options.racyMs ?? CACHE_RACY_MS);
    let entries = new Map<string, CacheEntry>();
    let run = 1;
    let fd: number | undefined;
    removeStaleTemps(dir, `${basename(file)}.`);
    try {
      const opened = openRegular(file, { followLinks: true });
      if (!opened.ok) throw new RangeError(`cache file not usable: ${opened.reason}`);
      fd = opened.fd;
      const size = opened.stat.size;
      let at = 0;
      const next = (): unknown => {
        const head = Buffer.alloc(4);
        if (readSync(fd!, head, 0, 4, at) !== 4) throw new RangeError('truncated cache chunk');
        const length = head.readUInt32BE(0);
        if (at + 4 + length > size) throw new RangeError('truncated cache chunk');
        const body = Buffer.allocUnsafe(length);
        if (readSync(fd!, body, 0, length, at + 4) !== length) throw new RangeError('truncated cache chunk');
        at += 4 + length;
        return deserialize(body);
      };
      const header = next() as CacheHeader;
      if (header && header.format === CACHE_FORMAT && header.version === VERSION && header.code === codeFingerprint()) {
        const loaded = new Map<string, CacheEntry>();
        let trailer: CacheTrailer | undefined;
        while (at < size) {
          const chunk = next();
          if (Array.isArray(chunk)) {
            for (const [key, entry] of chunk as Array<[string, CacheEntry]>) loaded.set(key, entry);
          } else {
            if (at !== size) throw new TypeError('bad cache chunk');
            trailer = chunk as CacheTrailer;
          }
        }
        if (trailer && loaded.size === trailer.count) {
          entries = loaded;
          run = header.run + 1;
        }
      }
    } catch {
      // absent, unreadable or damaged: start empty
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return new ParseCache(file, entries, run, quietBefore, FACTORY);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached result when the file's stat still matches. */
  lookup(key: string, stat: FileStat): ParseItemResult | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.size !== stat.size || entry.mtimeMs !== stat.mtimeMs || entry.ctimeMs !== stat.ctimeMs || entry.ino !== stat.ino) return undefined;
    entry.used = this.run;
    return entry.result;
  }

  /** The content hash cached for `key`, whatever the stat says (null when none). */
  knownHash(key: string): string | null {
    return this.entries.get(key)?.contentHash ?? null;
  }

  /** The cached result when the bytes hash to the cached content hash (stat is then refreshed). */
  revalidate(key: string, stat: FileStat, hash: string): ParseItemResult | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.contentHash !== hash) return undefined;
    this.put(key, { ...entry, ...this.trusted(stat), used: this.run });
    return entry.result;
  }

  store(key: string, stat: FileStat, hash: string, result: ParseItemResult): void {
    this.put(key, { ...this.trusted(stat), contentHash: hash, result, used: this.run });
  }

  /** The stat to keep: as it is, or with an mtime that never matches when the file is racy. */
  private trusted(stat: FileStat): FileStat {
    const mtimeMs = stat.mtimeMs < this.quietBefore ? stat.mtimeMs : UNTRUSTED;
    return { size: stat.size, mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino };
  }

  private put(key: string, entry: CacheEntry): void {
    this.entries.set(key, entry);
    this.dirty = true;
    this.pending.push([key, entry]);
    if (this.pending.length >= CHUNK_ENTRIES) this.flush();
  }

  /** Write the pending entries as one chunk of the temp file. Never throws. */
  private flush(): void {
    if (this.failed || this.pending.length === 0) return;
    try {
      this.out ??= this.createOut();
      this.out.put(this.pending);
      for (const [key] of this.pending) this.written.add(key);
    } catch {
      this.failed = true;
      this.out?.abort();
      this.out = undefined;
    }
    this.pending = [];
  }

  /** The temp file this run's cache goes to, its header written. */
  private createOut(): ChunkFile {
    return ChunkFile.create(this.file, { format: CACHE_FORMAT, version: VERSION, code: codeFingerprint(), run: this.run });
  }

  /** Give up this run's changes: remove the temp file they were going to. Never throws. */
  discard(): void {
    this.out?.abort();
    this.out = undefined;
    this.written.clear();
    this.pending = [];
  }

  /**
   * Write the cache atomically when anything changed: the chunks already
   * written this run, then every other entry (least recently used dropped
   * beyond CACHE_MAX_ENTRIES), then the trailer, and rename into place.
   * Returns whether it wrote; throws what writing threw.
   */
  save(dir: string): boolean {
    if (!this.dirty && this.entries.size > 0) {
      // Perf: an all-hit run writes nothing; the run counter only matters for eviction.
      return false;
    }
    // A folder that cannot hold the cache (under /proc, a file, read-only) saves nothing.
    if (!ensureCacheDir(dir) || this.failed) return false;
    this.flush();
    try {
      this.out ??= this.createOut();
      let rest = [...this.entries].filter(([key]) => !this.written.has(key));
      const room = Math.max(0, CACHE_MAX_ENTRIES - this.written.size);
      if (rest.length > room) rest = rest.sort((a, b) => b[1].used - a[1].used).slice(0, room);
      for (let i = 0; i < rest.length; i += CHUNK_ENTRIES) this.out.put(rest.slice(i, i + CHUNK_ENTRIES));
      this.out.finish({ count: this.written.size + rest.length } satisfies CacheTrailer);
    } catch (error) {
      this.out?.abort();
      throw error;
    } finally {
      this.out = undefined;
      this.written.clear();
    }
    this.dirty = false;
    return true;
  }
}

/** A cache file being written: a temp file renamed over the real one by `finish`. */
class ChunkFile {
  private readonly file: string;
  private readonly temp: string;
  private fd: number | undefined;

  private constructor(file: string, temp: string, fd: number) {
    this.file = file;
    this.temp = temp;
    this.fd = fd;
  }

  static create(file: string, header: CacheHeader): ChunkFile {
    if (!ensureCacheDir(dirname(file))) throw new SkillgraphError('io', `cache folder ${dirname(file)} is not usable`, { file });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    registerTemp(temp);
    let fd: number;
    try {
      // `wx`: a temp path planted in advance (a FIFO, a link) is never opened.
      fd = openSync(temp, 'wx');
    } catch (error) {
      releaseTemp(temp);
      throw error;
    }
    const out = new ChunkFile(file, temp, fd);
    out.put(header);
    return out;
  }

  put(value: unknown): void {
    const body = serialize(value);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length, 0);
    writeAll(this.fd!, head);
    writeAll(this.fd!, body);
  }

  finish(trailer: CacheTrailer): void {
    this.put(trailer);
    closeSync(this.fd!);
    this.fd = undefined;
    renameSync(this.temp, this.file);
    releaseTemp(this.temp);
  }

  /** Close and remove the temp file; never throws. */
  abort(): void {
    try {
      if (this.fd !== undefined) closeSync(this.fd);
      this.fd = undefined;
      rmSync(this.temp, { force: true });
    } catch {
      // nothing more to clean
    }
    releaseTemp(this.temp);
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
}
