/**
 * Injected I/O for CLI verbs so tests run them in-process (STYLE 12).
 * stdout carries exactly one JSON document under `--json`; everything human
 * (and progress) goes to stderr.
 */
export interface CliIo {
  /** A verb may hand stdout a Buffer of UTF-8 text (a run memo's stored bytes); `String(buffer)` is the text. */
  readonly stdout: { write(chunk: string | Buffer): unknown; isTTY?: boolean; columns?: number };
  readonly stderr: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The JSON schema version every `--json` document carries. */
export const SCHEMA_VERSION = 1;

/**
 * The text of one JSON document: `schemaVersion` first, two-space indent, a newline.
 *
 * @example jsonDocument({ ok: true }) // '{\n  "schemaVersion": 1,\n  "ok": true\n}\n'
 */
export function jsonDocument(doc: Record<string, unknown>): string {
  return `${JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...doc }, null, 2)}\n`;
}

/** Write one JSON document (with `schemaVersion` first) and a newline to stdout. */
export function writeJson(io: CliIo, doc: Record<string, unknown>): void {
  io.stdout.write(jsonDocument(doc));
}

/** Colour only for a TTY without NO_COLOR. */
export function useColor(io: CliIo): boolean {
  return Boolean(io.stderr.isTTY) && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
}

/** Wraps text in an ANSI style when `on`. */
export function paint(on: boolean, style: 'red' | 'yellow' | 'green' | 'dim' | 'bold' | 'cyan', text: string): string {
  if (!on) return text;
  const codes = { red: 31, yellow: 33, green: 32, dim: 2, bold: 1, cyan: 36 } as const;
  return `\u001b[${codes[style]}m${text}\u001b[0m`;
}

// C0 controls except tab and newline, DEL, and C1 controls (0x9b is a one-byte CSI on some terminals).
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// Our own sequences: the SGR styles `paint` uses, and the progress line's leading `\r` + erase-line.
const OWN_OR_CONTROL = /^\r\u001b\[K|\u001b\[(?:0|1|2|31|32|33|36)m|[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Make one stderr chunk safe for a terminal: skill files are untrusted, and a
 * description or source line carrying escape sequences must not reach the
 * terminal as commands (clear the screen, set the title, hide text). Control
 * characters are shown as `\xNN`; the styles this CLI emits itself pass.
 *
 * @example terminalSafe('bad \u001b]0;title\u0007') // 'bad \\x1b]0;title\\x07'
 */
export function terminalSafe(chunk: string): string {
  // Perf: most chunks hold no control character at all.
  if (!CONTROL.test(chunk)) return chunk;
  return chunk.replace(OWN_OR_CONTROL, (m) => (m.length > 1 ? m : `\\x${m.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/**
 * The same io with every stderr chunk passed through `terminalSafe`.
 *
 * @example const safe = withSafeStderr(processIo()); safe.stderr.write(text)
 */
export function withSafeStderr(io: CliIo): CliIo {
  const inner = io.stderr;
  const stderr = {
    write: (chunk: string): unknown => inner.write(terminalSafe(String(chunk))),
    get isTTY() {
      return inner.isTTY;
    },
    get columns() {
      return inner.columns;
    },
  };
  return { ...io, stderr };
}
