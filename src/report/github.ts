/**
 * GitHub Actions workflow commands: one `::error`, `::warning` or `::notice`
 * line per finding, with file, line, column and the code as title, which
 * the runner shows as annotations on the pull request.
 */
import type { Report } from './model.js';
import { shownPath } from './model.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Escapes for a command's message: `%`, CR and LF (so no text ends the command early). */
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes for a property value: those of `data` and `:` and `,`. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * The annotation lines of `report`.
 *
 * @example githubText(report) // '::error file=skills/x/SKILL.md,line=3,col=7,title=name.charset::…\n'
 */
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
