/**
 * Reading a file that an untrusted tree may have replaced by something else:
 * a FIFO (an open or read that blocks forever), a device, a socket, a
 * symlink to a secret, or a huge file. The path is checked with lstat/stat
 * first, so a non-regular file is never opened; the open itself is
 * non-blocking and (by default) does not follow a link, and the opened file
 * is checked again with fstat (closing the swap window between the two).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** Why a file was not read. */
export type SafeReadProblem = 'missing' | 'not-regular' | 'link' | 'too-large' | 'unreadable';

export type SafeRead =
  | { readonly ok: true; readonly bytes: Buffer; readonly stat: Stats }
  | { readonly ok: false; readonly reason: SafeReadProblem; readonly errno?: string; readonly size?: number };

export interface SafeReadOptions {
  /** Follow a symlink at the path itself (default false: a link is `link`). */
  readonly followLinks?: boolean;
}

// Windows has neither flag; there a FIFO cannot sit at a plain path anyway.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const O_NOCTTY = constants.O_NOCTTY ?? 0;

/** Flags for opening a file that should be regular: read-only, never blocking, never a controlling tty. */
export const SAFE_OPEN_FLAGS = constants.O_RDONLY | O_NONBLOCK | O_NOCTTY;
/** `SAFE_OPEN_FLAGS` that also refuse a symlink as the last path component. */
export const SAFE_OPEN_NOFOLLOW = SAFE_OPEN_FLAGS | O_NOFOLLOW;

export type OpenRegular =
  | { readonly ok: true; readonly fd: number; readonly stat: Stats }
  | { readonly ok: false; readonly reason: SafeReadProblem; readonly errno?: string };

/**
 * Open `path` only when it is a regular file; the caller closes `fd`.
 *
 * @example const f = openRegular(file); if (f.ok) try { … } finally { closeSync(f.fd); }
 */
export function openRegular(path: string, options: SafeReadOptions = {}): OpenRegular {
  const follow = options.followLinks === true;
  let before: Stats;
  try {
    before = follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    return failure(error);
  }
  if (before.isSymbolicLink()) return { ok: false, reason: 'link' };
  if (!before.isFile()) return { ok: false, reason: 'not-regular' };
  let fd: number;
  try {
    fd = openSync(path, follow ? SAFE_OPEN_FLAGS : SAFE_OPEN_NOFOLLOW);
  } catch (error) {
    // O_NOFOLLOW on a link that replaced the file since the lstat.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP' && !follow) return { ok: false, reason: 'link' };
    return failure(error);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.dev !== before.dev || stat.ino !== before.ino) {
      closeSync(fd);
      return { ok: false, reason: 'not-regular' };
    }
    return { ok: true, fd, stat };
  } catch (error) {
    closeSync(fd);
    return failure(error);
  }
}

/**
 * The bytes of `path` when it is a regular file of at most `maxBytes`.
 * Never blocks, never throws; reads at most the size fstat gave.
 *
 * @example const r = readRegularFile('skillgraph.lock.json', 16 << 20); if (r.ok) JSON.parse(r.bytes.toString('utf8'));
 */
export function readRegularFile(path: string, maxBytes: number, options: SafeReadOptions = {}): SafeRead {
  const opened = openRegular(path, options);
  if (!opened.ok) return opened;
  const { fd, stat } = opened;
  try {
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large', size: stat.size };
    return readOpened(fd, stat, Buffer.allocUnsafe(stat.size));
  } catch (error) {
    return failure(error);
  } finally {
    closeSync(fd);
  }
}

/**
 * One growable buffer for reads whose bytes are used up before the next read: a run over many
 * files allocates (and collects) one buffer, not one per file. It grows to the largest file
 * read and never past the caller's limit.
 */
export class ReadBuffer {
  private bytes = Buffer.allocUnsafe(64 * 1024);

  /** A buffer of at least `size` bytes (its contents are overwritten by the next read). */
  take(size: number): Buffer {
    if (this.bytes.length < size) this.bytes = Buffer.allocUnsafe(Math.max(size, this.bytes.length * 2));
    return this.bytes;
  }
}

/**
 * Open a file a directory listing has just typed a regular file, without a stat first: the open
 * does not follow a link and never blocks, and fstat refuses what is not a regular file now.
 * The caller closes the descriptor. Never throws.
 *
 * @example const o = openListed(join(dir, 'run.sh')); if (o.ok) closeSync(o.fd);
 */
export function openListed(path: string): OpenRegular {
  let fd: number;
  try {
    fd = openSync(path, SAFE_OPEN_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { ok: false, reason: 'link' };
    return failure(error);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isFile()) return { ok: true, fd, stat };
    closeSync(fd);
    return { ok: false, reason: 'not-regular' };
  } catch (error) {
    closeSync(fd);
    return failure(error);
  }
}

/**
 * The bytes of a file a directory listing has just typed a regular file (not a link), when it
 * holds at most `maxBytes`. The listing was the check before the open, so the path is not
 * stat'ed again; the open does not follow a link and never blocks, and the opened file is
 * checked with fstat, so a FIFO, device or link swapped in since the listing is refused as
 * `readRegularFile` refuses it. With `into`, the bytes are a view of that buffer, valid until
 * its next use. Never throws.
 *
 * @example const r = readListedFile(join(dir, 'SKILL.md'), 8 << 20, buffer); if (r.ok) parse(r.bytes);
 */
export function readListedFile(path: string, maxBytes: number, into?: ReadBuffer): SafeRead {
  let fd: number;
  try {
    fd = openSync(path, SAFE_OPEN_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { ok: false, reason: 'link' };
    return failure(error);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not-regular' };
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large', size: stat.size };
    return readOpened(fd, stat, into === undefined ? Buffer.allocUnsafe(stat.size) : into.take(stat.size));
  } catch (error) {
    return failure(error);
  } finally {
    closeSync(fd);
  }
}

/** Up to `stat.size` bytes of `fd` into `buffer` (at least that long): fewer when the file shrank. */
function readOpened(fd: number, stat: Stats, buffer: Buffer): SafeRead {
  let off = 0;
  while (off < stat.size) {
    const n = readSync(fd, buffer, off, stat.size - off, off);
    if (n === 0) break;
    off += n;
  }
  return { ok: true, bytes: off === buffer.length ? buffer : buffer.subarray(0, off), stat };
}

function failure(error: unknown): { ok: false; reason: SafeReadProblem; errno?: string } {
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  const reason: SafeReadProblem = errno === 'ENOENT' || errno === 'ENOTDIR' ? 'missing' : 'unreadable';
  return errno === undefined ? { ok: false, reason } : { ok: false, reason, errno };
}
