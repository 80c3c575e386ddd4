/**
 * The catalog's findings as a report (`catalog`/`list --format
 * sarif|junit|github`). Apart from the verb, so the verb imports the report
 * writers only when it writes a machine report.
 */
import { posix } from 'node:path';
import { catalogFindings, type CatalogFromFlags } from './catalog-request.js';
import { EXIT } from './exit.js';
import type { CliIo } from './io.js';
import type { MergeAsk } from '../tasks/merge-validate.js';
import { buildReport, gate, reportText, shownPath, type Report, type ReportFormat } from '../report/index.js';
import { writeReportOutputs } from './report-output.js';
import { renderRows } from './catalog-rows.js';
import { catalogJson, catalogStatus, writeCatalog } from './verbs/catalog.js';

/**
 * The catalog's findings as a report: one unit per catalogued skill, files relative to `cwd`.
 *
 * @example reportText('sarif', catalogReport(await lazyCatalogFromFlags(values, io, 'catalog'), io.cwd))
 */
export function catalogReport(result: CatalogFromFlags, cwd: string): Report {
  return buildReport({
    suite: 'skillgraph catalog',
    root: cwd,
    findings: catalogFindings(result),
    // A test case is named by the skill's folder: names repeat across scopes, paths do not.
    units: result.catalog.skills.map((p) => {
      const file = p.descriptor.source.locator;
      return { name: shownPath(posix.dirname(file), cwd), file };
    }),
  });
}

/**
 * The document of a machine format for the catalog's findings.
 *
 * @example io.stdout.write(catalogReportText('sarif', result, io.cwd))
 */
export function catalogReportText(format: 'sarif' | 'junit' | 'github', result: CatalogFromFlags, cwd: string): string {
  return reportText(format, catalogReport(result, cwd));
}

/**
 * A catalog's output in every format `ask` names: the stdout one (text: the table on stdout and
 * the notes on stderr, as `catalog` prints them), then each `--output` file (text without
 * colour, at 80 columns). The status is the catalog's, or the gate's when one is asked for.
 *
 * @example return writeCatalogReports(io, result, { format: 'sarif', outputs: [] })
 */
export function writeCatalogReports(io: CliIo, result: CatalogFromFlags, ask: MergeAsk): number {
  const plain: CliIo = { ...io, stdout: { write: () => true }, env: { NO_COLOR: '1' } };
  const render = (format: ReportFormat, out: CliIo): string =>
    format === 'json'
      ? catalogJson(result)
      : format === 'text'
        ? renderRows(result, out, { table: true })
        : catalogReportText(format, result, io.cwd);
  writeReportOutputs(io, ask.outputs, (format) => render(format, plain));
  if (ask.format === 'text') writeCatalog(result, io, { table: true });
  else io.stdout.write(render(ask.format, io));
  const status = catalogStatus(result.catalog, result.walk);
  if (ask.failOn === undefined && ask.maxWarnings === undefined) return status;
  const limit = ask.maxWarnings !== undefined ? { maxWarnings: ask.maxWarnings } : {};
  const verdict = gate(result.catalog.diagnostics, { failOn: ask.failOn ?? 'error', ...limit });
  return verdict.passed ? status : EXIT.findings;
}
