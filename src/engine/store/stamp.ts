/**
 * The stamp of a file or folder (dev, ino, size, mtime, ctime): one shape, comparison and racy rule for every
 * table. ctime catches a copy that keeps mtime and size; dev and ino a file replaced by another.
 * Racy rule (git's "racy clean"): a change in the same timestamp tick as our read keeps the old mtime, so an
 * entry changed within `RACY_MS` (the coarsest common timestamp, FAT's 2 s) of opening the store is not trusted.
 */

export interface Stamp {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

export const STAMP_FIELDS = 5;

export const RACY_MS = 2000;

/** The stamp of something that did not exist (or could not be stat'ed): equal only to itself. */
export const NO_STAMP: Stamp = Object.freeze({ dev: -1, ino: -1, size: -1, mtimeMs: -1, ctimeMs: -1 });

export function stampOf(st: Stamp): Stamp {
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs };
}

/** The one comparison: the same path is as it was when `a` was taken. */
export function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino && a.ctimeMs === b.ctimeMs && a.dev === b.dev;
}

/** The moment before which a change is old enough to trust a stamp; take it before anything is read. */
export function quietBefore(racyMs: number = RACY_MS): number {
  return Date.now() - racyMs;
}

/** The racy rule: a stamp vouches for what was read only when its mtime is older than `quiet`. */
export function isSettled(stamp: Stamp, quiet: number): boolean {
  return stamp.mtimeMs < quiet;
}

export function packStamp(numbers: Float64Array, at: number, stamp: Stamp): void {
  numbers[at] = stamp.dev;
  numbers[at + 1] = stamp.ino;
  numbers[at + 2] = stamp.size;
  numbers[at + 3] = stamp.mtimeMs;
  numbers[at + 4] = stamp.ctimeMs;
}

export function unpackStamp(numbers: Float64Array, at: number): Stamp {
  return {
    dev: numbers[at]!,
    ino: numbers[at + 1]!,
    size: numbers[at + 2]!,
    mtimeMs: numbers[at + 3]!,
    ctimeMs: numbers[at + 4]!,
  };
}
