// Options as data: each verb declares its flags once; parsing, help and usage errors follow from it.
import { parseArgs } from 'node:util';
import { EXIT, ExitError } from './exit.js';
import { didYouMean } from '../model/wording.js';
import { helpText as layoutHelp, helpWidth } from './help.js';
import type { CliIo } from './io.js';

export interface FlagSpec {
  readonly type: 'boolean' | 'string';
  readonly short?: string;
  readonly multiple?: boolean;
  readonly description: string;
  /** Placeholder shown in help for string flags, e.g. `PATH`. */
  readonly value?: string;
}

export interface VerbSpec {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly flags: Readonly<Record<string, FlagSpec>>;
  readonly minPositionals?: number;
  /** What positionals mean; every verb says, so an argument is never silently ignored (`none` refuses any). */
  readonly positionals: 'none' | 'roots' | 'names' | 'paths';
  /** Shown under `examples:` in `--help` (a test checks every verb has one). */
  readonly examples?: readonly string[];
}

export const COMMON_FLAGS = {
  json: { type: 'boolean', description: 'print exactly one JSON document to stdout' },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'print nothing on stderr but errors (no summary, progress or warnings)',
  },
  verbose: { type: 'boolean', description: 'print summaries and warnings on stderr even under --json or --format' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} as const satisfies Record<string, FlagSpec>;

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | string[] | undefined>>;
  readonly positionals: readonly string[];
}

/** Prints help and throws ExitError(0) for `--help`, ExitError(2) on misuse. */
export function parseVerbArgs(spec: VerbSpec, args: readonly string[], io: CliIo): ParsedArgs {
  const flags: Record<string, FlagSpec> = { ...COMMON_FLAGS, ...spec.flags };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(flags).map(([k, f]) => [
          k,
          { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    usageError(io, spec.name, flagMessage(error instanceof Error ? error.message : String(error), Object.keys(flags)));
  }
  if (parsed.values.help) {
    io.stdout.write(helpText(spec, helpWidth(io.stdout)));
    throw new ExitError(EXIT.ok);
  }
  if (spec.positionals === 'none' && parsed.positionals.length > 0) {
    const extra = parsed.positionals.map((p) => `'${p}'`).join(', ');
    usageError(
      io,
      spec.name,
      `unexpected argument${parsed.positionals.length > 1 ? 's' : ''} ${extra}: ` +
        `${spec.name} takes no positional arguments (roots are given with --root PATH)`,
    );
  }
  if (parsed.positionals.length < (spec.minPositionals ?? 0)) {
    io.stderr.write(`skillgraph ${spec.name}: missing argument\nusage: skillgraph ${spec.name} ${spec.usage}\n`);
    throw new ExitError(EXIT.usage, 'missing argument');
  }
  return { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals };
}

/** node's parseArgs message, shortened, with the closest known flag when there is one. */
function flagMessage(message: string, known: readonly string[]): string {
  const unknown = /^Unknown option '(-{1,2})([^'=]*)'/.exec(message);
  if (!unknown) return message;
  const [, dashes, name] = unknown;
  return `unknown option '${dashes}${name}'${dashes === '--' ? didYouMean(name!, known, '--') : ''}`;
}

export function usageError(io: CliIo, verb: string, message: string): never {
  io.stderr.write(`skillgraph ${verb}: ${message}\nRun 'skillgraph ${verb} --help' for usage.\n`);
  throw new ExitError(EXIT.usage, message);
}

export function intFlag(io: CliIo, verb: string, name: string, raw: unknown, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n)) usageError(io, verb, `--${name} takes a whole number, got '${String(raw)}'`);
  return n;
}

/** The `--help` text of `spec` with the common flags, within `width` (at most 80) columns. */
export function helpText(spec: VerbSpec, width?: number): string {
  return layoutHelp(spec, COMMON_FLAGS, width);
}
