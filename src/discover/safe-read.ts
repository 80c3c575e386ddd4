// An untrusted tree may put a FIFO, device, socket, link to a secret or huge file where a file should be. The
// path is lstat'ed first, opened non-blocking without following a link, and fstat'ed again (no swap window).
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

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
export const SAFE_OPEN_NOFOLLOW = SAFE_OPEN_FLAGS | O_NOFOLLOW;

export type OpenRegular =
  | { readonly ok: true; readonly fd: number; readonly stat: Stats }
  | { readonly ok: false; readonly reason: SafeReadProblem; readonly errno?: string };

/** Open `path` only when it is a regular file; the caller closes `fd`. */
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
    // A link that replaced the file since the lstat.
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

/** The bytes of `path` when it is a regular file of at most `maxBytes`. Never blocks, never throws. */
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

// One buffer for a run over many files, grown to the largest file read, instead of one allocation per file.
export class ReadBuffer {
  private bytes = Buffer.allocUnsafe(64 * 1024);

  /** A buffer of at least `size` bytes, overwritten by the next read. */
  take(size: number): Buffer {
    if (this.bytes.length < size) this.bytes = Buffer.allocUnsafe(Math.max(size, this.bytes.length * 2));
    return this.bytes;
  }
}

/**
 * Open a file a listing has just typed regular, without a stat first: no link followed, never
 * blocks, and fstat refuses what is not regular now. The caller closes the descriptor. Never throws.
 */
export function openNoFollow(path: string): OpenRegular {
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
 * The bytes of a file a listing has just typed regular: not stat'ed again, but opened without following a link
 * and fstat'ed. With `into`, a view valid until that buffer's next use. Never throws.
 */
export function readListedFile(path: string, maxBytes: number, into?: ReadBuffer): SafeRead {
  const opened = openNoFollow(path);
  if (!opened.ok) return opened;
  const { fd, stat } = opened;
  try {
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large', size: stat.size };
    return readOpened(fd, stat, into === undefined ? Buffer.allocUnsafe(stat.size) : into.take(stat.size));
  } catch (error) {
    return failure(error);
  } finally {
    closeSync(fd);
  }
}

function readOpened(fd: number, stat: Stats, buffer: Buffer): SafeRead {
  return { ok: true, bytes: readInto(fd, buffer.subarray(0, stat.size)), stat };
}

/** Read `fd` from its start into `buffer` until the buffer is full or the file ends; the bytes read. */
export function readInto(fd: number, buffer: Buffer): Buffer {
  let off = 0;
  while (off < buffer.length) {
    const n = readSync(fd, buffer, off, buffer.length - off, off);
    if (n === 0) break;
    off += n;
  }
  return off === buffer.length ? buffer : buffer.subarray(0, off);
}

function failure(error: unknown): { ok: false; reason: SafeReadProblem; errno?: string } {
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  const reason: SafeReadProblem = errno === 'ENOENT' || errno === 'ENOTDIR' ? 'missing' : 'unreadable';
  return errno === undefined ? { ok: false, reason } : { ok: false, reason, errno };
}

/**
 * Whether `path` is a folder (a link to one counts); false when it is missing or cannot be read.
 *
 * @example isFolder('/tmp') // true
 */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
