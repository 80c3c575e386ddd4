// Apart from the verbs, so they import the report writers only when they write a machine report.
import type { CatalogLoad } from '../tasks/catalog-load.js';
import { catalogJson } from '../tasks/catalog-document.js';
import { catalogReport, type CatalogRun } from '../tasks/catalog.js';
import { reportText, type ReportFormat } from '../report/index.js';
import type { CliIo } from './io.js';
import { writeReportOutputs, type MergeAsk } from './report-output.js';
import { renderRows } from './catalog-rows.js';
import { writeCatalog } from './catalog-text.js';

export function catalogReportText(format: 'sarif' | 'junit' | 'github', result: CatalogLoad, cwd: string): string {
  return reportText(format, catalogReport(result, cwd));
}

/** The stdout format (text: table on stdout, notes on stderr), then each `--output` file (no colour, 80 columns). */
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
