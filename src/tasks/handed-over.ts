import type { Catalog } from '../model/catalog.js';
import { notHandedOver, type NotHandedOver } from './routing-io.js';
import { displayPath } from '../discover/paths.js';

/** JSON rows (snake_case) and one line per row for people. */
export interface HandedOverNotes {
  readonly json: readonly Record<string, unknown>[];
  readonly lines: readonly string[];
}

/** The skills `handed` use that are not handed over with them (or not installed at all). */
export function handedOverNotes(catalog: Catalog, handed: readonly string[], cwd: string): HandedOverNotes {
  const rows = notHandedOver(catalog, handed);
  return {
    json: rows.map((r) => ({
      skill: r.from,
      uses: r.to,
      kind: r.kind,
      catalogued: r.catalogued,
      file: r.file,
      line: r.line,
      column: r.column,
    })),
    lines: rows.map((r) => line(r, cwd)),
  };
}

function line(r: NotHandedOver, cwd: string): string {
  const at = `${r.kind} at ${displayPath(r.file, cwd)}:${r.line}:${r.column}`;
  return r.catalogued
    ? `${r.from} uses ${r.to} (${at}), not handed over with it`
    : `${r.from} links to the skill ${r.to} (${at}), which is not installed`;
}
