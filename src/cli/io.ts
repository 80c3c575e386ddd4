/**
 * Injected I/O for CLI verbs so tests run them in-process (STYLE 12).
 * stdout carries exactly one JSON document under `--json`; everything human
 * (and progress) goes to stderr.
 */
export interface CliIo {
  readonly stdout: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  readonly stderr: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The JSON schema version every `--json` document carries. */
export const SCHEMA_VERSION = 1;

/** Write one JSON document (with `schemaVersion` first) and a newline to stdout. */
export function writeJson(io: CliIo, doc: Record<string, unknown>): void {
  io.stdout.write(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...doc }, null, 2)}\n`);
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
