import type { ConfigRule } from '../discover/config.js';
import { SkillgraphError } from '../model/errors.js';
import { didYouMean } from '../model/wording.js';
import { intFlag, usageError, type FlagSpec, type ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
// Perf: the constants only; the report writers load when a verb writes a report.
import { FAIL_ON, REPORT_FORMATS, type FailOn, type ReportFormat } from '../report/formats.js';

export { withRuleLevels } from '../report/levels.js';

export const REPORT_FLAGS = {
  format: {
    type: 'string',
    value: 'F',
    description: `output: ${REPORT_FORMATS.join(', ')} (default text; json is --json)`,
  },
  'fail-on': {
    type: 'string',
    value: 'LEVEL',
    description: 'exit 1 on errors (error, the default) or on warnings too (warning)',
  },
  'max-warnings': { type: 'string', value: 'N', description: 'exit 1 when there are more than N warnings' },
} as const satisfies Record<string, FlagSpec>;

export const OVERLAP_FLAG = {
  'overlap-threshold': {
    type: 'string',
    value: 'N',
    description: 'lowest routing.overlap score reported, above 0 and at most 1 (default 0.6)',
  },
} as const satisfies Record<string, FlagSpec>;

/** The overlap threshold from the flag, else the config file, else undefined (the default). */
export function overlapThreshold(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  config?: { readonly overlapThreshold?: number },
): number | undefined {
  const raw = values['overlap-threshold'];
  if (raw === undefined) return config?.overlapThreshold;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 1)
    usageError(io, verb, `--overlap-threshold must be a number above 0 and at most 1, got '${String(raw)}'`);
  return n;
}

export interface ReportOptions {
  readonly format: ReportFormat;
  readonly failOn: FailOn;
  readonly maxWarnings?: number;
}

/** The report options from the flags, else the config file, else the defaults. */
export function reportOptions(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  config?: { readonly failOn?: FailOn; readonly maxWarnings?: number },
): ReportOptions {
  const raw = values.format ?? (values.json === true ? 'json' : 'text');
  if (!(REPORT_FORMATS as readonly unknown[]).includes(raw)) {
    usageError(
      io,
      verb,
      `--format must be one of ${REPORT_FORMATS.join(', ')}, ` +
        `got '${String(raw)}'${didYouMean(String(raw), REPORT_FORMATS)}`,
    );
  }
  const format = values.json === true ? 'json' : (raw as ReportFormat);
  const failRaw = values['fail-on'] ?? config?.failOn ?? 'error';
  if (!(FAIL_ON as readonly unknown[]).includes(failRaw))
    usageError(io, verb, `--fail-on must be error or warning, got '${String(failRaw)}'`);
  const maxWarnings =
    values['max-warnings'] === undefined
      ? config?.maxWarnings
      : intFlag(io, verb, 'max-warnings', values['max-warnings'], 0);
  return { format, failOn: failRaw as FailOn, ...(maxWarnings !== undefined ? { maxWarnings } : {}) };
}

/** An unknown rule code in the config is `config.invalid` at its line, with the closest known code. */
export function checkRules(rules: readonly ConfigRule[], file: string, known: readonly string[]): void {
  for (const r of rules) {
    if (known.includes(r.code)) continue;
    throw new SkillgraphError(
      'config.invalid',
      `${file}:${r.line}:${r.column}: unknown rule '${r.code}'${didYouMean(r.code, known)}`,
      { file, line: r.line, column: r.column },
    );
  }
}
