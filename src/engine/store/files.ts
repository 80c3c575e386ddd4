/**
 * The files table (the parse cache): each parsed skill by its parse inputs (`itemKey`), with the stamp and
 * content hash of its file. A stamp match is trusted; a mismatch re-reads and compares the hash, so a touched
 * but unchanged file costs a hash, not a parse. Racy files (stamp.ts) are stored with a stamp that never matches.
 * Perf: entries are written in small `v8.serialize`d chunks as they fill, never as one large buffer.
 */
import { serialize } from 'node:v8';
import { SkillgraphError } from '../../model/errors.js';
import type { ParseItemResult } from '../plan.js';
import { deserializeCopy, readTable, storePath, StoreWriter, type TableMeta } from './file.js';
import { isSettled, quietBefore, sameStamp, type Stamp } from './stamp.js';

export const FILES_STORE = 'files';
export const CACHE_FILE_NAME = `${FILES_STORE}.store`;
const CHUNK_ENTRIES = 128;
/** Entries kept across runs; the least recently used go first. */
export const CACHE_MAX_ENTRIES = 200_000;

export interface ParseCacheOptions {
  /** How recently changed a file may be and still be trusted by stamp (tests pass 0). */
  readonly racyMs?: number;
}

/** An mtime no file has: an entry stored with it never matches a stamp. */
const UNTRUSTED = -1;

interface CacheEntry {
  readonly stamp: Stamp;
  readonly contentHash: string;
  readonly result: ParseItemResult;
  /** Run counter of the last run that used the entry (for eviction). */
  used: number;
}

/** What a run learnt from the cache. */
export interface CacheStats {
  readonly enabled: boolean;
  readonly hits: number;
  /** Results served after a stamp mismatch because the content hash matched. */
  readonly revalidated: number;
  readonly misses: number;
  /** Folders the walk took from the folders table by stamp. */
  readonly dirsReused: number;
  readonly dirsRead: number;
}

/** Passed by `ParseCache.open`: `private` binds TypeScript only. */
const FACTORY: unique symbol = Symbol('skillgraph.parse-cache');

/** A loaded cache: `lookup` by stamp, `revalidate` by bytes, `store` a fresh result, `save`. */
export class ParseCache {
  readonly file: string;
  readonly #dir: string;
  readonly #entries: Map<string, CacheEntry>;
  readonly #run: number;
  readonly #quiet: number;
  #dirty = false;
  /** Where new entries go as their chunks fill (started on the first full chunk). */
  #out: StoreWriter | undefined;
  #outCount = 0;
  readonly #written = new Set<string>();
  #pending: Array<[string, CacheEntry]> = [];
  /** A write failed: this run saves nothing (the cache is only an accelerator). */
  #failed = false;

  private constructor(
    dir: string,
    entries: Map<string, CacheEntry>,
    run: number,
    quiet: number,
    token?: typeof FACTORY,
  ) {
    if (token !== FACTORY)
      throw new SkillgraphError('options.invalid', 'open a parse cache with ParseCache.open(dir)', {
        field: 'ParseCache',
      });
    this.file = storePath(dir, FILES_STORE);
    this.#dir = dir;
    this.#entries = entries;
    this.#run = run;
    this.#quiet = quiet;
  }

  /** Open the cache in `dir`; anything but a current store file is an empty cache. */
  static open(dir: string, options: ParseCacheOptions = {}): ParseCache {
    // Taken before any file is read through this cache.
    const quiet = quietBefore(options.racyMs);
    const table = readTable(
      dir,
      FILES_STORE,
      'files',
      (chunk) => deserializeCopy(chunk) as Array<[string, CacheEntry]>,
    );
    const entries = new Map(table?.rows);
    // A key twice is no file this code wrote.
    const whole = table !== undefined && entries.size === table.rows.length;
    const run = whole ? table.run + 1 : 1;
    return new ParseCache(dir, whole ? entries : new Map(), run, quiet, FACTORY);
  }

  get size(): number {
    return this.#entries.size;
  }

  lookup(key: string, stamp: Stamp): ParseItemResult | undefined {
    const entry = this.#entries.get(key);
    if (!entry || !sameStamp(entry.stamp, stamp)) return undefined;
    entry.used = this.#run;
    return entry.result;
  }

  /** The content hash cached for `key`, whatever the stamp says (null when none). */
  knownHash(key: string): string | null {
    return this.#entries.get(key)?.contentHash ?? null;
  }

  /** The cached result when the bytes hash to the cached content hash (the stamp is then refreshed). */
  revalidate(key: string, stamp: Stamp, hash: string): ParseItemResult | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.contentHash !== hash) return undefined;
    this.#put(key, { ...entry, stamp: this.#trusted(stamp), used: this.#run });
    return entry.result;
  }

  store(key: string, stamp: Stamp, hash: string, result: ParseItemResult): void {
    this.#put(key, { stamp: this.#trusted(stamp), contentHash: hash, result, used: this.#run });
  }

  /** The stamp to keep: as it is, or one that never matches when the file is racy. */
  #trusted(stamp: Stamp): Stamp {
    return isSettled(stamp, this.#quiet) ? stamp : { ...stamp, mtimeMs: UNTRUSTED };
  }

  #put(key: string, entry: CacheEntry): void {
    this.#entries.set(key, entry);
    this.#dirty = true;
    this.#pending.push([key, entry]);
    if (this.#pending.length >= CHUNK_ENTRIES) this.#flush();
  }

  #flush(): void {
    if (this.#failed || this.#pending.length === 0) return;
    try {
      this.#out ??= StoreWriter.create(this.#dir, FILES_STORE, 'files');
      this.#chunk(this.#pending);
      for (const [key] of this.#pending) this.#written.add(key);
    } catch {
      this.#failed = true;
      this.discard();
    }
    this.#pending = [];
  }

  #chunk(entries: Array<[string, CacheEntry]>): void {
    this.#out!.chunk(serialize(entries));
    this.#outCount += entries.length;
  }

  discard(): void {
    this.#out?.abort();
    this.#out = undefined;
    this.#outCount = 0;
    this.#written.clear();
    this.#pending = [];
  }

  /** Write the cache atomically when anything changed (least recently used dropped); throws what writing threw. */
  save(): boolean {
    // An all-hit run writes nothing; the run counter only matters for eviction.
    if (!this.#dirty && this.#entries.size > 0) return false;
    this.#flush();
    if (this.#failed) return false;
    try {
      this.#out ??= StoreWriter.create(this.#dir, FILES_STORE, 'files');
      let rest = [...this.#entries].filter(([key]) => !this.#written.has(key));
      const room = Math.max(0, CACHE_MAX_ENTRIES - this.#written.size);
      if (rest.length > room) rest = rest.sort((a, b) => b[1].used - a[1].used).slice(0, room);
      for (let i = 0; i < rest.length; i += CHUNK_ENTRIES) this.#chunk(rest.slice(i, i + CHUNK_ENTRIES));
      this.#out.commit({ run: this.#run, count: this.#outCount } satisfies TableMeta);
    } catch (error) {
      this.#out?.abort();
      throw error;
    } finally {
      this.#out = undefined;
      this.#outCount = 0;
      this.#written.clear();
    }
    this.#dirty = false;
    return true;
  }
}
