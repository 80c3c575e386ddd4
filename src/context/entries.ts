// Renderers and the budget work on these rows, never on bodies.
import type { Catalog, Conflict } from '../model/catalog.js';
import { cmp } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { foldDescription } from './text.js';

/** What a context is built from: a sealed catalog, or packages in the order to show them. */
export type ContextSource = Catalog | readonly SkillPackage[];

/** One listed skill. `description` is folded; `shortened` is set by the budget. */
export interface ContextEntry {
  readonly name: string;
  readonly description: string;
  /** Where the model finds the SKILL.md (the locator, or a workspace path in lazy mode). */
  readonly location: string;
  readonly digest: string;
  readonly scope: string;
  readonly precedence: number;
  readonly shortened: boolean;
}

export type LocationFn = (pkg: SkillPackage) => string;

/** The location a lazily staged skill will have: `<workspace>/<name>/SKILL.md` (POSIX). */
export function workspaceLocation(workspace: string): LocationFn {
  const base = workspace.replace(/\\/g, '/').replace(/\/+$/, '');
  return (pkg) => `${base === '' ? '' : `${base}/`}${pkg.descriptor.name}/SKILL.md`;
}

/** The packages of a source, in display order (a catalog's order is by name). */
export function sourcePackages(source: ContextSource): readonly SkillPackage[] {
  return isPackageList(source) ? source : source.skills;
}

/** The conflicts of a source (a plain package list has none). */
export function sourceConflicts(source: ContextSource): readonly Conflict[] {
  return isPackageList(source) ? [] : source.conflicts;
}

function isPackageList(source: ContextSource): source is readonly SkillPackage[] {
  return Array.isArray(source);
}

/** Rows for every model-invocable package, in the source's order. */
export function contextEntries(source: ContextSource, location?: LocationFn): ContextEntry[] {
  const where = location ?? ((pkg: SkillPackage) => pkg.descriptor.source.locator);
  const rows: ContextEntry[] = [];
  for (const pkg of sourcePackages(source)) {
    const d = pkg.descriptor;
    if (!d.modelInvocable) continue;
    rows.push({
      name: d.name,
      description: foldDescription(d.description),
      location: where(pkg),
      digest: d.digest,
      scope: d.source.scope,
      precedence: d.source.precedence,
      shortened: false,
    });
  }
  return rows;
}

/** Conflicts of listed names only, so a hidden or omitted skill is not revealed through its shadowed copies. */
export function visibleConflicts(conflicts: readonly Conflict[], entries: readonly ContextEntry[]): Conflict[] {
  const listed = new Set(entries.map((e) => e.name));
  return conflicts.filter((c) => listed.has(c.name)).sort((a, b) => cmp(a.name, b.name) || cmp(a.shadowed, b.shadowed));
}

const WELL_KNOWN_RANK: Readonly<Record<string, number>> = Object.freeze({ local: 0, project: 1, global: 2 });

/** Budget priority, most important first: scope rank, then name, then scope. Total and deterministic. */
export function comparePriority(a: ContextEntry, b: ContextEntry): number {
  const ra = WELL_KNOWN_RANK[a.scope] ?? 3;
  const rb = WELL_KNOWN_RANK[b.scope] ?? 3;
  if (ra !== rb) return ra - rb;
  if (ra === 3 && a.precedence !== b.precedence) return b.precedence - a.precedence;
  return cmp(a.name, b.name) || cmp(a.scope, b.scope) || cmp(a.location, b.location);
}
