/**
 * Injected I/O for CLI verbs so tests run them in-process.
 * stdout carries the results: tables, listings, reports, help, or exactly one
 * document under `--json` / `--format`. stderr carries summaries, progress and
 * logs (`note`), which `--quiet` silences and a document run leaves out unless
 * `--verbose`, and real errors, always. `withSafeOutput` makes both streams
 * safe for a terminal: skill text is untrusted.
 */
import { jsonDocument } from '../report/json.js';
import { terminalSafe } from '../report/style.js';
import { textSink, type TextSink } from '../tasks/sink.js';

export { jsonControlsEscaped, jsonDocument, SCHEMA_VERSION } from '../report/json.js';
export { CLEAR_SCREEN, paint, terminalSafe } from '../report/style.js';

export interface CliIo {
  /**
   * A verb may hand stdout a Buffer of UTF-8 text (a run memo's stored bytes, a streamed JSON
   * document); `String(buffer)` is the text. `once('drain')` is used when a write reports a full buffer.
   */
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
  /** How much goes to stderr besides errors (set by the dispatcher from the flags; default `normal`). */
  readonly level?: OutputLevel;
}

/**
 * `quiet`: errors only. `normal`: summaries and progress too. `document`: stdout holds a
 * document (`--json`, `--format json|sarif|junit|github`), so stderr holds errors only.
 * `verbose`: everything, whatever stdout holds.
 */
export type OutputLevel = 'quiet' | 'normal' | 'document' | 'verbose';

/** Whether summaries, progress and logs go to stderr at this level. */
export function notesShown(io: Pick<CliIo, 'level'>): boolean {
  const level = io.level ?? 'normal';
  return level === 'normal' || level === 'verbose';
}

/**
 * Write a summary, progress or log line to stderr unless the level hides it.
 *
 * @example note(io, `${n} skills checked\n`)
 */
export function note(io: CliIo, text: string): void {
  if (notesShown(io)) io.stderr.write(text);
}

/** Write one JSON document (with `schemaVersion` first) and a newline to stdout. */
export function writeJson(io: CliIo, doc: Record<string, unknown>): void {
  io.stdout.write(jsonDocument(doc));
}

/**
 * Colour on `stream`: never with `NO_COLOR` (non-empty), whatever else is set; else
 * `FORCE_COLOR` (any value but `0` or `false`) turns it on and `FORCE_COLOR=0` off; else
 * only on a TTY whose TERM is not `dumb`.
 *
 * @example useColor(io, 'stdout') // false when piped
 */
export function useColor(io: CliIo, stream: 'stdout' | 'stderr' = 'stderr'): boolean {
  if (io.env.NO_COLOR) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return Boolean(io[stream].isTTY) && io.env.TERM !== 'dumb';
}

/**
 * The same io with every stdout and stderr text chunk passed through
 * `terminalSafe`. JSON documents pass unchanged (`jsonDocument` leaves no raw
 * control in them); Buffers are our own JSON bytes and pass as they are.
 *
 * @example const safe = withSafeOutput(processIo()); safe.stdout.write(text)
 */
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

/**
 * Kept for callers of the stderr-only wrapper: it now guards both streams.
 *
 * @example const safe = withSafeStderr(processIo());
 */
export const withSafeStderr = withSafeOutput;

/** Writes text to stdout in large pieces, waiting for `drain` when the stream asks. */
export type StdoutStream = TextSink;

/**
 * A buffered stdout writer for documents too large to hold (see `textSink`).
 *
 * @example const s = stdoutStream(io); await s.write('{'); await s.end();
 */
export function stdoutStream(io: CliIo): StdoutStream {
  return textSink(io.stdout);
}
