/**
 * What `materialize` and `load` say about the skills they hand over: each
 * link or mention of a skill that was not handed over with it (or that is
 * not installed at all), as a note on stderr and in the JSON document.
 */
import type { Catalog } from '../model/catalog.js';
import { notHandedOver, type NotHandedOver } from './routing-io.js';
import { displayPath } from '../discover/paths.js';

/** The notes of a hand-over: JSON rows (snake_case) and one line per row for people. */
export interface HandedOverNotes {
  readonly json: readonly Record<string, unknown>[];
  readonly lines: readonly string[];
}

/**
 * The skills `handed` use that are not handed over with them.
 *
 * @example handedOverNotes(catalog, ['release'], io.cwd).lines // ['release uses ship-it (link at …:12:5), not handed over with it']
 */
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
