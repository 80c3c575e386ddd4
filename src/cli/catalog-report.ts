/**
 * The catalog's findings as a report (`catalog`/`list --format
 * sarif|junit|github`). Apart from the verb, so the verb imports the report
 * writers only when it writes a machine report.
 */
import { catalogFindings, type CatalogFromFlags } from './catalog-request.js';
import { buildReport, reportText, type Report } from './report/index.js';

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
    units: result.catalog.skills.map((p) => ({ name: p.descriptor.id, file: p.descriptor.source.locator })),
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
