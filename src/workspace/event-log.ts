/**
 * The session event log on disk (DESIGN X3): JSON lines, appended one whole
 * line per write. Parsing and replay are pure (`context/loaded-set.ts`);
 * this file only reads and appends.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { LoadedSet, formatEvent, replayLoadedSet, type SkillLoadedEvent } from '../context/loaded-set.js';
import { SkillgraphError } from '../model/errors.js';
import { ioError } from './atomic.js';

/**
 * The loaded set of `runId` from the log at `file`; a missing log is an
 * empty set (the first load of a session creates it).
 *
 * @example readLoadedSet('.skillgraph/session.jsonl', 'run-7').names()
 */
export function readLoadedSet(file: string, runId: string): LoadedSet {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    if (errno === 'ENOENT') return LoadedSet.EMPTY;
    // A folder given as the log is a bad argument (exit 2), like a malformed log.
    if (errno === 'EISDIR') throw new SkillgraphError('log.invalid', `${file} is a folder, not an event log`, { file }, error);
    throw ioError(`read ${file}`, error, { file });
  }
  return replayLoadedSet(text, runId, file.replace(/\\/g, '/'));
}

/**
 * Append one event as one line. The line is written with a single
 * `O_APPEND` write, so concurrent writers never interleave within a line on
 * local file systems.
 *
 * @example appendEvent(log, skillLoadedEvent('run-7', 'pdf', digest))
 */
export function appendEvent(file: string, event: SkillLoadedEvent): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const fd = openSync(file, 'a+');
    try {
      // A log whose last line lacks its newline (an editor, a crashed writer) would glue our line onto it.
      const { size } = fstatSync(fd);
      const last = Buffer.alloc(1);
      const lead = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? '\n' : '';
      writeSync(fd, `${lead}${formatEvent(event)}`);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw ioError(`append to ${file}`, error, { file });
  }
}
