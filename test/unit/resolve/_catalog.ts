/**
 * A tiny in-test catalog: hand-written skill specs → SkillPackages → a
 * Catalog with precedence by scope (local > project > global), without the
 * parse and catalog stages, so resolver tests depend on nothing else.
 */
import type { Catalog } from '../../../src/model/catalog.js';
import { SCOPE_PRECEDENCE, type SkillPackage, type ToolRef } from '../../../src/model/package.js';

export type ToolSpec = string | { name: string; writes?: boolean; description?: string };
export type IncludeSpecIn =
  string | { skill: string; overrides?: Record<string, { writes?: boolean; description?: string }> };

export interface SkillSpec {
  name: string;
  scope?: 'global' | 'project' | 'local';
  includes?: IncludeSpecIn[];
  tools?: ToolSpec[];
  inline?: { description: string; writes?: boolean; name?: string }[];
  mcp?: { server: string; tools: ToolSpec[] }[];
  agentSkills?: string[];
  dependencies?: { tools?: string[]; mcp_servers?: string[] };
}

const toolRef = (t: ToolSpec): ToolRef =>
  typeof t === 'string'
    ? { name: t, writes: false }
    : {
        name: t.name,
        writes: t.writes ?? false,
        ...(t.description === undefined ? {} : { description: t.description }),
      };

/** Build a package from a spec. */
export function makePackage(spec: SkillSpec): SkillPackage {
  const scope = spec.scope ?? 'project';
  const locator = `/skills/${scope}/${spec.name}/SKILL.md`;
  return {
    descriptor: {
      id: `${scope}/${spec.name}`,
      name: spec.name,
      description: `${spec.name} skill`,
      version: '0.0.0',
      metadata: {},
      allowedTools: [],
      modelInvocable: true,
      ...(spec.dependencies
        ? { dependencies: { tools: spec.dependencies.tools ?? [], mcp_servers: spec.dependencies.mcp_servers ?? [] } }
        : {}),
      source: { scope, precedence: SCOPE_PRECEDENCE[scope], root: `/skills/${scope}`, locator },
      digest: 'sha256:0',
    },
    body: '',
    bodyLine: 1,
    frontmatter: {},
    diagnostics: [],
    composition: {
      includes: (spec.includes ?? []).map((inc) => {
        const raw = typeof inc === 'string' ? inc : inc.skill;
        const overrides = typeof inc === 'string' ? {} : (inc.overrides ?? {});
        const slash = raw.indexOf('/');
        return slash < 0
          ? { skill: raw, overrides }
          : { skill: raw.slice(slash + 1), scope: raw.slice(0, slash), overrides };
      }),
      tools: (spec.tools ?? []).map(toolRef),
      inlineTools: (spec.inline ?? []).map((t) => ({
        ...(t.name === undefined ? {} : { name: t.name }),
        description: t.description,
        writes: t.writes ?? false,
      })),
      mcp: (spec.mcp ?? []).map((m) => ({ server: m.server, tools: m.tools.map(toolRef) })),
      agentSkills: spec.agentSkills ?? [],
    },
  };
}

/** A Catalog over the specs: highest scope wins per name, winners sorted by name. */
export function makeCatalog(specs: readonly SkillSpec[]): Catalog {
  const all = specs.map(makePackage);
  const winners = new Map<string, SkillPackage>();
  for (const pkg of all) {
    const prev = winners.get(pkg.descriptor.name);
    if (!prev || prev.descriptor.source.precedence < pkg.descriptor.source.precedence)
      winners.set(pkg.descriptor.name, pkg);
  }
  const skills = [...winners.values()].sort((a, b) =>
    a.descriptor.name < b.descriptor.name ? -1 : a.descriptor.name > b.descriptor.name ? 1 : 0,
  );
  const catalog: Catalog = {
    digest: 'sha256:test',
    skills,
    conflicts: [],
    diagnostics: [],
    get: (name) => winners.get(name),
    getScoped: (scope, name) => all.find((p) => p.descriptor.source.scope === scope && p.descriptor.name === name),
    excluding: () => catalog,
  };
  return catalog;
}

/** A chain s0 → s1 → … → s(n-1), each with one own tool. */
export function chainCatalog(n: number, tail?: string): Catalog {
  const specs: SkillSpec[] = [];
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? [`s${i + 1}`] : tail ? [tail] : [];
    specs.push({ name: `s${i}`, includes: next, tools: [`t${i}`] });
  }
  return makeCatalog(specs);
}
