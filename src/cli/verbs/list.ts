// `skillgraph list`: one line per skill; `--json` is `catalog --json`.
import type { VerbSpec } from '../args.js';
import { parseVerbArgs } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
import type { CliIo } from '../io.js';
import { catalogReportText } from '../catalog-report.js';
import { writeCatalog } from '../catalog-text.js';
import { REPORT_FLAGS, reportOptions } from '../report-flags.js';
import { catalogJson } from '../../tasks/catalog-document.js';
import { catalogTask } from '../../tasks/catalog.js';

export const spec: VerbSpec = {
  name: 'list',
  summary: 'list the skills of the catalog, one line each',
  usage: '[PATH...] [--root PATH[:scope[:precedence]][!]]... [--preset NAME]... [--json]',
  flags: { ...CATALOG_FLAGS, format: REPORT_FLAGS.format },
  positionals: 'roots',
  examples: ['skillgraph list', 'skillgraph list --preset claude | grep review'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const { format } = reportOptions(values, io, spec.name);
  const request = catalogRequest(values, io, spec.name, { roots: positionals });
  // No routing pass: list shows the catalog's own findings.
  const result = await runTask(io, spec.name, () => catalogTask({ request, routing: false, cwd: io.cwd }));
  if (format === 'sarif' || format === 'junit' || format === 'github')
    io.stdout.write(catalogReportText(format, result, io.cwd));
  else if (format === 'json') io.stdout.write(catalogJson(result));
  else writeCatalog(result, io, { table: false });
  return result.status;
}
