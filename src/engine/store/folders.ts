/**
 * The folders table: each folder the walk listed, with its stamp; a folder whose stamp still matches is not
 * read again (adding, removing or renaming an entry changes its mtime and ctime). Link targets are never
 * stored: the walk resolves every link on every run. A racy folder (stamp.ts) is stored on a later run.
 */
import type { Stats } from 'node:fs';
import { statSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { readListing, type DirListing, type ListingSource } from '../../discover/listing.js';
import { readTable, storePath, StoreWriter, type TableMeta } from './file.js';
import { isSettled, quietBefore, sameStamp, stampOf, type Stamp } from './stamp.js';
import type { WitnessBuilder } from './witness.js';

export const FOLDERS_STORE = 'folders';
export const DIR_MEMO_FILE_NAME = `${FOLDERS_STORE}.store`;
/** Folders kept across runs (least recently stored go first): every cached run reads the whole table. */
export const DIR_MEMO_MAX_ENTRIES = 100_000;
/** A table file larger than this is damaged or planted: read as empty. */
const MAX_BYTES = 64 * 1024 * 1024;
const CHUNK_ROWS = 4096;

/** One folder, its stamp flat and each name list joined with `/` (which no file name holds). */
type Row = [string, number, number, number, number, number, number, string, string, string, string, string];

const rowStamp = (row: Row): Stamp => ({ dev: row[1], ino: row[2], size: row[3], mtimeMs: row[4], ctimeMs: row[5] });

export interface DirMemoStats {
  readonly reused: number;
  readonly read: number;
}

export interface DirMemoOptions {
  /** How recently changed a folder may be and still be stored (tests pass 0). */
  readonly racyMs?: number;
  /** Told every folder listed and link resolved, with the stamp the walk relied on (see witness.ts). */
  readonly witness?: WitnessBuilder;
}

const split = (joined: string): readonly string[] => (joined === '' ? [] : joined.split('/'));
const join_ = (names: readonly string[]): string => names.join('/');

/** Passed by `DirMemo.open`, so a plain-JS `new DirMemo()` cannot build an unloaded table. */
const FACTORY: unique symbol = Symbol('skillgraph.dir-memo');

/** A loaded table: a `ListingSource` for `discover`, then `save`. */
export class DirMemo implements ListingSource {
  readonly file: string;
  readonly #dir: string;
  readonly #rows: Map<string, Row>;
  readonly #run: number;
  readonly #quiet: number;
  readonly #witness: WitnessBuilder | undefined;
  #dirty = false;
  #reused = 0;
  #read = 0;

  private constructor(
    dir: string,
    rows: Map<string, Row>,
    run: number,
    quiet: number,
    witness: WitnessBuilder | undefined,
    token?: typeof FACTORY,
  ) {
    if (token !== FACTORY) throw new TypeError('open a directory memo with DirMemo.open(dir)');
    this.file = storePath(dir, FOLDERS_STORE);
    this.#dir = dir;
    this.#rows = rows;
    this.#run = run;
    this.#quiet = quiet;
    this.#witness = witness;
  }

  /** Load the table in `dir` (empty when unusable). Open it just before the walk: the racy cut-off is taken now. */
  static open(dir: string, options: DirMemoOptions = {}): DirMemo {
    const quiet = quietBefore(options.racyMs);
    const table = readTable(dir, FOLDERS_STORE, 'folders', decodeRows, MAX_BYTES);
    const rows = new Map(table?.rows.map((row) => [row[0], row]));
    const run = table === undefined ? 1 : table.run + 1;
    return new DirMemo(dir, rows, run, quiet, options.witness, FACTORY);
  }

  get size(): number {
    return this.#rows.size;
  }

  get stats(): DirMemoStats {
    return { reused: this.#reused, read: this.#read };
  }

  list(dir: string): DirListing {
    let stamp: Stamp | undefined;
    try {
      const st = statSync(dir, { throwIfNoEntry: false });
      stamp = st && stampOf(st);
    } catch {
      stamp = undefined; // readListing below reports the real error
    }
    const row = stamp === undefined ? undefined : this.#rows.get(dir);
    if (stamp !== undefined && row !== undefined && sameStamp(rowStamp(row), stamp)) {
      this.#reused++;
      this.#witness?.dir(dir, stamp);
      return {
        subdirs: split(row[7]),
        skillNames: split(row[8]),
        links: split(row[9]),
        skipped: split(row[10]),
        special: split(row[11]),
      };
    }
    // Stamp first, read second: a change in between only costs a read next time.
    let listing: DirListing;
    try {
      listing = readListing(dir);
    } catch (error) {
      this.#witness?.incomplete();
      throw error;
    }
    this.#read++;
    if (stamp !== undefined && isSettled(stamp, this.#quiet)) {
      this.#rows.set(dir, [
        dir,
        stamp.dev,
        stamp.ino,
        stamp.size,
        stamp.mtimeMs,
        stamp.ctimeMs,
        this.#run,
        join_(listing.subdirs),
        join_(listing.skillNames),
        join_(listing.links),
        join_(listing.skipped),
        join_(listing.special),
      ]);
      this.#dirty = true;
      this.#witness?.dir(dir, stamp);
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
    const stamp = target && stampOf(target);
    if (stamp !== undefined && !isSettled(stamp, this.#quiet)) this.#witness?.incomplete();
    else this.#witness?.link(link, stamp);
  }

  /** Write the table atomically when a walk changed it; whether it wrote. Never throws. */
  save(): boolean {
    if (!this.#dirty) return false;
    let rows = [...this.#rows.values()];
    if (rows.length > DIR_MEMO_MAX_ENTRIES) rows = rows.sort((a, b) => b[6] - a[6]).slice(0, DIR_MEMO_MAX_ENTRIES);
    let out: StoreWriter | undefined;
    try {
      out = StoreWriter.create(this.#dir, FOLDERS_STORE, 'folders');
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) out.chunk(serialize_(rows.slice(i, i + CHUNK_ROWS)));
      out.commit({ run: this.#run, count: rows.length } satisfies TableMeta);
    } catch {
      out?.abort();
      return false;
    }
    this.#dirty = false;
    return true;
  }
}

const serialize_ = (rows: readonly Row[]): Buffer => serialize(rows);
/** One chunk's rows; anything malformed makes the table damaged. */
const decodeRows = (bytes: Buffer): Row[] => {
  const value = deserialize(bytes) as unknown;
  if (!Array.isArray(value) || !value.every(isRow)) throw new TypeError('bad folders chunk');
  return value;
};

function isRow(row: unknown): row is Row {
  if (!Array.isArray(row) || row.length !== 12 || typeof row[0] !== 'string') return false;
  for (let i = 1; i <= 6; i++) if (typeof row[i] !== 'number') return false;
  for (let i = 7; i <= 11; i++) if (typeof row[i] !== 'string') return false;
  return true;
}
