import type { CatalogFromFlags } from './catalog-request.js';
import { paint, useColor, type CliIo } from './io.js';
import { cutToWidth, displayWidth, padEndWidth, terminalWidth } from './width.js';

/** One row per skill at stdout's width; a long name takes its room from its own row's description. */
export function renderRows(result: CatalogFromFlags, io: CliIo, options: { table: boolean }): string {
  const color = useColor(io, 'stdout');
  const width = terminalWidth(io.stdout);
  const out: string[] = [];
  const rows = result.catalog.skills.map(
    (p) => [p.descriptor.source.scope, p.descriptor.name, p.descriptor.description] as const,
  );
  if (rows.length === 0) {
    out.push('No skills found.');
  } else if (options.table) {
    const scopeW = columnWidth(
      rows.map((r) => displayWidth(r[0])),
      5,
      12,
    );
    const nameMax = Math.max(12, Math.floor((width - scopeW - 4) * 0.4));
    const nameW = columnWidth(
      rows.map((r) => displayWidth(r[1])),
      4,
      nameMax,
    );
    out.push(paint(color, 'bold', `${'SCOPE'.padEnd(scopeW)}  ${'NAME'.padEnd(nameW)}  DESCRIPTION`));
    for (const [scope, name, description] of rows) {
      // Only a name wider than the whole row is cut: the table is for reading, --json for the exact text.
      const shownName = padEndWidth(cutToWidth(name, width - scopeW - 2), nameW);
      const left = `${padEndWidth(cutToWidth(scope, scopeW), scopeW)}  ${shownName}  `;
      out.push(`${left}${cutToWidth(description, width - displayWidth(left))}`.trimEnd());
    }
  } else {
    for (const [scope, name, description] of rows) {
      const room = width - displayWidth(name) - displayWidth(scope) - 4;
      out.push(
        `${paint(color, 'bold', name)} ${paint(color, 'dim', `(${scope})`)} ${cutToWidth(description, room)}`.trimEnd(),
      );
    }
  }
  return `${out.join('\n')}\n`;
}

function columnWidth(cells: readonly number[], min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.max(...cells)));
}
