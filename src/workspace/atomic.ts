// Temp file then rename: a crash leaves the old file or the new one, never half of one.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SkillgraphError } from '../model/errors.js';
import { registerTemp, releaseTemp, removeStaleTemps } from './cleanup.js';

/** Temp-file names start with this, so a leftover is recognisable. */
export const TEMP_PREFIX = '.skillgraph-tmp-';

/** Write `data` to `file` atomically; `mode` sets permission bits. Failures are `io` errors naming the file. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode?: number): void {
  let out: AtomicFile | undefined;
  try {
    out = AtomicFile.create(file, mode);
    out.write(data);
    out.commit();
  } catch (error) {
    out?.abort();
    const errno = (error as NodeJS.ErrnoException).code;
    throw ioError(`write ${file}`, error, { file, errno });
  }
}

/**
 * A file written in parts, atomically, for content too large to hold whole. The temp file is created
 * exclusively, so a FIFO or link planted at its path is never opened.
 */
export class AtomicFile {
  readonly file: string;
  readonly #temp: string;
  #fd: number | undefined;
  #length = 0;

  private constructor(file: string, temp: string, fd: number) {
    this.file = file;
    this.#temp = temp;
    this.#fd = fd;
  }

  /** Open the temp file for `file`, removing temps a killed run left there. */
  static create(file: string, mode?: number): AtomicFile {
    const stem = [...basename(file)].slice(0, 40).join('');
    const folder = dirname(file);
    removeStaleTemps(folder, TEMP_PREFIX);
    const temp = join(folder, `${TEMP_PREFIX}${stem}-${process.pid}-${randomBytes(6).toString('hex')}`);
    registerTemp(temp);
    try {
      return new AtomicFile(file, temp, openSync(temp, 'wx', (mode ?? 0o666) & 0o777));
    } catch (error) {
      releaseTemp(temp);
      throw error;
    }
  }

  get length(): number {
    return this.#length;
  }

  write(data: string | Uint8Array): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = 0;
    while (off < bytes.length) off += writeSync(this.#open(), bytes, off, bytes.length - off, this.#length + off);
    this.#length += bytes.length;
  }

  /** Overwrite `bytes` at `position` (inside what was written). */
  writeAt(bytes: Uint8Array, position: number): void {
    let off = 0;
    while (off < bytes.length) off += writeSync(this.#open(), bytes, off, bytes.length - off, position + off);
  }

  commit(): void {
    closeSync(this.#open());
    this.#fd = undefined;
    renameSync(this.#temp, this.file);
    releaseTemp(this.#temp);
  }

  /** Close and remove the temp file; never throws. */
  abort(): void {
    try {
      if (this.#fd !== undefined) closeSync(this.#fd);
    } catch {
      // closing a failed descriptor: nothing more to do
    }
    this.#fd = undefined;
    removeQuietly(this.#temp);
    releaseTemp(this.#temp);
  }

  #open(): number {
    if (this.#fd === undefined)
      throw new SkillgraphError('io', `${this.file}: temp file already closed`, { file: this.file });
    return this.#fd;
  }
}

/** The `io` error of every failed workspace read or write: `could not <action>: <reason>`. */
export function ioError(action: string, error: unknown, details: Record<string, unknown>): SkillgraphError {
  return new SkillgraphError(
    'io',
    `could not ${action}: ${error instanceof Error ? error.message : String(error)}`,
    details,
    error,
  );
}

// Best effort: when the folder is missing or a file (ENOTDIR), the write error is the one to report.
function removeQuietly(tmp: string): void {
  try {
    rmSync(tmp, { force: true });
  } catch {
    // the original error explains why
  }
}
