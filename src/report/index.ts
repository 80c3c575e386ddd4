/**
 * Reports over findings: `--format text|json|sarif|junit|github` for every
 * task that reports findings. A task builds a `Report` (findings with paths,
 * rule metadata, the units checked) and `reportText` writes it; `json` stays
 * the task's own document, written by `jsonDocument`.
 */
import type { Severity } from '../model/diagnostics.js';
import { githubText } from './github.js';
import { junitText } from './junit.js';
import type { Report } from './model.js';
import { sarifText } from './sarif.js';

export { buildReport, reportLocation, shownPath, type Report, type ReportFinding, type ReportUnit } from './model.js';
export { gate, type GateOptions, type GateResult } from './gate.js';
export { FAIL_ON, REPORT_FORMATS, type FailOn, type ReportFormat } from './formats.js';
export { RULE_DESCRIPTIONS, ruleFor, type ReportRule } from './rules.js';
export { textReport } from './text.js';
export { jsonDocument } from './json.js';

/**
 * The document of a machine format; `failOn` decides which JUnit cases fail.
 *
 * @example io.stdout.write(reportText('sarif', report, 'error'))
 */
export function reportText(format: 'sarif' | 'junit' | 'github', report: Report, failOn: Severity = 'error'): string {
  return format === 'sarif' ? sarifText(report) : format === 'junit' ? junitText(report, failOn) : githubText(report);
}
