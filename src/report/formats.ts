/**
 * The report formats and fail-on levels as plain constants, apart from the
 * writers: a verb parses `--format` and `--fail-on` from here and imports the
 * writers (`index.ts`) only when it writes a machine report. Perf: the
 * catalog verb's start-up then loads no SARIF, JUnit or annotation code
 * (nine modules fewer before the walk begins).
 */

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const FAIL_ON = ['error', 'warning'] as const;
export type FailOn = (typeof FAIL_ON)[number];
