import { paint } from './style.js';
import { charWidth, cutAround, DEFAULT_COLUMNS } from '../model/width.js';
import type { Report, ReportFinding } from './model.js';
import { shownPath } from './model.js';

const SEVERITY_STYLE = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

/** The human report ('' with no finding): place, source excerpt cut to `width` with a caret, and the hint. */
export function textReport(
  report: Report,
  color: boolean,
  source: (file: string) => readonly string[] | undefined = () => undefined,
  width: number = DEFAULT_COLUMNS,
): string {
  const out: string[] = [];
  for (const f of report.findings)
    out.push(...findingLines(f, shownPath(f.file, report.root), source(f.file), color, width));
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

function findingLines(
  d: ReportFinding,
  file: string,
  lines: readonly string[] | undefined,
  color: boolean,
  width: number,
): string[] {
  const rows = [
    `${file}:${d.line}:${d.column} ${paint(color, SEVERITY_STYLE[d.severity], d.severity)} ${paint(color, 'bold', d.code)} ${d.message}`,
  ];
  const text = d.line > 0 ? lines?.[d.line - 1]?.replace(/\r$/, '').replace(/^\uFEFF/, '') : undefined;
  if (text !== undefined) {
    const gutter = `${d.line} | `;
    const shown = cutAround(
      text,
      Math.max(1, Math.min(d.column, text.length + 1)),
      Math.max(20, width - 2 - gutter.length),
    );
    rows.push(`  ${gutter}${shown.text}`);
    rows.push(
      `  ${' '.repeat(gutter.length)}${padUnder(shown.text.slice(0, shown.column - 1))}${paint(color, SEVERITY_STYLE[d.severity], '^')}`,
    );
  }
  rows.push(`  ${paint(color, 'dim', `hint: ${d.hint}`)}`);
  return rows;
}

/** Blank space as wide as `text` on a terminal: tabs kept, a wide character two spaces. */
function padUnder(text: string): string {
  let pad = '';
  for (const ch of text) pad += ch === '\t' ? '\t' : ' '.repeat(charWidth(ch.codePointAt(0)!));
  return pad;
}
