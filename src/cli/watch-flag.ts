// Apart from the watcher (watch.ts), which a verb imports only when it watches.
import { usageError, type FlagSpec, type ParsedArgs } from './args.js';
import type { CliIo } from './io.js';

export const WATCH_FLAG = {
  watch: {
    type: 'boolean',
    description: 're-check the skills that change on each save, until Ctrl-C (text output only)',
  },
} as const satisfies Record<string, FlagSpec>;

/** A document format, a file output, a shard or a git range are one-run things: a usage error with `--watch`. */
export function watchUsage(
  io: CliIo,
  verb: string,
  values: ParsedArgs['values'],
  format: string,
  outputs: number,
): void {
  const clash =
    format !== 'text'
      ? values.json === true
        ? '--json'
        : `--format ${format}`
      : outputs > 0
        ? '--output'
        : values.shard !== undefined
          ? '--shard'
          : values.changed !== undefined
            ? '--changed'
            : undefined;
  if (clash !== undefined) usageError(io, verb, `--watch prints a text report on every change: not with ${clash}`);
}
