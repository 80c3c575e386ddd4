/**
 * Hand-built packages and a minimal in-memory Catalog for context tests, so
 * the pure stage is tested without discovery, parsing or sealing.
 */
import type { Catalog, Conflict } from '../../../src/model/catalog.js';
import { EMPTY_COMPOSITION, SCOPE_PRECEDENCE, type SkillPackage } from '../../../src/model/package.js';

export interface PkgInit {
  name: string;
  description?: string;
  scope?: string;
  precedence?: number;
  locator?: string;
  digest?: string;
  modelInvocable?: boolean;
  body?: string;
}

export function _pkg(init: PkgInit): SkillPackage {
  const scope = init.scope ?? 'project';
  const precedence = init.precedence ?? (SCOPE_PRECEDENCE as Record<string, number>)[scope] ?? 5;
  return {
    descriptor: {
      id: `${scope}/${init.name}`,
      name: init.name,
      description: init.description ?? `${init.name} description`,
      version: '0.0.0',
      metadata: {},
      allowedTools: [],
      modelInvocable: init.modelInvocable ?? true,
      source: {
        scope,
        precedence,
        root: `/roots/${scope}`,
        locator: init.locator ?? `/roots/${scope}/${init.name}/SKILL.md`,
      },
      digest: init.digest ?? `sha256:${init.name.padEnd(8, '0')}`,
    },
    body: init.body ?? `# ${init.name}\n\nBODY-SENTINEL-${init.name}\n`,
    bodyLine: 4,
    composition: EMPTY_COMPOSITION,
    frontmatter: { name: init.name },
    diagnostics: [],
  };
}

/** A catalog over `winners` (sorted by name) plus optional shadowed packages. */
export function _catalog(winners: SkillPackage[], conflicts: Conflict[] = [], shadowed: SkillPackage[] = []): Catalog {
  const skills = [...winners].sort((a, b) =>
    a.descriptor.name < b.descriptor.name ? -1 : a.descriptor.name > b.descriptor.name ? 1 : 0,
  );
  const all = [...skills, ...shadowed];
  const catalog: Catalog = {
    digest: 'sha256:test',
    skills,
    conflicts,
    diagnostics: [],
    get: (name) => skills.find((p) => p.descriptor.name === name),
    getScoped: (scope, name) => all.find((p) => p.descriptor.source.scope === scope && p.descriptor.name === name),
    excluding: (locators) => {
      const gone = new Set(locators);
      return _catalog(
        skills.filter((p) => !gone.has(p.descriptor.source.locator)),
        conflicts.filter((c) => !gone.has(c.selected)),
        shadowed.filter((p) => !gone.has(p.descriptor.source.locator)),
      );
    },
  };
  return catalog;
}
