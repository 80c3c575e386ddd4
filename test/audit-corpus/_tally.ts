/**
 * Detection figures of an audit run over the corpus: per class, malicious
 * cases caught at error, at warning only, or missed, and benign cases
 * flagged at error (false positives) or warning; and the table printed by
 * the report script and by the detection test when a target is missed.
 */
import { CLASSES, type CaseResult, type ThreatClass } from './_corpus.js';

export interface ClassRow {
  readonly cls: ThreatClass | 'total';
  readonly malicious: number;
  readonly atError: number;
  readonly atWarning: number;
  readonly missed: number;
  readonly benign: number;
  readonly benignError: number;
  readonly benignWarning: number;
}

function row(cls: ClassRow['cls'], results: readonly CaseResult[]): ClassRow {
  const mal = results.filter((r) => r.label === 'malicious');
  const ben = results.filter((r) => r.label === 'benign');
  return {
    cls,
    malicious: mal.length,
    atError: mal.filter((r) => r.got === 'error').length,
    atWarning: mal.filter((r) => r.got === 'warning').length,
    missed: mal.filter((r) => r.got === 'quiet').length,
    benign: ben.length,
    benignError: ben.filter((r) => r.got === 'error').length,
    benignWarning: ben.filter((r) => r.got === 'warning').length,
  };
}

/** One row per class, then the total. */
export function tally(results: readonly CaseResult[]): ClassRow[] {
  return [
    ...CLASSES.map((c) =>
      row(
        c,
        results.filter((r) => r.cls === c),
      ),
    ),
    row('total', results),
  ];
}

/** `part / whole` as a percentage with one decimal; `-` for an empty whole. */
export function pct(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** Share of a row's malicious cases flagged at warning or error (1 when there are none). */
export function flaggedRate(r: ClassRow): number {
  return r.malicious === 0 ? 1 : (r.atError + r.atWarning) / r.malicious;
}

const HEAD = ['class', 'mal', 'error', 'warn', 'missed', 'flagged', 'benign', 'FP err', 'warn'];
const WIDTH = [22, 4, 6, 5, 7, 8, 7, 7, 5];

/**
 * The per-class table, at most 80 columns wide.
 *
 * @example formatTable(tally(runCorpus())).split('\n')[0] // 'class                   mal  error …'
 */
export function formatTable(rows: readonly ClassRow[]): string {
  const line = (cells: readonly (string | number)[]): string =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(WIDTH[i]!) : String(c).padStart(WIDTH[i]!)))
      .join(' ')
      .trimEnd();
  const body = rows.map((r) =>
    line([
      r.cls,
      r.malicious,
      r.atError,
      r.atWarning,
      r.missed,
      pct(r.atError + r.atWarning, r.malicious),
      r.benign,
      r.benignError,
      r.benignWarning,
    ]),
  );
  const rule = '-'.repeat(line(HEAD).length);
  return [line(HEAD), rule, ...body.slice(0, -1), rule, body.at(-1)!].join('\n');
}

/** Ids of the results matching `pick`, for assertion messages a rule writer can act on. */
export function ids(results: readonly CaseResult[], pick: (r: CaseResult) => boolean): string[] {
  return results.filter(pick).map((r) => `${r.cls}/${r.id} (${r.findings.join(', ') || 'no finding'})`);
}
