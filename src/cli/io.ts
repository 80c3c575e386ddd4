/**
 * Injected I/O for CLI verbs so tests run them in-process.
 * stdout carries the results: tables, listings, reports, help, or exactly one
 * document under `--json` / `--format`. stderr carries summaries, progress and
 * logs (`note`), which `--quiet` silences and a document run leaves out unless
 * `--verbose`, and real errors, always. `withSafeOutput` makes both streams
 * safe for a terminal: skill text is untrusted.
 */
import { randomBytes } from 'node:crypto';
import { escapeControls, hasControls } from '../context/text.js';

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

/** The JSON schema version every `--json` document carries (docs/json.md keeps the changelog). */
export const SCHEMA_VERSION = 2;

// DEL and the C1 controls are legal raw in JSON strings, but the document is read on terminals and
// by models: they are written as \u escapes (JSON.stringify already escapes C0). Parsed values are unchanged.
const JSON_RAW_CONTROLS = /[\u007F-\u009F]/;
const JSON_RAW_CONTROLS_ALL = /[\u007F-\u009F]/g;

/**
 * JSON text with DEL and C1 controls written as `\u007f` … `\u009f`: the same value, no raw
 * control byte. Only ever finds them inside strings (JSON punctuation is ASCII).
 *
 * @example jsonControlsEscaped('"a\u0085"') // '"a\\u0085"'
 */
export function jsonControlsEscaped(text: string): string {
  if (!JSON_RAW_CONTROLS.test(text)) return text;
  return text.replace(JSON_RAW_CONTROLS_ALL, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/**
 * The text of one JSON document: `schemaVersion` first, two-space indent, a newline.
 *
 * @example jsonDocument({ ok: true }) // '{\n  "schemaVersion": 1,\n  "ok": true\n}\n'
 */
export function jsonDocument(doc: Record<string, unknown>): string {
  return `${jsonControlsEscaped(JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...doc }, null, 2))}\n`;
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

// Our own styles travel as a per-process token that skill text cannot know, and become real SGR
// sequences only in `terminalSafe`, after every control character of the chunk was escaped: a
// description holding ESC[32m shows as text, never as green, while `paint` keeps its colours.
const STYLE_TOKEN = `\uE000sg${randomBytes(8).toString('hex')}:`;
const STYLE_CODES = { red: 31, yellow: 33, green: 32, dim: 2, bold: 1, cyan: 36 } as const;
const OWN_STYLE = new RegExp(`${STYLE_TOKEN}(0|1|2|31|32|33|36)m`, 'g');
// The progress line starts its chunks with a carriage return and erase-line.
const PROGRESS_PREFIX = '\r\u001b[K';

/** Cursor home, clear the screen and its scrollback: a watch's redraw writes it alone, on a terminal only. */
export const CLEAR_SCREEN = '\u001b[H\u001b[2J\u001b[3J';

/** Wraps text in a style when `on` (shown as colour through `withSafeOutput`). */
export function paint(on: boolean, style: keyof typeof STYLE_CODES, text: string): string {
  if (!on) return text;
  return `${STYLE_TOKEN}${STYLE_CODES[style]}m${text}${STYLE_TOKEN}0m`;
}

/**
 * Make one output chunk safe for a terminal: every control character is
 * shown escaped (`escapeControls`, the one sanitiser), then the styles
 * `paint` marked become SGR sequences. A chunk may start with the progress
 * line's `\r ESC[K`.
 *
 * @example terminalSafe('bad \u001b]0;title\u0007') // 'bad \\x1b]0;title\\x07'
 */
export function terminalSafe(chunk: string): string {
  if (chunk === CLEAR_SCREEN) return chunk;
  // Perf: most chunks hold no control character and no style.
  const styled = chunk.includes(STYLE_TOKEN);
  if (!styled && !hasControls(chunk)) return chunk;
  const progress = chunk.startsWith(PROGRESS_PREFIX);
  const safe = escapeControls(progress ? chunk.slice(PROGRESS_PREFIX.length) : chunk);
  const out = styled ? safe.replace(OWN_STYLE, (_m, code: string) => `\u001b[${code}m`) : safe;
  return progress ? PROGRESS_PREFIX + out : out;
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

/** Bytes gathered before one write to stdout. */
const STREAM_CHUNK = 1 << 18;

/** Writes text to stdout in large pieces, waiting for `drain` when the stream asks. */
export interface StdoutStream {
  write(text: string): Promise<void> | void;
  end(): Promise<void> | void;
}

/**
 * A buffered stdout writer for documents too large to hold (`resolve --json` on a long include
 * chain is gigabytes): text is encoded straight into 256 KiB Buffers, each written once full,
 * and a write that reports a full buffer waits for `drain`. The caller escapes the text
 * (`jsonControlsEscaped`). Perf: callers pass small strings — strings over ~128 KiB live in
 * V8's large-object space until a full GC, and joined megabyte strings raised peak RSS by
 * ~200 MiB on a 10,000-long chain.
 *
 * @example const s = stdoutStream(io); await s.write('{'); await s.end();
 */
export function stdoutStream(io: CliIo): StdoutStream {
  let buf = Buffer.allocUnsafe(STREAM_CHUNK);
  let used = 0;
  // process.stdout is never `destroyed` by a closed pipe, but it emits 'close'.
  let isClosed = false;
  const closedPipe = (): boolean => isClosed || io.stdout.destroyed === true;
  // One 'close' listener for the whole document; each full buffer waits for 'drain' or that.
  let closed: Promise<void> | undefined;
  const send = (chunk: Buffer): Promise<void> | void => {
    // A reader that closed the pipe (`| head`) ends the document; the verb still finishes.
    if (closedPipe()) return;
    const ok = io.stdout.write(chunk);
    const once = io.stdout.once;
    if (ok !== false || !once || closedPipe()) return;
    closed ??= new Promise<void>((done) => void once.call(io.stdout, 'close', () => ((isClosed = true), done())));
    return Promise.race([new Promise<void>((done) => void once.call(io.stdout, 'drain', done)), closed]);
  };
  const flush = (): Promise<void> | void => {
    if (used === 0) return;
    const full = buf.subarray(0, used);
    // The stream may hold the chunk until it is written: never reuse it.
    buf = Buffer.allocUnsafe(STREAM_CHUNK);
    used = 0;
    return send(full);
  };
  return {
    write(text: string): Promise<void> | void {
      // A UTF-16 unit takes at most 3 UTF-8 bytes.
      if (used + text.length * 3 <= STREAM_CHUNK) {
        used += buf.write(text, used, 'utf8');
        return;
      }
      const pending = flush();
      if (text.length * 3 > STREAM_CHUNK) {
        const direct = (): Promise<void> | void => send(Buffer.from(text, 'utf8'));
        return pending ? pending.then(direct) : direct();
      }
      used += buf.write(text, used, 'utf8');
      return pending;
    },
    end: flush,
  };
}
