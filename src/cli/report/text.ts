/**
 * The human report: each finding with its place, the source line and a
 * caret under the column when the source is at hand, and the hint.
 */
import { paint } from '../io.js';
import type { Report, ReportFinding } from './model.js';
import { shownPath } from './model.js';

const SEVERITY_STYLE = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

/** Source lines longer than this are cut in the excerpt. */
const EXCERPT_WIDTH = 160;

/**
 * The text of `report` ('' when it has no finding); `source(file)` gives a file's lines for excerpts.
 *
 * @example io.stdout.write(textReport(report, false, (file) => sources.get(file)))
 */
export function textReport(report: Report, color: boolean, source: (file: string) => readonly string[] | undefined = () => undefined): string {
  const out: string[] = [];
  for (const f of report.findings) out.push(...findingLines(f, shownPath(f.file, report.root), source(f.file), color));
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

function findingLines(d: ReportFinding, file: string, lines: readonly string[] | undefined, color: boolean): string[] {
  const rows = [`${file}:${d.line}:${d.column} ${paint(color, SEVERITY_STYLE[d.severity], d.severity)} ${paint(color, 'bold', d.code)} ${d.message}`];
  const text = d.line > 0 ? lines?.[d.line - 1]?.replace(/\r$/, '').replace(/^\uFEFF/, '') : undefined;
  if (text !== undefined) {
    const gutter = `${d.line} | `;
    rows.push(`  ${gutter}${text.length > EXCERPT_WIDTH ? `${text.slice(0, EXCERPT_WIDTH - 3)}...` : text}`);
    const col = Math.max(1, Math.min(d.column, text.length + 1));
    const pad = text.slice(0, col - 1).replace(/[^\t]/g, ' ');
    rows.push(`  ${' '.repeat(gutter.length)}${pad}${paint(color, SEVERITY_STYLE[d.severity], '^')}`);
  }
  rows.push(`  ${paint(color, 'dim', `hint: ${d.hint}`)}`);
  return rows;
}
