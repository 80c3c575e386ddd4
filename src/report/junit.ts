// One JUnit case per checked unit (a skill); findings about no unit get a case named after their file.
import type { Severity } from '../model/diagnostics.js';
import type { Report, ReportFinding } from './model.js';
import { shownPath } from './model.js';

// XML 1.0 allows no C0 control but tab, LF and CR, no lone surrogate and no U+FFFE/U+FFFF, even escaped.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe in XML; in an attribute also quotes and white space (which attributes would normalise). */
export function xmlText(text: string, attribute = true): string {
  const body = text
    .replace(NOT_XML, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  if (!attribute) return body;
  return body
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

const RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** The JUnit XML of `report`; a case fails on a finding at `failOn` or worse. */
export function junitText(report: Report, failOn: Severity = 'error'): string {
  const byFile = new Map<string, ReportFinding[]>();
  for (const f of report.findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const cases: { name: string; file: string; findings: readonly ReportFinding[] }[] = report.units.map((u) => ({
    name: u.name,
    file: u.file,
    findings: byFile.get(u.file) ?? [],
  }));
  const covered = new Set(report.units.map((u) => u.file));
  for (const [file, findings] of byFile)
    if (!covered.has(file)) cases.push({ name: shownPath(file, report.root), file, findings });
  let failures = 0;
  const names = uniqueNames(cases.map((c) => ({ name: c.name, file: shownPath(c.file, report.root) })));
  const body = cases.map((c, i) => {
    const file = shownPath(c.file, report.root);
    const open = `    <testcase classname="${xmlText(report.suite.replace(/\s+/g, '.'))}" name="${xmlText(names[i]!)}" file="${xmlText(file)}"`;
    if (c.findings.length === 0) return `${open}/>`;
    const lines = c.findings
      .map(
        (f) =>
          `${file}${f.line > 0 ? `:${f.line}:${f.column}` : ''} ${f.severity} ${f.code} ${f.message}\n  hint: ${f.hint}`,
      )
      .join('\n');
    const failing = c.findings.filter((f) => RANK[f.severity] <= RANK[failOn]);
    if (failing.length === 0)
      return `${open}>\n      <system-out>${xmlText(lines, false)}</system-out>\n    </testcase>`;
    failures++;
    const errors = c.findings.filter((f) => f.severity === 'error').length;
    const message = `${errors} error${errors === 1 ? '' : 's'}, ${c.findings.length - errors} other finding${c.findings.length - errors === 1 ? '' : 's'}`;
    return `${open}>\n      <failure type="${xmlText(failing[0]!.code)}" message="${xmlText(message)}">${xmlText(lines, false)}</failure>\n    </testcase>`;
  });
  const counts = `tests="${cases.length}" failures="${failures}" errors="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(report.suite)}" ${counts}>`,
    `  <testsuite name="${xmlText(report.suite)}" ${counts} skipped="0">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

// CI systems merge or drop cases of one name: a shared name becomes the file path, then gets a number.
function uniqueNames(cases: readonly { readonly name: string; readonly file: string }[]): string[] {
  const count = (names: readonly string[]): Map<string, number> =>
    names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
  const byName = count(cases.map((c) => c.name));
  const named = cases.map((c) => (byName.get(c.name)! > 1 ? c.file : c.name));
  const byPath = count(named);
  const seen = new Map<string, number>();
  return named.map((n) => {
    if (byPath.get(n)! === 1) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return `${n} (${k})`;
  });
}
