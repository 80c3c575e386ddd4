// `--output FORMAT=FILE`: one CI run, several reports from the same findings. Files are written
// atomically after the run, so a run that fails first leaves no file, least of all an empty SARIF log.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SkillgraphError, isSkillgraphError } from '../model/errors.js';
import { didYouMean } from '../model/wording.js';
import { writeFileAtomic } from '../workspace/atomic.js';
import { usageError, type FlagSpec, type ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
import { REPORT_FORMATS, type FailOn, type ReportFormat } from '../report/formats.js';

export const OUTPUT_FLAG = {
  output: {
    type: 'string',
    multiple: true,
    value: 'FORMAT=FILE',
    description: `also write the report in FORMAT (${REPORT_FORMATS.join(', ')}) to FILE, from the same run`,
  },
} as const satisfies Record<string, FlagSpec>;

/** `file` as given, relative to the working folder. */
export interface ReportOutput {
  readonly format: ReportFormat;
  readonly file: string;
}

/** The stdout format, the files, and a gate that overrides the run's own (merge). */
export interface MergeAsk {
  readonly format: ReportFormat;
  readonly outputs: readonly ReportOutput[];
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
}

/** The `--output` flags, checked: a known format, a file, no file named twice. */
export function reportOutputs(values: ParsedArgs['values'], io: CliIo, verb: string): ReportOutput[] {
  const raw = values.output;
  const given = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const outputs: ReportOutput[] = [];
  for (const spec of given) {
    const at = spec.indexOf('=');
    const format = at < 0 ? spec : spec.slice(0, at);
    const file = at < 0 ? '' : spec.slice(at + 1);
    if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
      usageError(
        io,
        verb,
        `--output takes FORMAT=FILE with FORMAT one of ${REPORT_FORMATS.join(', ')}, ` +
          `got '${spec}'${didYouMean(format, REPORT_FORMATS)}`,
      );
    }
    if (file === '' || file === '-')
      usageError(io, verb, `--output ${format}= needs a file (stdout takes --format ${format})`);
    const twice = outputs.find((o) => resolve(io.cwd, o.file) === resolve(io.cwd, file));
    if (twice) usageError(io, verb, `--output names ${file} twice (${twice.format} and ${format})`);
    outputs.push({ format: format as ReportFormat, file });
  }
  return outputs;
}

/** Each output's report, written atomically; a file that cannot be written is `path.invalid` (exit 2). */
export function writeReportOutputs(
  io: CliIo,
  outputs: readonly ReportOutput[],
  render: (format: ReportFormat) => string,
): void {
  for (const { format, file } of outputs) {
    const path = resolve(io.cwd, file);
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileAtomic(path, render(format));
    } catch (error) {
      if (isSkillgraphError(error) && error.code !== 'io') throw error;
      const errno = isSkillgraphError(error) ? error.details.errno : (error as NodeJS.ErrnoException).code;
      const reason = typeof errno === 'string' ? errno : (error as Error).message;
      throw new SkillgraphError(
        'path.invalid',
        `cannot write the ${format} report to ${file}: ${reason}`,
        { file },
        error,
      );
    }
  }
}
