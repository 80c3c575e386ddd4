/**
 * The stamp of a file or folder: what the store compares to decide that
 * something on disk is as it was when a result was recorded. One shape,
 * one comparison and one racy rule for every table (files, folders, runs).
 *
 * ctime is part of it: a copy that keeps the old mtime and size (`cp -p`,
 * `rsync -t --inplace`) still moves the ctime; dev and ino catch a file
 * replaced by another one (a rename over it, a remount).
 *
 * Racy entries: a change in the same timestamp tick as our read keeps the
 * old mtime, so an entry whose mtime is within `RACY_MS` of the moment the
 * store was opened is never trusted by its stamp (git's "racy clean" rule):
 * the next run checks it the slow way and trusts it from then on, once it
 * has been quiet that long. An older mtime is safe: any later change stamps
 * the entry with a newer one. 2 s covers the coarsest common timestamp
 * (1 s on ext3/HFS+, 2 s on FAT).
 */

/** Device, inode, size, mtime and ctime of one path. */
export interface Stamp {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

/** Numbers a stamp takes in a packed array (see `packStamp`). */
export const STAMP_FIELDS = 5;

/** How recently changed (ms before the store was opened) an entry may be and still be trusted by stamp. */
export const RACY_MS = 2000;

/** The stamp of something that did not exist (or could not be stat'ed): equal only to itself. */
export const NO_STAMP: Stamp = Object.freeze({ dev: -1, ino: -1, size: -1, mtimeMs: -1, ctimeMs: -1 });

/**
 * The stamp fields of a `fs.Stats` (or anything shaped like one).
 *
 * @example stampOf(statSync('SKILL.md')).size
 */
export function stampOf(st: Stamp): Stamp {
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs };
}

/**
 * The one comparison: the same path is as it was when `a` was taken.
 *
 * @example if (sameStamp(row.stamp, stampOf(st))) reuse(row);
 */
export function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino && a.ctimeMs === b.ctimeMs && a.dev === b.dev;
}

/**
 * The moment before which a change is old enough to trust a stamp, for a
 * store opened now. Take it before anything is read through the store.
 *
 * @example const quiet = quietBefore(); … if (isSettled(stamp, quiet)) keep(stamp);
 */
export function quietBefore(racyMs: number = RACY_MS): number {
  return Date.now() - racyMs;
}

/**
 * The racy rule: a stamp may vouch for what was read only when its mtime is
 * older than `quiet` (from `quietBefore`).
 *
 * @example isSettled(stampOf(st), quietBefore(0)) // true for any file not modified in the future
 */
export function isSettled(stamp: Stamp, quiet: number): boolean {
  return stamp.mtimeMs < quiet;
}

/** Write `stamp` into `numbers` at `at` (`STAMP_FIELDS` numbers). */
export function packStamp(numbers: Float64Array, at: number, stamp: Stamp): void {
  numbers[at] = stamp.dev;
  numbers[at + 1] = stamp.ino;
  numbers[at + 2] = stamp.size;
  numbers[at + 3] = stamp.mtimeMs;
  numbers[at + 4] = stamp.ctimeMs;
}

/** The stamp packed at `at` in `numbers`. */
export function unpackStamp(numbers: Float64Array, at: number): Stamp {
  return {
    dev: numbers[at]!,
    ino: numbers[at + 1]!,
    size: numbers[at + 2]!,
    mtimeMs: numbers[at + 3]!,
    ctimeMs: numbers[at + 4]!,
  };
}
