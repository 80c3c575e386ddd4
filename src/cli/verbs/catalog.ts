// `skillgraph catalog`: discover, parse and seal. The JSON is byte-identical run to run.
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
// Perf: catalog-request.ts imports config (yaml, zod) only when a config file exists.
import { CATALOG_FLAGS, lazyCatalogRequest, runTask } from '../catalog-request.js';
import { writeCatalog } from '../catalog-text.js';
import { EXIT } from '../exit.js';
import { REPORT_FORMATS } from '../../report/formats.js';
import { OVERLAP_FLAG, overlapThreshold, REPORT_FLAGS, reportOptions } from '../report-flags.js';
import { writeJson, type CliIo } from '../io.js';
import { parseShard } from '../shard-flag.js';
import { catalogJsonTask, catalogTask, type CatalogTaskOptions } from '../../tasks/catalog.js';

export const spec: VerbSpec = {
  name: 'catalog',
  summary: 'discover skills in scoped roots and print the sealed catalog',
  usage:
    '[PATH...] [--root PATH[:scope[:precedence]][!]]... [--preset NAME]...' +
    ' [--config FILE] [--format F] [--overlap-threshold N] [--shard i/n] [--json]',
  flags: {
    ...CATALOG_FLAGS,
    ...OVERLAP_FLAG,
    shard: {
      type: 'string',
      value: 'i/n',
      description:
        'with --json: parse shard i of n (a stable split by skill path); ' +
        'skillgraph merge seals the shard documents into the catalog',
    },
    format: {
      ...REPORT_FLAGS.format,
      description:
        `output: ${[...REPORT_FORMATS, 'mcp'].join(', ')}` +
        ` (default text; json is --json;` +
        ` mcp: the MCP Skills extension's skills/list result, every page in one document)`,
    },
  },
  positionals: 'roots',
  examples: [
    'skillgraph catalog',
    'skillgraph catalog --root skills --root ~/.skills:global --json',
    'skillgraph catalog --preset claude --format sarif > catalog.sarif',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const extra = { roots: positionals };
  if (values.format === 'mcp') {
    const request = await lazyCatalogRequest(values, io, spec.name, extra);
    // Perf: the snapshot parses SKILL.md bytes (yaml), which no other catalog run needs.
    const { skillsListSnapshot } = await import('../../serve/snapshot.js');
    const result = await skillsListSnapshot(request.load, { ...request.engine, onProgress: undefined }, (d) =>
      io.stderr.write(`${d.file}: ${d.severity} ${d.code} ${d.message}\n`),
    );
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return EXIT.ok;
  }
  const { format } = reportOptions(values, io, spec.name);
  const shard = parseShard(io, spec.name, values.shard);
  const threshold = overlapThreshold(values, io, spec.name);
  if (shard && format !== 'json') usageError(io, spec.name, '--shard prints a shard document: add --json');
  const request = await lazyCatalogRequest(values, io, spec.name, extra);
  if (shard) {
    // Perf: a shard parses in this thread (yaml); the catalog path leaves that to the engine.
    const { shardTask } = await import('../../tasks/shard-catalog.js');
    writeJson(io, (await shardTask({ verb: 'catalog', request, shard })).document);
    return EXIT.ok;
  }
  const options: CatalogTaskOptions = {
    request,
    cwd: io.cwd,
    ...(threshold === undefined ? {} : { routing: { threshold } }),
  };
  // Perf: our own JSON (no raw controls) goes out as bytes, which the terminal guard does not scan.
  if (format === 'json')
    return runTask(io, spec.name, () => catalogJsonTask(options, (chunk) => io.stdout.write(chunk)));
  const result = await runTask(io, spec.name, () => catalogTask(options));
  if (format === 'text') writeCatalog(result, io, { table: true });
  else {
    // Perf: the report writers load only here.
    const { catalogReportText } = await import('../catalog-report.js');
    io.stdout.write(catalogReportText(format, result, io.cwd));
  }
  return result.status;
}
