// A skill that cannot be resolved is a SkillError (cycle_detected, skill_not_found, …) with status 1.
import type { Catalog } from '../model/catalog.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { SkillDefinition, SkillMetadata, toSkillError, type SkillError } from '../model/protocol/index.js';
import { lookupSkill } from '../resolve/encode.js';
import { resolveCatalog } from '../engine/resolve.js';
import type { SkillResolution } from '../resolve/index.js';
import { implicitEdges, type SkillEdge } from '../routing/edges.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import type { TaskStatus } from './catalog.js';
import { bodySource, folderProbe, skillDir } from './routing-io.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface DescribeTaskOptions {
  readonly request: CatalogRequest;
  /** A skill's name, or `scope/name` for one copy. */
  readonly name: string;
}

export interface DescribeRun extends Description {
  readonly status: TaskStatus;
  /** Skills this one links to or mentions, and those that link to or mention it. */
  readonly uses: readonly SkillEdge[];
  readonly usedBy: readonly SkillEdge[];
  readonly document: Record<string, unknown>;
}

const DESCRIBE_TASK_KEYS = optionKeys<DescribeTaskOptions>('describeTask', { request: true, name: true });

/** Describe one skill of the catalog `options.request` describes. */
export async function describeTask(options: DescribeTaskOptions): Promise<DescribeRun> {
  checkOptionKeys(options, DESCRIBE_TASK_KEYS);
  if (typeof options.name !== 'string' || options.name.trim() === '') {
    throw new SkillgraphError('options.invalid', "describe option 'name' must be a skill name", { field: 'name' });
  }
  const { catalog } = await loadRequest(options.request);
  const found = describeSkill(catalog, options.name);
  const { uses, usedBy, missing } = implicitOf(catalog, found.pkg);
  const d = { ...found, diagnostics: [...found.diagnostics, ...missing] };
  const document = {
    name: d.name,
    ok: d.error === undefined,
    ...(d.pkg ? { id: d.pkg.descriptor.id, locator: d.pkg.descriptor.source.locator } : {}),
    metadata: d.metadata,
    ...(d.pkg?.descriptor.dependencies ? { dependencies: d.pkg.descriptor.dependencies } : {}),
    definition: d.definition,
    ...(d.error ? { error: d.error } : {}),
    ...(d.diagnostics.length > 0 ? { diagnostics: d.diagnostics } : {}),
    ...(d.pkg ? { uses: uses.map((e) => edgeJson(e, e.to)), used_by: usedBy.map((e) => edgeJson(e, e.from)) } : {}),
  };
  return { ...d, status: d.error ? 1 : 0, uses, usedBy, document };
}

export interface Description {
  readonly name: string;
  readonly pkg: SkillPackage | undefined;
  readonly metadata: SkillMetadata | null;
  readonly definition: SkillDefinition | null;
  readonly error?: SkillError;
  /** Findings about the skill's composition and what it reaches. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Describe `name` (or `scope/name`) in `catalog`; failures are data. */
export function describeSkill(catalog: Catalog, name: string): Description {
  const pkg = lookupSkill(catalog, name);
  const resolved = resolveCatalog(catalog, { names: [name] });
  const resolution = resolved.skills[0]!;
  const diagnostics = resolved.diagnostics;
  if (!pkg || resolution.error) {
    const failure = resolution.error ?? { type: 'skill_not_found' as const, message: `unknown skill '${name}'` };
    return {
      name,
      pkg,
      metadata: null,
      definition: null,
      error: toSkillError(failure, { skillName: name }),
      diagnostics,
    };
  }
  return {
    name,
    pkg,
    metadata: SkillMetadata.fromSkill(pkg, resolution.entries),
    definition: SkillDefinition.fromSkill(pkg, resolution.entries),
    diagnostics,
  };
}

/** The protocol metadata of one resolved skill, or null when it failed to resolve. */
export function metadataOf(catalog: Catalog, resolution: SkillResolution): SkillMetadata | null {
  const pkg = resolution.ok ? lookupSkill(catalog, resolution.name) : undefined;
  // Perf: package and summary are our own parser's and resolver's, so skip the zod round trip.
  return pkg ? SkillMetadata.fromTrustedSummary(pkg, resolution.summary) : null;
}

function implicitOf(
  catalog: Catalog,
  pkg: SkillPackage | undefined,
): { uses: SkillEdge[]; usedBy: SkillEdge[]; missing: readonly Diagnostic[] } {
  if (!pkg) return { uses: [], usedBy: [], missing: [] };
  const name = pkg.descriptor.name;
  const targets = catalog.skills.map((p) => ({ name: p.descriptor.name, dir: skillDir(p) }));
  const all = implicitEdges(catalog.skills.map(bodySource), targets, { severity: 'off' }).edges;
  const own = implicitEdges([bodySource(pkg)], targets, { probe: folderProbe });
  return {
    uses: own.edges.filter((e) => e.from === name),
    usedBy: all.filter((e) => e.to === name && e.from !== name),
    missing: own.diagnostics,
  };
}

function edgeJson(e: SkillEdge, skill: string): Record<string, unknown> {
  return { skill, kind: e.kind, text: e.text, file: e.file, line: e.line, column: e.column };
}
