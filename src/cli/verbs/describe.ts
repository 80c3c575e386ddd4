/**
 * `skillgraph describe NAME` — one skill as the protocol types see it: its
 * SkillMetadata and SkillDefinition, from the catalog the shared
 * flags describe. A skill that cannot be resolved is reported as a SkillError
 * (cycle_detected, skill_not_found, …) with exit 1.
 *
 * JSON: `{schemaVersion, name, ok, id, locator, metadata, definition}`, or on
 * failure `{schemaVersion, name, ok: false, id?, locator?, metadata: null,
 * definition: null, error: SkillError}`. Human output goes to stdout.
 */
import type { Catalog } from '../../model/catalog.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { SkillDependencies, SkillPackage } from '../../model/package.js';
import { SkillDefinition, SkillMetadata, toSkillError, type SkillError } from '../../model/protocol/index.js';
import { lookupSkill } from '../../resolve/encode.js';
import { resolveCatalog } from '../../engine/resolve.js';
import type { SkillResolution } from '../../resolve/index.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { paint, useColor, writeJson, type CliIo } from '../io.js';
import { displayPath } from './catalog.js';
import { bodySource, folderProbe, skillDir } from '../../tasks/routing-io.js';
import { implicitEdges, type SkillEdge } from '../../routing/edges.js';

export const spec: VerbSpec = {
  name: 'describe',
  summary: "print one skill's protocol metadata and definition (resolved tools)",
  usage: 'NAME [--root PATH[:scope[:precedence]][!]]... [--preset NAME]... [--config FILE] [--json]',
  flags: CATALOG_FLAGS,
  minPositionals: 1,
  positionals: 'names',
  examples: [
    'skillgraph describe release-notes --json',
  ],
};

/** What `describe` found for one name. */
export interface Description {
  readonly name: string;
  readonly pkg: SkillPackage | undefined;
  readonly metadata: SkillMetadata | null;
  readonly definition: SkillDefinition | null;
  readonly error?: SkillError;
  /** Findings about the skill's composition and what it reaches (an override of a missing key). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Describe `name` (`name` or `scope/name`) in `catalog`; failures are data.
 *
 * @example describeSkill(catalog, 'ship-it').metadata?.tool_count
 */
export function describeSkill(catalog: Catalog, name: string): Description {
  const pkg = lookupSkill(catalog, name);
  const resolved = resolveCatalog(catalog, { names: [name] });
  const resolution = resolved.skills[0]!;
  const diagnostics = resolved.diagnostics;
  if (!pkg || resolution.error) {
    const failure = resolution.error ?? { type: 'skill_not_found' as const, message: `unknown skill '${name}'` };
    return { name, pkg, metadata: null, definition: null, error: toSkillError(failure, { skillName: name }), diagnostics };
  }
  return {
    name,
    pkg,
    metadata: SkillMetadata.fromSkill(pkg, resolution.entries),
    definition: SkillDefinition.fromSkill(pkg, resolution.entries),
    diagnostics,
  };
}

/**
 * The protocol metadata of one resolved skill, or null when it failed to resolve.
 *
 * @example resolveCatalog(catalog).skills.map((s) => metadataOf(catalog, s))
 */
export function metadataOf(catalog: Catalog, resolution: SkillResolution): SkillMetadata | null {
  const pkg = resolution.ok ? lookupSkill(catalog, resolution.name) : undefined;
  // Perf: package and summary are our own parser's and resolver's, so skip the zod round trip.
  return pkg ? SkillMetadata.fromTrustedSummary(pkg, resolution.summary) : null;
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  // usageError throws ExitError, so under --json main() still prints its one error document.
  if (positionals.length > 1) usageError(io, spec.name, `takes one skill name, got ${positionals.length}`);
  // A blank name cannot become a SkillError (protocol.invalid, exit 70); it is the caller's mistake.
  if (positionals[0]!.trim() === '') usageError(io, spec.name, 'the skill name must not be empty');
  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const found = describeSkill(catalog, positionals[0]!);
  const { uses, usedBy, missing } = implicitOf(catalog, found.pkg);
  const d = { ...found, diagnostics: [...found.diagnostics, ...missing] };
  if (values.json) {
    writeJson(io, {
      name: d.name,
      ok: d.error === undefined,
      ...(d.pkg ? { id: d.pkg.descriptor.id, locator: d.pkg.descriptor.source.locator } : {}),
      metadata: d.metadata,
      ...(d.pkg?.descriptor.dependencies ? { dependencies: d.pkg.descriptor.dependencies } : {}),
      definition: d.definition,
      ...(d.error ? { error: d.error } : {}),
      ...(d.diagnostics.length > 0 ? { diagnostics: d.diagnostics } : {}),
      ...(d.pkg ? { uses: uses.map((e) => edgeJson(e, e.to)), used_by: usedBy.map((e) => edgeJson(e, e.from)) } : {}),
    });
  } else {
    io.stdout.write(render(d, io, uses, usedBy));
  }
  return d.error ? EXIT.findings : EXIT.ok;
}

/**
 * The skill's implicit edges out (`uses`) and in (`usedBy`), from every catalogued skill's
 * SKILL.md, and its links to skills that are not there.
 */
function implicitOf(catalog: Catalog, pkg: SkillPackage | undefined): { uses: SkillEdge[]; usedBy: SkillEdge[]; missing: readonly Diagnostic[] } {
  if (!pkg) return { uses: [], usedBy: [], missing: [] };
  const name = pkg.descriptor.name;
  const targets = catalog.skills.map((p) => ({ name: p.descriptor.name, dir: skillDir(p) }));
  const all = implicitEdges(catalog.skills.map(bodySource), targets, { severity: 'off' }).edges;
  const own = implicitEdges([bodySource(pkg)], targets, { probe: folderProbe });
  return { uses: own.edges.filter((e) => e.from === name), usedBy: all.filter((e) => e.to === name && e.from !== name), missing: own.diagnostics };
}

function edgeJson(e: SkillEdge, skill: string): Record<string, unknown> {
  return { skill, kind: e.kind, text: e.text, file: e.file, line: e.line, column: e.column };
}

/** `a (link), b (mention ×2)`: the skills of some edges, each once, with their kinds. */
function edgeList(edges: readonly SkillEdge[], end: (e: SkillEdge) => string): string {
  const seen = new Map<string, number>();
  for (const e of edges) seen.set(`${end(e)} (${e.kind}`, (seen.get(`${end(e)} (${e.kind}`) ?? 0) + 1);
  return [...seen].map(([k, n]) => `${k}${n > 1 ? ` ×${n}` : ''})`).join(', ');
}

/**
 * Declared dependencies in one line, or '' when both lists are empty.
 *
 * @example requirementsLine({ tools: ['gh'], mcp_servers: ['github'] }) // 'tools gh; mcp servers github'
 */
export function requirementsLine(deps: SkillDependencies): string {
  const parts: string[] = [];
  if (deps.tools.length) parts.push(`tools ${deps.tools.join(', ')}`);
  if (deps.mcp_servers.length) parts.push(`mcp servers ${deps.mcp_servers.join(', ')}`);
  return parts.join('; ');
}

function render(d: Description, io: CliIo, uses: readonly SkillEdge[], usedBy: readonly SkillEdge[]): string {
  const color = useColor(io, 'stdout');
  if (d.error || !d.metadata || !d.definition) {
    return `${paint(color, 'red', d.error?.type ?? 'error')} ${d.name}: ${d.error?.message ?? 'not described'}\n`;
  }
  const m = d.metadata;
  const out = [
    `${paint(color, 'bold', m.name)} ${m.version}${d.pkg ? paint(color, 'dim', ` (${d.pkg.descriptor.source.scope})`) : ''}`,
    `  ${m.description.replace(/\s+/g, ' ').trim()}`,
    `  ${m.read_only ? 'read-only' : paint(color, 'yellow', 'writes')} · ${m.tool_count} tool(s)` +
      (m.source_types.length ? ` · ${m.source_types.join(', ')}` : ''),
  ];
  if (d.pkg) out.push(`  file: ${displayPath(d.pkg.descriptor.source.locator, io.cwd)}`);
  const requires = d.pkg?.descriptor.dependencies ? requirementsLine(d.pkg.descriptor.dependencies) : '';
  if (requires) out.push(`  requires: ${requires}`);
  if (uses.length) out.push(`  uses: ${edgeList(uses, (e) => e.to)}`);
  if (usedBy.length) out.push(`  used by: ${edgeList(usedBy, (e) => e.from)}`);
  for (const f of d.diagnostics) out.push(`  ${paint(color, 'yellow', f.severity)} ${f.code}: ${f.message} (${displayPath(f.file, io.cwd)})`);
  if (d.definition.tools.length) {
    const keyW = Math.max(...d.definition.tools.map((t) => t.key.length));
    out.push('', 'Tools:');
    for (const t of d.definition.tools) {
      const own = t.source === m.name || t.source === d.name;
      const access = t.writes ? paint(color, 'yellow', 'write') : 'read ';
      const from = own ? '' : ` ${paint(color, 'dim', `from ${t.source}`)}`;
      out.push(`  ${t.key.padEnd(keyW)}  ${t.kind.padEnd(11)}  ${access}${from}`.trimEnd());
    }
  }
  return `${out.join('\n')}\n`;
}
