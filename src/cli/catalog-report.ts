/**
 * The catalog's findings as a machine report (`catalog`/`list --format
 * sarif|junit|github`, `merge` of catalog shards). Apart from the verbs, so
 * they import the report writers only when they write a machine report.
 */
import type { CatalogLoad } from '../tasks/catalog-load.js';
import { catalogJson } from '../tasks/catalog-document.js';
import { catalogReport, type CatalogRun } from '../tasks/catalog.js';
import { reportText, type ReportFormat } from '../report/index.js';
import type { CliIo } from './io.js';
import { writeReportOutputs, type MergeAsk } from './report-output.js';
import { renderRows } from './catalog-rows.js';
import { writeCatalog } from './catalog-text.js';

/**
 * The document of a machine format for the catalog's findings.
 *
 * @example io.stdout.write(catalogReportText('sarif', result, io.cwd))
 */
export function catalogReportText(format: 'sarif' | 'junit' | 'github', result: CatalogLoad, cwd: string): string {
  return reportText(format, catalogReport(result, cwd));
}

/**
 * A catalog's output in every format `ask` names: the stdout one (text: the table on stdout and
 * the notes on stderr, as `catalog` prints them), then each `--output` file (text without
 * colour, at 80 columns).
 *
 * @example writeCatalogReports(io, run, { format: 'sarif', outputs: [] })
 */
export function writeCatalogReports(io: CliIo, result: CatalogRun, ask: MergeAsk): void {
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
}
