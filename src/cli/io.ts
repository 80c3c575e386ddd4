// Injected I/O so tests run verbs in-process. stdout carries results (exactly one document under
// `--json`/`--format`); stderr carries notes, which `--quiet` silences, and errors, always.
import { jsonDocument } from '../report/json.js';
import { terminalSafe } from '../report/style.js';
import { textSink, type TextSink } from '../tasks/sink.js';

export { jsonControlsEscaped, jsonDocument, SCHEMA_VERSION } from '../report/json.js';
export { CLEAR_SCREEN, paint, terminalSafe } from '../report/style.js';

export interface CliIo {
  /** May be handed a Buffer of UTF-8 text (a run memo's stored bytes, a streamed JSON document). */
  readonly stdout: {
    write(chunk: string | Buffer): unknown;
    isTTY?: boolean;
    columns?: number;
    /** Set once a reader closed the pipe: nothing more is written. */
    readonly destroyed?: boolean;
    once?: (event: 'drain' | 'close', listener: () => void) => unknown;
  };
  readonly stderr: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Set by the dispatcher from the flags (default `normal`). */
  readonly level?: OutputLevel;
}

/** `document`: stdout holds a document, so stderr holds errors only; `verbose` shows notes anyway. */
export type OutputLevel = 'quiet' | 'normal' | 'document' | 'verbose';

export function notesShown(io: Pick<CliIo, 'level'>): boolean {
  const level = io.level ?? 'normal';
  return level === 'normal' || level === 'verbose';
}

/** Write a summary, progress or log line to stderr unless the level hides it. */
export function note(io: CliIo, text: string): void {
  if (notesShown(io)) io.stderr.write(text);
}

/** One JSON document (`schemaVersion` first) and a newline to stdout. */
export function writeJson(io: CliIo, doc: Record<string, unknown>): void {
  io.stdout.write(jsonDocument(doc));
}

/** `NO_COLOR` wins, then `FORCE_COLOR` (`0`/`false` off), else a TTY whose TERM is not `dumb`. */
export function useColor(io: CliIo, stream: 'stdout' | 'stderr' = 'stderr'): boolean {
  if (io.env.NO_COLOR) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return Boolean(io[stream].isTTY) && io.env.TERM !== 'dumb';
}

/** Skill text is untrusted: every text chunk passes `terminalSafe`; JSON and Buffers need not. */
export function withSafeOutput(io: CliIo): CliIo {
  const out = io.stdout;
  const err = io.stderr;
  const stdout: CliIo['stdout'] = {
    write: (chunk: string | Buffer): unknown => out.write(typeof chunk === 'string' ? terminalSafe(chunk) : chunk),
    get isTTY() {
      return out.isTTY;
    },
    get columns() {
      return out.columns;
    },
    get destroyed() {
      return out.destroyed;
    },
    ...(out.once ? { once: (event: 'drain' | 'close', listener: () => void) => out.once!(event, listener) } : {}),
  };
  const stderr: CliIo['stderr'] = {
    write: (chunk: string): unknown => err.write(terminalSafe(String(chunk))),
    get isTTY() {
      return err.isTTY;
    },
    get columns() {
      return err.columns;
    },
  };
  return { ...io, stdout, stderr };
}

/** Kept for callers of the stderr-only wrapper: it now guards both streams. */
export const withSafeStderr = withSafeOutput;

export type StdoutStream = TextSink;

/** A buffered stdout writer for documents too large to hold, waiting for `drain`. */
export function stdoutStream(io: CliIo): StdoutStream {
  return textSink(io.stdout);
}
