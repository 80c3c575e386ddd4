import type { Report } from './model.js';
import { shownPath } from './model.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

// `%`, CR and LF escaped, so no text ends the command early.
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation line per finding. */
export function githubText(report: Report): string {
  return report.findings
    .map((f) => {
      const where = [`file=${property(shownPath(f.file, report.root))}`];
      if (f.line > 0) where.push(`line=${f.line}`, ...(f.column > 0 ? [`col=${f.column}`] : []));
      where.push(`title=${property(f.code)}`);
      return `::${COMMAND[f.severity]} ${where.join(',')}::${data(f.hint ? `${f.message}\n${f.hint}` : f.message)}\n`;
    })
    .join('');
}
