// `search_skills` ranks with the routing index, so a host can show a small listing and let the model
// find the rest. An exact name comes first.
import { cmp } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { RoutingIndex } from '../routing/search-index.js';
import { routingText } from '../routing/terms.js';

export interface SkillHit {
  readonly name: string;
  readonly description: string;
  readonly score: number;
}

export const SEARCH_MAX_RESULTS = 50;
/** Longer queries are cut, so a search stays bounded. */
export const SEARCH_MAX_QUERY = 256;

/** A server searches the same catalog many times: the last index is kept. */
let last: { readonly packages: readonly SkillPackage[]; readonly index: RoutingIndex } | undefined;

function indexOf(packages: readonly SkillPackage[]): RoutingIndex {
  if (last && last.packages.length === packages.length && last.packages.every((p, i) => p === packages[i]))
    return last.index;
  const index = RoutingIndex.build(packages.map(routingText));
  last = { packages: [...packages], index };
  return index;
}

/** The packages best matching `query`, best first; none when no word matches. */
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
