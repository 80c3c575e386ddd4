/**
 * `search_skills`: a query over names and descriptions, ranked, so a host
 * can keep the listing it shows the model small and let the model find the
 * rest (pure). Scoring, highest first: the exact name, the name containing
 * the query, then per query word a match in the name (worth more) or the
 * description (a whole word worth more than a part); ties by name.
 */
import { cmp } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';

export interface SkillHit {
  readonly name: string;
  readonly description: string;
  readonly score: number;
}

/** At most this many hits per search, whatever the caller asks. */
export const SEARCH_MAX_RESULTS = 50;
/** Longest query considered (longer text is cut, so a search stays bounded). */
export const SEARCH_MAX_QUERY = 256;

/**
 * The packages best matching `query`, best first; none when no word matches.
 *
 * @example searchSkills(catalog.skills, 'pdf forms', 5).map((h) => h.name) // ['pdf-forms', 'pdf']
 */
export function searchSkills(packages: readonly SkillPackage[], query: string, limit = 10): SkillHit[] {
  const q = query.slice(0, SEARCH_MAX_QUERY).toLowerCase().trim();
  const words = [...new Set(q.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0))];
  if (words.length === 0) return [];
  const hits: SkillHit[] = [];
  for (const pkg of packages) {
    const name = pkg.descriptor.name.toLowerCase();
    const description = pkg.descriptor.description.toLowerCase();
    const descWords = new Set(description.split(/[^\p{L}\p{N}]+/u));
    let score = name === q ? 100 : name.includes(q) ? 40 : 0;
    for (const w of words) {
      if (name.split('-').includes(w)) score += 12;
      else if (name.includes(w)) score += 6;
      if (descWords.has(w)) score += 4;
      else if (w.length >= 3 && description.includes(w)) score += 1;
    }
    if (score > 0) hits.push({ name: pkg.descriptor.name, description: pkg.descriptor.description, score });
  }
  hits.sort((a, b) => b.score - a.score || cmp(a.name, b.name));
  return hits.slice(0, Math.max(1, Math.min(limit, SEARCH_MAX_RESULTS)));
}
