import type { BackendChoice, BackendName, ResolveBackend } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import { SkillgraphError } from '../model/errors.js';
import { NODE_STATUS } from '../model/backend.js';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import type { SkillDependencies } from '../model/package.js';
import type { CapabilitySummary, ResolvedToolEntry } from '../model/resolve.js';
import { pickResolver } from './backends.js';
import { reportCycles, type CycleReport } from './cycles.js';
import { encodeCatalog, type EncodedCatalog } from './encode.js';
import { computeFailures, type ResolveFailure } from './failures.js';
import { resolveGraphDelta } from './kernel-delta.js';
import { ARENA_BUDGET, arenaBound, arenaLists, type ListLayout, type ResolvedLists } from './lists.js';
import { materialiser, summaryFromBits } from './materialise.js';
import { resolveDiagnostic } from './messages.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** One skill's resolution; `entries` is built from the arena on first read. */
export interface SkillResolution {
  readonly name: string;
  readonly ok: boolean;
  readonly entries: readonly ResolvedToolEntry[];
  readonly summary: CapabilitySummary;
  readonly error?: ResolveFailure;
}

export interface ResolveStats {
  readonly backend: BackendName;
  readonly nodes: number;
  readonly edges: number;
  /** Sum of the resolved list lengths. */
  readonly arenaEntries: number;
  /** Present only when the lists were kept as deltas. */
  readonly layout?: 'delta';
  readonly timingsMs: { readonly encode: number; readonly kernel: number; readonly results: number };
}

export interface CatalogResolution {
  readonly skills: readonly SkillResolution[];
  readonly cycles: readonly CycleReport[];
  readonly stats: ResolveStats;
  /** Findings about every resolved package in the graph, requested or reached. */
  readonly diagnostics: readonly Diagnostic[];
  /** Not enumerable: the JSON of a resolution is unchanged. */
  readonly lists: SkillLists;
}

/** Lists by skill index, for writers that stream them (`skills[i].entries` keeps each list once read). */
export interface SkillLists {
  /** Empty when the skill failed; a view valid until the next call. */
  occurrences(i: number): Int32Array;
  entry(occ: number): ResolvedToolEntry;
  /** Empty when the skill resolved; made afresh, nothing keeps it. */
  failurePath(i: number): readonly string[];
}

export interface ResolveOptions {
  /** `js` and `auto` (default) run the reference kernel; the engine passes the WASM kernel in. */
  readonly backend?: BackendChoice | ResolveBackend;
  /** `name` or `scope/name`; every catalog skill when omitted. */
  readonly names?: readonly string[];
  /** `auto` (default) picks deltas when the arena bound passes `ARENA_BUDGET`. */
  readonly layout?: ListLayout;
}

const DEFAULT_OPTIONS: Readonly<ResolveOptions> = Object.freeze({ backend: 'auto' });
const RESOLVE_KEYS = optionKeys<ResolveOptions>('resolveCatalog', { backend: true, names: true, layout: true });
const EMPTY = Object.freeze([]) as readonly ResolvedToolEntry[];
const NO_PATH = Object.freeze([]) as readonly string[];
/** Summary bits are below this: a key of count and bits. */
const SUMMARY_BITS = 1 << 8;
const ms = (t0: number): number => Math.round((performance.now() - t0) * 1000) / 1000;

/** Resolve every skill of `catalog` (or `options.names`), each once; failures are per skill. */
export function resolveCatalog(catalog: Catalog, options: ResolveOptions = DEFAULT_OPTIONS): CatalogResolution {
  checkOptionKeys(options, RESOLVE_KEYS);
  const backend = pickResolver(options.backend ?? DEFAULT_OPTIONS.backend);
  const names = options.names ? [...new Set(options.names)] : catalog.skills.map((s) => s.descriptor.name);
  let t0 = performance.now();
  const enc: EncodedCatalog = encodeCatalog(catalog, names);
  const encode = ms(t0);
  t0 = performance.now();
  const layout = options.layout ?? 'auto';
  const delta = layout === 'delta' || (layout === 'auto' && arenaBound(enc.graph) > ARENA_BUDGET);
  // The delta kernel is TypeScript, so the backend that ran is then `js`.
  const res: ResolvedLists = delta ? resolveGraphDelta(enc.graph) : arenaLists(backend.resolveGraph(enc.graph));
  const kernel = ms(t0);
  t0 = performance.now();
  const failures = computeFailures(enc, res);
  const cycles = reportCycles(enc, res);
  const lists = materialiser(enc, res);
  const findings = [...overrideFindings(enc, res), ...dependencyFindings(enc, res, lists)];
  const nodeOf = new Int32Array(names.length).fill(-1);
  const skills = names.map((name, i): SkillResolution => {
    const v = enc.roots[i]!;
    if (v < 0) return failedResolution(name, unknownSkill(name));
    const error = failures.of(v);
    if (error) return failedResolution(name, error);
    nodeOf[i] = v;
    return lazyResolution(
      name,
      res.listLength[v]!,
      res.summaryBits[v]!,
      () => lists.entries(v),
      enc.nodes[v]!.descriptor.dependencies,
    );
  });
  const resultsMs = ms(t0);
  let arenaEntries = 0;
  for (let v = 0; v < enc.graph.nodeCount; v++) arenaEntries += res.listLength[v]!;
  const none = new Int32Array(0);
  const skillLists: SkillLists = Object.freeze({
    occurrences: (i: number) => (nodeOf[i]! < 0 ? none : lists.occurrences(nodeOf[i]!)),
    entry: lists.entry,
    failurePath: (i: number) =>
      skills[i]!.ok ? NO_PATH : enc.roots[i]! < 0 ? Object.freeze([names[i]!]) : failures.path(enc.roots[i]!),
  });
  const result = {
    skills: Object.freeze(skills),
    cycles: Object.freeze(cycles),
    stats: Object.freeze({
      backend: delta ? 'js' : backend.name,
      nodes: enc.graph.nodeCount,
      edges: enc.graph.edgeTarget.length,
      arenaEntries,
      ...(delta ? { layout: 'delta' as const } : {}),
      timingsMs: Object.freeze({ encode, kernel, results: resultsMs }),
    }),
    diagnostics: Object.freeze(findings.sort(compareDiagnostics)),
  } as CatalogResolution;
  Object.defineProperty(result, 'lists', { value: skillLists, enumerable: false });
  return Object.freeze(result);
}

/** Each skill's capability summary (undefined when its includes do not resolve), and nothing else. */
export function resolveSummaries(
  catalog: Catalog,
  options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS,
): readonly (CapabilitySummary | undefined)[] {
  const backend = pickResolver(options.backend ?? DEFAULT_OPTIONS.backend);
  const enc = encodeCatalog(catalog, undefined, { graphOnly: true });
  const layout = options.layout ?? 'auto';
  const delta = layout === 'delta' || (layout === 'auto' && arenaBound(enc.graph) > ARENA_BUDGET);
  const res: ResolvedLists = delta ? resolveGraphDelta(enc.graph) : arenaLists(backend.resolveGraph(enc.graph));
  const out = new Array<CapabilitySummary | undefined>(enc.roots.length);
  // Perf: summaries are frozen data, so skills with the same count and bits share one.
  const made = new Map<number, CapabilitySummary>();
  for (let i = 0; i < enc.roots.length; i++) {
    const v = enc.roots[i]!;
    if (v < 0 || res.status[v] !== NODE_STATUS.ok) {
      out[i] = undefined;
      continue;
    }
    const count = res.listLength[v]!;
    const bits = res.summaryBits[v]!;
    if (bits < 0 || bits >= SUMMARY_BITS) {
      out[i] = summaryFromBits(count, bits);
      continue;
    }
    let summary = made.get(count * SUMMARY_BITS + bits);
    if (summary === undefined) {
      summary = summaryFromBits(count, bits);
      made.set(count * SUMMARY_BITS + bits, summary);
    }
    out[i] = summary;
  }
  return Object.freeze(out);
}

function failedResolution(name: string, error: ResolveFailure): SkillResolution {
  return Object.freeze({
    name,
    ok: false,
    entries: EMPTY,
    summary: summaryFromBits(0, 0),
    error: Object.freeze(error),
  });
}

function unknownSkill(name: string): ResolveFailure {
  const failure = { type: 'skill_not_found' as const, message: `unknown skill '${name}'` };
  Object.defineProperty(failure, 'path', { enumerable: false, value: Object.freeze([name]) });
  return failure as ResolveFailure;
}

function lazyResolution(
  name: string,
  count: number,
  bits: number,
  build: () => readonly ResolvedToolEntry[],
  dependencies?: SkillDependencies,
): SkillResolution {
  let cached: readonly ResolvedToolEntry[] | undefined;
  const result = { name, ok: true } as {
    name: string;
    ok: boolean;
    entries: readonly ResolvedToolEntry[];
    summary: CapabilitySummary;
  };
  // Perf: an enumerable getter: JSON still prints entries, summary-only callers never build them.
  Object.defineProperty(result, 'entries', { enumerable: true, get: () => (cached ??= build()) });
  result.summary = dependencies
    ? Object.freeze({ ...summaryFromBits(count, bits), dependencies })
    : summaryFromBits(count, bits);
  return Object.freeze(result);
}

// Each override meeting its key makes one derived occurrence; a record with none names a key the include lacks.
function overrideFindings(enc: EncodedCatalog, res: ResolvedLists): Diagnostic[] {
  const g = enc.graph;
  const out: Diagnostic[] = [];
  if (enc.overrides.length === 0) return out;
  const hit = new Uint8Array(enc.overrides.length);
  for (let d = 0; d < res.derivedRecord.length; d++) hit[res.derivedRecord[d]!] = 1;
  for (let v = 0; v < g.nodeCount; v++) {
    if (res.status[v] !== NODE_STATUS.ok) continue;
    for (let e = g.edgeOffsets[v]!; e < g.edgeOffsets[v + 1]!; e++) {
      const set = g.edgeOverride[e]!;
      if (set < 0) continue;
      for (let i = g.ovOffsets[set]!; i < g.ovOffsets[set + 1]!; i++) {
        if (hit[i] === 1) continue;
        const file = enc.nodes[v]!.descriptor.source.locator;
        out.push(
          resolveDiagnostic('resolve.override-unknown-key', file, {
            skill: enc.labels[v]!,
            key: enc.overrideKeys[i]!,
            include: enc.edgeLabels[e]!,
          }),
        );
      }
    }
  }
  return out;
}

// A declared MCP server is provided when an `mcp` entry of the closure names it.
function dependencyFindings(
  enc: EncodedCatalog,
  res: ResolvedLists,
  lists: ReturnType<typeof materialiser>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let v = 0; v < enc.graph.nodeCount; v++) {
    const declared = enc.nodes[v]!.descriptor.dependencies?.mcp_servers;
    if (!declared || declared.length === 0 || res.status[v] !== NODE_STATUS.ok) continue;
    const provided = new Set<string>();
    for (const e of lists.entries(v)) if (e.kind === 'mcp' && e.server !== undefined) provided.add(e.server);
    for (const server of declared) {
      if (!provided.has(server))
        out.push(
          resolveDiagnostic('resolve.mcp-server-unprovided', enc.nodes[v]!.descriptor.source.locator, {
            skill: enc.labels[v]!,
            server,
          }),
        );
    }
  }
  return out;
}

/** Resolve one skill (`name` or `scope/name`); failures are data in the result. */
export function resolveSkill(
  catalog: Catalog,
  name: string,
  options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS,
): SkillResolution {
  return resolveCatalog(catalog, { ...options, names: [name] }).skills[0]!;
}

/** Like resolveSkill, but throws `resolve.cycle` / `resolve.not-found` with the whole chain in `details.path`. */
export function resolveSkillOrThrow(
  catalog: Catalog,
  name: string,
  options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS,
): readonly ResolvedToolEntry[] {
  const result = resolveSkill(catalog, name, options);
  if (result.error) {
    throw new SkillgraphError(
      result.error.type === 'cycle_detected' ? 'resolve.cycle' : 'resolve.not-found',
      result.error.message,
      {
        skill: name,
        type: result.error.type,
        path: [...result.error.path],
      },
    );
  }
  return result.entries;
}

/** Cyclic include components of the whole catalog, one report each. */
export function findCycles(
  catalog: Catalog,
  options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS,
): readonly CycleReport[] {
  return resolveCatalog(catalog, options).cycles;
}
