import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { LoadedSet, formatEvent, replayLoadedSet, type SkillLoadedEvent } from '../context/loaded-set.js';
import { ensureCacheDir } from './cache-dir.js';
import { SkillgraphError } from '../model/errors.js';
import { ioError } from './atomic.js';
import { readRegularFile } from '../discover/safe-read.js';

/** A session log larger than this is not one skillgraph wrote (a line per load). */
const LOG_MAX_BYTES = 64 * 1024 * 1024;
/** Never block on a FIFO or take a terminal planted at the log's path. */
const APPEND_FLAGS =
  constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The loaded set of `runId` from the session log at `file`; a missing log is an empty set. */
export function readLoadedSet(file: string, runId: string): LoadedSet {
  const read = readRegularFile(file, LOG_MAX_BYTES, { followLinks: true });
  if (!read.ok) {
    if (read.reason === 'missing') return LoadedSet.EMPTY;
    // A folder, FIFO or device given as the log is a bad argument (exit 2), like a malformed log.
    if (read.reason === 'not-regular')
      throw new SkillgraphError('log.invalid', `${file} is not a regular file, not an event log`, { file });
    if (read.reason === 'too-large')
      throw new SkillgraphError('log.invalid', `${file} is larger than ${LOG_MAX_BYTES} bytes, not an event log`, {
        file,
      });
    throw ioError(`read ${file}`, read.errno ?? read.reason, { file });
  }
  return replayLoadedSet(read.bytes.toString('utf8'), runId, file.replace(/\\/g, '/'));
}

/** Append one event as one line, in a single `O_APPEND` write so concurrent writers never interleave. */
export function appendEvent(file: string, event: SkillLoadedEvent): void {
  if (!ensureCacheDir(dirname(file)))
    throw new SkillgraphError('log.invalid', `cannot create the folder of the event log ${file}`, { file });
  try {
    const fd = openSync(file, APPEND_FLAGS, 0o666);
    try {
      if (!fstatSync(fd).isFile())
        throw new SkillgraphError('log.invalid', `${file} is not a regular file, not an event log`, { file });
      // A last line without its newline (an editor, a crashed writer) would glue our line onto it.
      const { size } = fstatSync(fd);
      const last = Buffer.alloc(1);
      const lead = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? '\n' : '';
      writeSync(fd, `${lead}${formatEvent(event)}`);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof SkillgraphError) throw error;
    throw ioError(`append to ${file}`, error, { file });
  }
}
