/**
 * Atomic file writes: write a temp file in the same folder, then rename it
 * over the target (rename within one file system is atomic on POSIX and
 * replaces the target on Windows). A failed write removes its temp file, so
 * a crash leaves either the old file or the new one — never half of one. A
 * temp file is registered for removal on SIGINT/SIGTERM while it exists, and
 * temp files a killed run left beside a target are removed by the next
 * write to that folder (cleanup.ts).
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SkillgraphError } from '../model/errors.js';
import { registerTemp, releaseTemp, removeStaleTemps } from './cleanup.js';

/** Temp-file names start with this, so a leftover is recognisable. */
export const TEMP_PREFIX = '.skillgraph-tmp-';

/**
 * Write `data` to `file` atomically. `mode` sets permission bits (e.g. keep a
 * script executable; the umask still applies). Failures are `io` errors naming the file.
 *
 * @example writeFileAtomic('/ws/pdf/SKILL.md', bytes)
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode?: number): void {
  // The name's first 40 characters only: a temp name must fit NAME_MAX (255 bytes) whenever the target's name does.
  const stem = [...basename(file)].slice(0, 40).join('');
  const folder = dirname(file);
  removeStaleTemps(folder, TEMP_PREFIX);
  const tmp = join(folder, `${TEMP_PREFIX}${stem}-${process.pid}-${randomBytes(6).toString('hex')}`);
  registerTemp(tmp);
  try {
    // `wx`: never follow or reuse an existing path for the temp file.
    writeFileSync(tmp, data, { flag: 'wx', mode: (mode ?? 0o666) & 0o777 });
    renameSync(tmp, file);
  } catch (error) {
    removeQuietly(tmp);
    const errno = (error as NodeJS.ErrnoException).code;
    throw ioError(`write ${file}`, error, { file, errno });
  } finally {
    releaseTemp(tmp);
  }
}

/**
 * The `io` error of every failed workspace read or write: `could not <action>: <reason>`.
 *
 * @example throw ioError(`read ${file}`, error, { file });
 */
export function ioError(action: string, error: unknown, details: Record<string, unknown>): SkillgraphError {
  return new SkillgraphError('io', `could not ${action}: ${error instanceof Error ? error.message : String(error)}`, details, error);
}

/** Best-effort temp cleanup: when the folder itself is missing or a file (ENOTDIR), the write error is the one to report. */
function removeQuietly(tmp: string): void {
  try {
    rmSync(tmp, { force: true });
  } catch {
    // nothing was created, or it cannot be removed; the original error explains why
  }
}
