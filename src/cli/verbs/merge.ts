// `skillgraph merge FILE...`: the shard documents of one run joined into exactly what the run prints
// without `--shard`; the cross-shard work (seal, resolve, lockfile) is done here.
import { PROFILES } from '../../parse/profiles.js';
import { isSkillgraphError } from '../../model/errors.js';
import { REPORT_FORMATS, type ReportFormat } from '../../report/formats.js';
import { jsonDocument } from '../../report/json.js';
import { catalogJson } from '../../tasks/catalog-document.js';
import { mergeTask, readShards, shardsVerb, type MergeRun, type ShardFile } from '../../tasks/merge.js';
import { writeResolveJson } from '../../tasks/resolve.js';
import { validateOutput } from '../../tasks/validate.js';
import { parseVerbArgs, usageError, type ParsedArgs, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import { note, useColor, writeJson, type CliIo } from '../io.js';
import { REPORT_FLAGS, reportOptions } from '../report-flags.js';
import { OUTPUT_FLAG, reportOutputs, writeReportOutputs, type MergeAsk } from '../report-output.js';
import { summaryLine } from '../validate-text.js';
import { terminalWidth } from '../width.js';

export const spec: VerbSpec = {
  name: 'merge',
  summary: 'join the --json documents of validate, catalog, resolve or lock --shard runs into the unsharded output',
  usage: 'FILE... [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--fail-on error|warning] [--json]',
  minPositionals: 1,
  flags: {
    format: {
      ...REPORT_FLAGS.format,
      description: `output of validate and catalog shards: ${REPORT_FORMATS.join(', ')} (default json: as with --json)`,
    },
    'fail-on': {
      ...REPORT_FLAGS['fail-on'],
      description: "exit 1 on errors or on warnings too (default: the shards' own)",
    },
    'max-warnings': REPORT_FLAGS['max-warnings'],
    ...OUTPUT_FLAG,
  },
  positionals: 'paths',
  examples: [
    'skillgraph merge shard-*.json > skillgraph.json',
    'skillgraph merge shard-*.json --format github --output sarif=skillgraph.sarif',
  ],
};

/** JSON when no format is asked for. */
function askOf(values: ParsedArgs['values'], io: CliIo): MergeAsk {
  const { format, failOn, maxWarnings } = reportOptions({ ...values, format: values.format ?? 'json' }, io, spec.name);
  return {
    format,
    outputs: reportOutputs(values, io, spec.name),
    ...(values['fail-on'] !== undefined ? { failOn } : {}),
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
  };
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const ask = askOf(values, io);
  const shards: ShardFile[] = await usage(io, () => readShards(positionals, io.cwd));
  const verb = await usage(io, () => shardsVerb(shards));
  if (verb === 'resolve' || verb === 'lock') {
    const other = [ask.format, ...ask.outputs.map((o) => o.format)].find((f) => f !== 'json');
    if (other !== undefined || ask.outputs.length > 0) {
      usageError(
        io,
        spec.name,
        `${verb} shards merge into the document '${verb} --json' prints: not --format ${other ?? 'json'} or --output`,
      );
    }
    if (ask.failOn !== undefined || ask.maxWarnings !== undefined) {
      usageError(
        io,
        spec.name,
        `--fail-on and --max-warnings gate findings: validate and catalog shards only, not ${verb}`,
      );
    }
  }
  const wanted = new Set([ask.format, ...ask.outputs.map((o) => o.format)]);
  const gate = {
    ...(ask.failOn !== undefined ? { failOn: ask.failOn } : {}),
    ...(ask.maxWarnings !== undefined ? { maxWarnings: ask.maxWarnings } : {}),
  };
  const merged = await usage(io, () => mergeTask({ shards, cwd: io.cwd, ...gate, sources: wanted.has('text') }));
  return writeMerged(io, merged, ask);
}

async function usage<T>(io: CliIo, body: () => T | Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (isSkillgraphError(error) && error.code === 'usage') usageError(io, spec.name, error.message);
    throw error;
  }
}

async function writeMerged(io: CliIo, merged: MergeRun, ask: MergeAsk): Promise<number> {
  if (merged.verb === 'resolve') {
    await writeResolveJson(merged.run, io.stdout);
    return merged.status;
  }
  if (merged.verb === 'lock') {
    writeJson(io, merged.run.document);
    return merged.status;
  }
  if (merged.verb === 'catalog') {
    if (ask.format === 'json' && ask.outputs.length === 0) io.stdout.write(catalogJson(merged.run));
    else {
      // Perf: the report writers load only for a report.
      const { writeCatalogReports } = await import('../catalog-report.js');
      writeCatalogReports(io, merged.run, ask);
    }
    return merged.status;
  }
  const { result, view, gate } = merged.run;
  const render = (format: ReportFormat, screen?: { color: boolean; width: number }): string =>
    format === 'json' ? jsonDocument(merged.run.document) : validateOutput(format, result, view, screen);
  writeReportOutputs(io, ask.outputs, (format) => render(format));
  io.stdout.write(render(ask.format, { color: useColor(io, 'stdout'), width: terminalWidth(io.stdout) }));
  // The verdict after a text report; after a document only when asked for (--verbose).
  if (ask.format === 'text' || io.level === 'verbose') {
    note(
      io,
      `merge: ${merged.shards} shard(s); ${summaryLine(result, PROFILES[view.profile].name, useColor(io))}` +
        `${gate.passed || gate.errors > 0 ? '' : `; failed: ${gate.reasons.join(', ')}`}\n`,
    );
  }
  return merged.status;
}
