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

/** The document of a machine format; `failOn` decides which JUnit cases fail. */
export function reportText(format: 'sarif' | 'junit' | 'github', report: Report, failOn: Severity = 'error'): string {
  return format === 'sarif' ? sarifText(report) : format === 'junit' ? junitText(report, failOn) : githubText(report);
}
