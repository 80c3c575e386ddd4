/**
 * The directory memo (warm runs): each folder the walk listed,
 * with the stat it had, kept in one file beside the parse cache. On the next
 * walk a folder whose (device, inode, mtime, ctime) still match is not read
 * again: its classified listing comes from the memo. Adding, removing or
 * renaming an entry changes a folder's mtime and ctime, so a match means
 * the same names; what a listing cannot show — where a symlink points — is
 * never memoised (the walk resolves every link on every run).
 *
 * Racy folders: a change in the same timestamp tick as the read would keep
 * the old mtime, so a folder whose mtime is less than `racyMs` before the
 * walk started is listed but not memoised (git's "racy clean" rule); it is
 * memoised on a later run, once it has been quiet for that long. An older
 * mtime is safe: any later change stamps the folder with a newer one.
 *
 * Like the parse cache: written atomically, safe to delete, and a missing,
 * damaged or foreign file is an empty memo, never an error.
 */
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION } from '../model/version.js';
import { wholeCodeFingerprint } from './fingerprint.js';
import type { Stats } from 'node:fs';
import { readListing, type DirListing, type ListingSource } from '../discover/listing.js';
import { registerTemp, releaseTemp, removeStaleTemps } from '../workspace/cleanup.js';
import { readRegularFile } from '../workspace/safe-read.js';
import { ensureCacheDir } from './cache-dir.js';
import type { WitnessBuilder } from './witness.js';

/** Bump when the file layout or the listing's meaning changes. */
export const DIR_MEMO_FORMAT = 2;
export const DIR_MEMO_FILE_NAME = `dir-memo.v${DIR_MEMO_FORMAT}.json`;
/**
 * Folders kept across runs; the least recently stored go first. Every run
 * with the cache on reads the whole memo (~150 bytes of JSON per folder), so
 * the cap keeps a cache folder shared by many projects at ~15 MB.
 */
export const DIR_MEMO_MAX_ENTRIES = 100_000;
/**
 * A folder changed this recently (ms before the walk started) is not memoised.
 * 2 s covers the coarsest common timestamp (1 s on ext3/HFS+, 2 s on FAT).
 */
export const DIR_MEMO_RACY_MS = 2000;
/** A memo file larger than this is damaged or planted (the cap gives ~15 MB): read as empty. */
const DIR_MEMO_MAX_BYTES = 64 * 1024 * 1024;

/**
 * One folder on disk: `[dir, dev, ino, mtimeMs, ctimeMs, storedRun, subdirs, skillNames, links, skipped, special]`,
 * each name list joined with `/` (a character no file name holds).
 */
type Row = [string, number, number, number, number, number, string, string, string, string, string];

interface MemoFile {
  readonly format: number;
  readonly version: string;
  /** The whole-code fingerprint: a change to what the walk skips or how it lists is a new memo. */
  readonly code: string;
  readonly run: number;
  readonly rows: readonly Row[];
}

/** What a walk got from the memo. */
export interface DirMemoStats {
  /** Folders answered from the memo by stat. */
  readonly reused: number;
  /** Folders read from disk. */
  readonly read: number;
}

export interface DirMemoOptions {
  /** See `DIR_MEMO_RACY_MS` (tests pass 0). */
  readonly racyMs?: number;
  /** Told every folder listed and link resolved, with the stat the walk relied on (see witness.ts). */
  readonly witness?: WitnessBuilder;
}

const split = (joined: string): readonly string[] => (joined === '' ? [] : joined.split('/'));
const join_ = (names: readonly string[]): string => names.join('/');

/** Passed by `DirMemo.open`, so a plain-JS `new DirMemo()` cannot build an unloaded memo. */
const FACTORY: unique symbol = Symbol('skillgraph.dir-memo');

/**
 * A loaded memo: a `ListingSource` for `discover`, then `save`.
 *
 * @example const memo = DirMemo.open(cacheDir); discover(roots, opts, memo); memo.save();
 */
export class DirMemo implements ListingSource {
  readonly file: string;
  readonly #rows: Map<string, Row>;
  readonly #run: number;
  readonly #quietBefore: number;
  readonly #witness: WitnessBuilder | undefined;
  #dirty = false;
  #reused = 0;
  #read = 0;

  private constructor(file: string, rows: Map<string, Row>, run: number, quietBefore: number, witness: WitnessBuilder | undefined, token?: typeof FACTORY) {
    if (token !== FACTORY) throw new TypeError('open a directory memo with DirMemo.open(dir)');
    this.file = file;
    this.#rows = rows;
    this.#run = run;
    this.#quietBefore = quietBefore;
    this.#witness = witness;
  }

  /**
   * Load the memo in `dir` (an empty one when absent or unusable). The racy
   * cut-off is taken now, so open it just before the walk.
   *
   * @example const memo = DirMemo.open('.cache/skillgraph');
   */
  static open(dir: string, options: DirMemoOptions = {}): DirMemo {
    const file = join(dir, DIR_MEMO_FILE_NAME);
    removeStaleTemps(dir, `${DIR_MEMO_FILE_NAME}.`); // left by a run killed mid-save
    const quietBefore = Date.now() - (options.racyMs ?? DIR_MEMO_RACY_MS);
    const rows = new Map<string, Row>();
    let run = 1;
    try {
      // Never blocks (a FIFO there is not opened) and never reads an unbounded file.
      const read = readRegularFile(file, DIR_MEMO_MAX_BYTES, { followLinks: true });
      if (!read.ok) throw new RangeError(`directory memo not usable: ${read.reason}`);
      const parsed = JSON.parse(read.bytes.toString('utf8')) as Partial<MemoFile>;
      if (parsed.format === DIR_MEMO_FORMAT && parsed.version === VERSION && parsed.code === wholeCodeFingerprint() && Array.isArray(parsed.rows) && typeof parsed.run === 'number') {
        for (const row of parsed.rows) if (isRow(row)) rows.set(row[0], row);
        run = parsed.run + 1;
      }
    } catch {
      // absent, unreadable or damaged: start empty
    }
    return new DirMemo(file, rows, run, quietBefore, options.witness, FACTORY);
  }

  /** Folders known to the memo. */
  get size(): number {
    return this.#rows.size;
  }

  get stats(): DirMemoStats {
    return { reused: this.#reused, read: this.#read };
  }

  list(dir: string): DirListing {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(dir, { throwIfNoEntry: false });
    } catch {
      st = undefined; // readListing below reports the real error
    }
    const row = st === undefined ? undefined : this.#rows.get(dir);
    if (st !== undefined && row !== undefined && row[1] === st.dev && row[2] === st.ino && row[3] === st.mtimeMs && row[4] === st.ctimeMs) {
      this.#reused++;
      this.#witness?.dir(dir, st);
      return { subdirs: split(row[6]), skillNames: split(row[7]), links: split(row[8]), skipped: split(row[9]), special: split(row[10]) };
    }
    // Stat first, read second: a change in between leaves a listing newer than its stat,
    // which only costs a read next time.
    let listing: DirListing;
    try {
      listing = readListing(dir);
    } catch (error) {
      this.#witness?.incomplete();
      throw error;
    }
    this.#read++;
    if (st !== undefined && st.mtimeMs < this.#quietBefore) {
      this.#rows.set(dir, [dir, st.dev, st.ino, st.mtimeMs, st.ctimeMs, this.#run, join_(listing.subdirs), join_(listing.skillNames), join_(listing.links), join_(listing.skipped), join_(listing.special)]);
      this.#dirty = true;
      this.#witness?.dir(dir, st);
    } else {
      if (row !== undefined) {
        this.#rows.delete(dir);
        this.#dirty = true;
      }
      this.#witness?.incomplete();
    }
    return listing;
  }

  linkSeen(link: string, target: Stats | undefined): void {
    if (target !== undefined && target.mtimeMs >= this.#quietBefore) this.#witness?.incomplete();
    else this.#witness?.link(link, target);
  }

  /**
   * Write the memo atomically when a walk changed it; returns whether it wrote.
   * Never throws (a read-only cache folder never fails a run).
   */
  save(): boolean {
    if (!this.#dirty) return false;
    let rows = [...this.#rows.values()];
    if (rows.length > DIR_MEMO_MAX_ENTRIES) rows = rows.sort((a, b) => b[5] - a[5]).slice(0, DIR_MEMO_MAX_ENTRIES);
    const doc: MemoFile = { format: DIR_MEMO_FORMAT, version: VERSION, code: wholeCodeFingerprint(), run: this.#run, rows };
    const temp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    try {
      if (!ensureCacheDir(join(this.file, '..'))) return false;
      registerTemp(temp);
      writeFileSync(temp, JSON.stringify(doc), { flag: 'wx' });
      renameSync(temp, this.file);
    } catch {
      try {
        rmSync(temp, { force: true });
      } catch {
        // nothing more to clean
      }
      return false;
    } finally {
      releaseTemp(temp);
    }
    this.#dirty = false;
    return true;
  }
}

function isRow(row: unknown): row is Row {
  if (!Array.isArray(row) || row.length !== 11 || typeof row[0] !== 'string') return false;
  for (let i = 1; i <= 5; i++) if (typeof row[i] !== 'number') return false;
  for (let i = 6; i <= 10; i++) if (typeof row[i] !== 'string') return false;
  return true;
}
