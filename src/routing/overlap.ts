// `routing.overlap`: two skills that would win each other's requests. A rival's share of a skill's
// self score on its own terms (skill-reach's "rival ratio") measures it; common terms are left out.
import { cmp, type Diagnostic, type Severity } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { routingDiagnostic } from './messages.js';
import { directedRatios } from './rivals.js';
import { RoutingIndex } from './search-index.js';
import { routingText, type RoutingText } from './terms.js';

/** A skill as the overlap check sees it. */
export interface RoutingSkill {
  readonly name: string;
  readonly routing: RoutingText;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  /** Copies with the same digest are one skill (an empty digest is none). */
  readonly digest?: string;
}

export interface OverlapOptions {
  /** Lowest pair score reported, in (0, 1]. */
  readonly threshold?: number;
  readonly severity?: Severity | 'off';
  /** Terms in more than this share of the skills take no part (at least 100 skills). */
  readonly commonFraction?: number;
}

export interface OverlapPair {
  readonly a: RoutingSkill;
  readonly b: RoutingSkill;
  /** The lower of the two directed ratios, rounded to 2 decimals. */
  readonly score: number;
  readonly terms: readonly string[];
}

export interface OverlapResult {
  readonly pairs: readonly OverlapPair[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Calibrated on the public corpus: see docs/routing.md. */
export const DEFAULT_OVERLAP_THRESHOLD = 0.6;
export const DEFAULT_OPTIONS = Object.freeze({
  threshold: DEFAULT_OVERLAP_THRESHOLD,
  severity: 'warning' as Severity | 'off',
  commonFraction: 0.05,
});
const MIN_COMMON_DF = 100;
const SHOWN_TERMS = 5;

export function routingSkill(pkg: SkillPackage, file = pkg.descriptor.source.locator): RoutingSkill {
  return { name: pkg.descriptor.name, routing: routingText(pkg), file, digest: pkg.descriptor.digest };
}

/** The pairs of skills whose routing texts compete, with a `routing.overlap` finding for each. */
export function findOverlaps(
  skills: readonly (SkillPackage | RoutingSkill)[],
  options: OverlapOptions = {},
): OverlapResult {
  const o = { ...DEFAULT_OPTIONS, ...options };
  if (o.severity === 'off' || skills.length < 2) return { pairs: [], diagnostics: [] };
  const items = skills
    .map((s) => ('descriptor' in s ? routingSkill(s) : s))
    .sort((x, y) => cmp(x.name, y.name) || cmp(x.file, y.file));
  const index = RoutingIndex.build(items.map((s) => s.routing));
  const common = Math.max(MIN_COMMON_DF, Math.ceil(items.length * o.commonFraction));
  const pairs: OverlapPair[] = [];
  // Scores are rounded to 2 decimals, so half a hundredth under the threshold still reaches it.
  const floor = o.threshold - 0.005;
  for (const [key, value] of directedRatios(index, common, floor, (i, j) => sameSkill(items[i]!, items[j]!))) {
    // negative: one direction only, not mutual
    if (value < 0) continue;
    const score = Math.round(value * 100) / 100;
    if (score < o.threshold) continue;
    const i = Math.floor(key / index.size);
    const j = key % index.size;
    pairs.push({ a: items[i]!, b: items[j]!, score, terms: sharedTerms(index, i, j, common) });
  }
  pairs.sort(
    (x, y) => cmp(x.a.name, y.a.name) || cmp(x.b.name, y.b.name) || cmp(x.a.file, y.a.file) || cmp(x.b.file, y.b.file),
  );
  return { pairs, diagnostics: pairs.map((p) => overlapDiagnostic(p, o.severity as Severity)) };
}

function sharedTerms(index: RoutingIndex, i: number, j: number, common: number): string[] {
  const mine = new Map<number, number>();
  for (let k = index.docStart[i]!; k < index.docStart[i + 1]!; k++) mine.set(index.docTerm[k]!, index.docWeight[k]!);
  const both: [number, number][] = [];
  for (let k = index.docStart[j]!; k < index.docStart[j + 1]!; k++) {
    const t = index.docTerm[k]!;
    const w = mine.get(t);
    if (w !== undefined && index.df(t) <= common) both.push([t, Math.round((w + index.docWeight[k]!) * 1e6)]);
  }
  const words = index.vocabulary;
  return both
    .sort((x, y) => y[1] - x[1] || cmp(words[x[0]]!, words[y[0]]!))
    .slice(0, SHOWN_TERMS)
    .map(([t]) => words[t]!);
}

/** Same name or digest: copies of one skill (shadowed, or installed twice), not rivals. */
function sameSkill(x: RoutingSkill, y: RoutingSkill): boolean {
  return x.name === y.name || (!!x.digest && x.digest === y.digest);
}

function overlapDiagnostic(p: OverlapPair, severity: Severity): Diagnostic {
  const args = {
    name: p.a.name,
    other: p.b.name,
    otherFile: p.b.file,
    score: p.score.toFixed(2),
    terms: p.terms.join(', '),
  };
  return { ...routingDiagnostic('routing.overlap', p.a.file, args, p.a.line ?? 0, p.a.column ?? 0), severity };
}
