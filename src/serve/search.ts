/**
 * `search_skills`: a request ranked against the skills' routing text with the
 * routing index (BM25+ over name, description and `when_to_use`, the same
 * index the overlap check uses), so a host can keep the listing it shows the
 * model small and let the model find the rest. A skill named exactly as the
 * query comes first; then by score (a name word counts three description
 * words; plural endings fold, the last word matches as a prefix, long words
 * with a typo); ties by name.
 */
import { cmp } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { RoutingIndex } from '../routing/search-index.js';
import { routingText } from '../routing/terms.js';

export interface SkillHit {
  readonly name: string;
  readonly description: string;
  readonly score: number;
}

/** At most this many hits per search, whatever the caller asks. */
export const SEARCH_MAX_RESULTS = 50;
/** Longest query considered (longer text is cut, so a search stays bounded). */
export const SEARCH_MAX_QUERY = 256;

/** The last index built, and the packages it holds: a server searches the same catalog many times. */
let last: { readonly packages: readonly SkillPackage[]; readonly index: RoutingIndex } | undefined;

function indexOf(packages: readonly SkillPackage[]): RoutingIndex {
  if (last && last.packages.length === packages.length && last.packages.every((p, i) => p === packages[i]))
    return last.index;
  const index = RoutingIndex.build(packages.map(routingText));
  last = { packages: [...packages], index };
  return index;
}

/**
 * The packages best matching `query`, best first; none when no word matches.
 *
 * @example searchSkills(catalog.skills, 'pdf forms', 5).map((h) => h.name) // ['pdf-forms', 'pdf']
 */
export function searchSkills(packages: readonly SkillPackage[], query: string, limit = 10): SkillHit[] {
  const q = query.slice(0, SEARCH_MAX_QUERY);
  const max = Math.max(1, Math.min(limit, SEARCH_MAX_RESULTS));
  const exact = q.trim().toLowerCase();
  const hits = indexOf(packages)
    .search(q, Number.MAX_SAFE_INTEGER)
    .map((h) => ({ pkg: packages[h.doc]!, score: Math.round(h.score * 1000) / 1000 }));
  const rank = (pkg: SkillPackage): number => (pkg.descriptor.name.toLowerCase() === exact ? 0 : 1);
  hits.sort(
    (a, b) => rank(a.pkg) - rank(b.pkg) || b.score - a.score || cmp(a.pkg.descriptor.name, b.pkg.descriptor.name),
  );
  return hits
    .slice(0, max)
    .map((h) => ({ name: h.pkg.descriptor.name, description: h.pkg.descriptor.description, score: h.score }));
}
