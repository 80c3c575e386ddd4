// Formats and fail-on levels apart from the writers, so a verb's start-up loads no writer until it writes a report.

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const FAIL_ON = ['error', 'warning'] as const;
export type FailOn = (typeof FAIL_ON)[number];
