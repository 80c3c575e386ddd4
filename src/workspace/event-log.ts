/**
 * The session event log on disk (DESIGN X3): JSON lines, appended one whole
 * line per write. Parsing and replay are pure (`context/loaded-set.ts`);
 * this file only reads and appends.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { LoadedSet, formatEvent, replayLoadedSet, type SkillLoadedEvent } from '../context/loaded-set.js';
import { SkillgraphError } from '../model/errors.js';

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
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return LoadedSet.EMPTY;
    throw ioError('read', file, error);
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
    appendFileSync(file, formatEvent(event), { encoding: 'utf8', flag: 'a' });
  } catch (error) {
    throw ioError('append to', file, error);
  }
}

function ioError(verb: string, file: string, error: unknown): SkillgraphError {
  return new SkillgraphError('io', `could not ${verb} ${file}: ${error instanceof Error ? error.message : String(error)}`, { file }, error);
}
