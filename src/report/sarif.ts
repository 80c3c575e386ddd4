// SARIF 2.1.0 as GitHub code scanning takes it.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { VERSION } from '../model/version.js';
import { jsonControlsEscaped } from './json.js';
import { reportLocation, type Report, type ReportFinding } from './model.js';

export const TOOL_URI = 'https://www.npmjs.com/package/skillgraph';

/** GitHub code scanning keeps at most this many results of one run. */
export const MAX_SARIF_RESULTS = 25_000;

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

// SARIF rule names are identifiers: `name.directory-mismatch` → `NameDirectoryMismatch`.
function ruleName(code: string): string {
  return code
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function fingerprint(f: ReportFinding, uri: string): string {
  // Not the line: a finding keeps its identity when lines above it move.
  return createHash('sha256').update(`${f.code}\0${uri}\0${f.message}`).digest('hex').slice(0, 32);
}

/** The SARIF log of `report` as JSON text. */
export function sarifText(report: Report): string {
  const ruleIndex = new Map(report.rules.map((r, i) => [r.code, i]));
  const kept =
    report.findings.length > MAX_SARIF_RESULTS
      ? [...report.findings].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_SARIF_RESULTS)
      : report.findings;
  const results = kept.map((f) => {
    const loc = reportLocation(f.file, report.root);
    // Line 0 (a whole file) points at line 1: code scanning and the SARIF validator want a region.
    const region = {
      region: f.line > 0 ? { startLine: f.line, ...(f.column > 0 ? { startColumn: f.column } : {}) } : { startLine: 1 },
    };
    return {
      ruleId: f.code,
      ...(ruleIndex.has(f.code) ? { ruleIndex: ruleIndex.get(f.code)! } : {}),
      level: LEVEL[f.severity],
      message: { text: f.hint ? `${sentence(f.message)} ${sentence(f.hint)}` : sentence(f.message) },
      locations: [{ physicalLocation: { artifactLocation: loc, ...region } }],
      ...(f.flow && f.flow.source_line !== f.line
        ? {
            relatedLocations: [
              {
                id: 1,
                message: {
                  text: `Source of the value${f.flow.path.length ? ` (through ${f.flow.path.join(' → ')})` : ''}.`,
                },
                physicalLocation: { artifactLocation: loc, region: { startLine: f.flow.source_line } },
              },
            ],
          }
        : {}),
      partialFingerprints: { 'skillgraph/v1': fingerprint(f, loc.uri) },
    };
  });
  const dropped = report.findings.length - kept.length;
  const log = {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'skillgraph',
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: TOOL_URI,
            rules: report.rules.map((r) => ({
              id: r.code,
              name: ruleName(r.code),
              shortDescription: { text: sentence(r.description) },
              fullDescription: { text: sentence(r.description) },
              help: { text: sentence(r.help), ...(r.help_markdown ? { markdown: r.help_markdown } : {}) },
              ...(r.help_uri ? { helpUri: r.help_uri } : {}),
              defaultConfiguration: { level: LEVEL[r.level] },
              ...(r.security_severity || r.tags
                ? {
                    properties: {
                      ...(r.tags ? { tags: [...r.tags] } : {}),
                      ...(r.security_severity ? { 'security-severity': r.security_severity } : {}),
                    },
                  }
                : {}),
            })),
          },
        },
        invocations: [{ executionSuccessful: true, ...notifications(report, dropped) }],
        originalUriBaseIds: {
          SRCROOT: { uri: pathToFileURL(report.root.endsWith('/') ? report.root : `${report.root}/`).href },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${jsonControlsEscaped(JSON.stringify(log, null, 2))}\n`;
}

function notifications(report: Report, dropped: number): { toolExecutionNotifications?: object[] } {
  const list: object[] = (report.notes ?? []).map((n) => ({
    level: LEVEL[n.level],
    message: { text: sentence(n.message) },
  }));
  if (dropped > 0)
    list.push({
      level: 'warning',
      message: {
        text: `${dropped} results left out: code scanning keeps ${MAX_SARIF_RESULTS} per run (errors were kept first).`,
      },
    });
  return list.length > 0 ? { toolExecutionNotifications: list } : {};
}

function rank(f: ReportFinding): number {
  return f.severity === 'error' ? 0 : f.severity === 'warning' ? 1 : 2;
}
