import type { Diagnostic } from '../model/diagnostics.js';
import type { SkillDependencies } from '../model/package.js';
import { NOT_CATALOGUED_REASONS, REASON_WORDS } from '../discover/account.js';
import { displayPath } from '../discover/paths.js';
import type { WalkReport } from '../engine/plan.js';
import { catalogFindings, type CatalogLoad } from '../tasks/catalog-load.js';
import { renderRows } from './catalog-rows.js';
import { note, paint, useColor, type CliIo } from './io.js';

/** Human output of `catalog` (table) and `list`: rows on stdout; summary, conflicts and findings on stderr. */
export function writeCatalog(result: CatalogLoad, io: CliIo, options: { table: boolean }): void {
  io.stdout.write(renderRows(result, io, options));
  note(io, renderNotes(result, io, options));
}

export function renderNotes(result: CatalogLoad, io: CliIo, options: { table: boolean }): string {
  const { catalog, stats } = result;
  const color = useColor(io);
  // A blank line parts the rows (stdout) from the notes on a terminal, where both show.
  const out: string[] = [''];
  const shadowed = catalog.conflicts.length;
  out.push(
    `${catalog.skills.length} skill(s) from ${stats.roots.searched} root(s)` +
      (shadowed ? `, ${shadowed} shadowed` : '') +
      (stats.roots.missing.length ? `, ${stats.roots.missing.length} root(s) missing` : '') +
      ` · ${catalog.digest}`,
  );
  out.push(...completenessLines(result.walk, color));
  if (shadowed) {
    out.push('', paint(color, 'bold', 'Conflicts:'));
    for (const c of catalog.conflicts) {
      const note = c.identical ? ' (identical copy)' : '';
      out.push(
        options.table
          ? `  ${c.name}: ${displayPath(c.selected, io.cwd)} shadows ${displayPath(c.shadowed, io.cwd)}${note}`
          : `  ${c.name}: ${displayPath(c.shadowed, io.cwd)} shadowed${note}`,
      );
    }
  }
  out.push(...renderFindings(catalogFindings(result), io, color, options.table));
  return `${out.join('\n')}\n`;
}

function renderFindings(diagnostics: readonly Diagnostic[], io: CliIo, color: boolean, all: boolean): string[] {
  const shown = diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'catalog.conflict');
  if (shown.length === 0) return [];
  const errors = shown.filter((d) => d.severity === 'error').length;
  const out = ['', paint(color, 'bold', `Findings: ${errors} error(s), ${shown.length - errors} warning(s)`)];
  for (const d of all ? shown : shown.filter((x) => x.severity === 'error')) {
    const where = `${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''}`;
    out.push(
      `  ${paint(color, d.severity === 'error' ? 'red' : 'yellow', d.severity)}` +
        ` ${where} ${paint(color, 'dim', d.code)} ${d.message}`,
    );
  }
  return out;
}

/** What was not catalogued and why, and where the walk stopped. */
export function completenessLines(walk: Pick<WalkReport, 'complete' | 'limits' | 'files'>, color: boolean): string[] {
  const out: string[] = [];
  const f = walk.files;
  const reasons = NOT_CATALOGUED_REASONS.filter((r) => f.notCatalogued[r] > 0);
  const total = reasons.reduce((n, r) => n + f.notCatalogued[r], 0);
  if (total > 0)
    out.push(
      `${total} SKILL.md file(s) not catalogued: ` +
        `${reasons.map((r) => `${f.notCatalogued[r]} ${REASON_WORDS[r]}`).join(', ')}`,
    );
  if (!walk.complete) {
    const unsearched = walk.limits.reduce((n, l) => n + l.unsearched, 0);
    const limits = walk.limits.map((l) => `${l.root}: ${l.unsearched} folder(s) past ${l.flag} ${l.value}`).join('; ');
    out.push(
      paint(
        color,
        'red',
        `INCOMPLETE: the walk stopped at a limit, at least ${unsearched} folder(s) not searched (${limits}); ` +
          `raise the limit to search them`,
      ),
    );
  }
  return out;
}

export function errorLines(errors: readonly Diagnostic[], cwd: string, color: boolean): string[] {
  return errors.map(
    (d) =>
      `  ${paint(color, 'red', 'error')} ${displayPath(d.file, cwd)}${d.line ? `:${d.line}:${d.column}` : ''}` +
      ` ${paint(color, 'dim', d.code)} ${d.message}`,
  );
}

/** Declared dependencies in one line, or '' when both lists are empty. */
export function requirementsLine(deps: SkillDependencies): string {
  const parts: string[] = [];
  if (deps.tools.length) parts.push(`tools ${deps.tools.join(', ')}`);
  if (deps.mcp_servers.length) parts.push(`mcp servers ${deps.mcp_servers.join(', ')}`);
  return parts.join('; ');
}
