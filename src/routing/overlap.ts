/**
 * `routing.overlap`: two skills whose routing texts would win the same
 * requests. Each skill's own terms are a query against the routing index;
 * a rival's share of that query's self score (as skill-reach's "rival
 * ratio") says how strongly the rival answers the requests this skill was
 * written for. A pair overlaps when each answers the other's requests at
 * `threshold` or more of its own strength. Candidates come from the index
 * (the skills sharing a weighty term, see rivals.ts), never from all pairs; terms found in more
 * than `commonFraction` of the skills are the catalog's common subject, not
 * a request one skill is for, and are left out of every query.
 */
import { cmp, type Diagnostic, type Severity } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { routingDiagnostic } from './messages.js';
import { directedRatios } from './rivals.js';
import { RoutingIndex } from './search-index.js';
import { routingText, type RoutingText } from './terms.js';

/** A skill as the overlap check sees it; `findOverlaps` also takes packages. */
export interface RoutingSkill {
  readonly name: string;
  readonly routing: RoutingText;
  /** Where a finding about the skill points (its SKILL.md), and at what place. */
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  /** Copies with the same digest are one skill (an empty digest is none: validate seals nothing). */
  readonly digest?: string;
}

export interface OverlapOptions {
  /** Lowest pair score reported, in (0, 1] (default `DEFAULT_OVERLAP_THRESHOLD`). */
  readonly threshold?: number;
  /** Severity of `routing.overlap`, or `off` (default warning). */
  readonly severity?: Severity | 'off';
  /** Terms in more than this share of the skills take no part (default 0.05; at least 100 skills). */
  readonly commonFraction?: number;
}

/** Two skills that would win the same requests. */
export interface OverlapPair {
  /** The skill whose name sorts first, and the other. */
  readonly a: RoutingSkill;
  readonly b: RoutingSkill;
  /** The lower of the two directed ratios, rounded to 2 decimals. */
  readonly score: number;
  /** The shared terms that weigh most in both texts, at most 5. */
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

/**
 * The skill `pkg` as the overlap check sees it.
 *
 * @example routingSkill(pkg).routing.text
 */
export function routingSkill(pkg: SkillPackage, file = pkg.descriptor.source.locator): RoutingSkill {
  return { name: pkg.descriptor.name, routing: routingText(pkg), file, digest: pkg.descriptor.digest };
}

/**
 * The pairs of skills whose routing texts compete, sorted by name, and a `routing.overlap`
 * finding for each (on the first skill of the pair).
 *
 * @example findOverlaps(catalog.skills).pairs.map((p) => `${p.a.name} ~ ${p.b.name} ${p.score}`)
 */
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
  // Scores are rounded to 2 decimals: a ratio half a hundredth under the threshold still rounds up to it.
  const floor = o.threshold - 0.005;
  for (const [key, value] of directedRatios(index, common, floor, (i, j) => sameSkill(items[i]!, items[j]!))) {
    // A pair seen from one side only (negative) is not mutual.
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

/** The terms two documents share (the common ones left out), weightiest first, at most SHOWN_TERMS. */
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

/** Same name or same digest: copies of one skill (shadowed, or installed twice), not rivals. */
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
