/**
 * The `resolve` task: flatten each skill's includes, tools, inline tools, MCP
 * tools and nested skills. The document is
 * `{skills: [{name, ok, entries?, summary, error?: {type, message, path}, metadata}],
 * cycles, counts, diagnostics (catalog errors: skill files left out), stats}`;
 * entry lists come for the skills named, or for every skill with `entries`,
 * never with `summary`. Status 1 when a requested skill fails.
 */
import { resolveCatalog } from '../engine/resolve.js';
import type { BackendChoice } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { CatalogResolution } from '../resolve/index.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import type { TaskStatus } from './catalog.js';
import { resolveDocument, writeResolveDocument } from './resolve-document.js';
import type { ByteSink } from './sink.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface ResolveTaskOptions {
  readonly request: CatalogRequest;
  /** The skills to resolve, by name or `scope/name` (default: every skill). */
  readonly names?: readonly string[];
  /** Capability summaries and counts only, no entry lists. */
  readonly summary?: boolean;
  /** Every skill's entry list, also without names (they repeat their includes' lists: quadratic on chains). */
  readonly entries?: boolean;
  /** The resolution kernel (default `auto`). */
  readonly backend?: BackendChoice;
  /** Add `stats.timings_ms` (milliseconds per phase; they differ run to run). */
  readonly timings?: boolean;
}

/** What changes a resolution besides the catalog: the names asked for, entries or not, the backend. */
export interface ResolveSelection {
  readonly names: readonly string[];
  readonly summary: boolean;
  readonly entries: boolean;
  readonly backend: BackendChoice;
}

/** A resolution of a catalog with what its outputs report: counts, and the catalog errors that left skills out. */
export interface ResolveRun {
  readonly options: ResolveSelection;
  readonly catalog: Catalog;
  readonly result: CatalogResolution;
  readonly counts: {
    readonly skills: number;
    readonly ok: number;
    readonly failed: number;
    readonly cycles: number;
    readonly entries: number;
  };
  readonly leftOut: readonly Diagnostic[];
  /** Milliseconds the catalog took, when timings were asked for. */
  readonly catalogMs?: number;
  /** 1 when a skill failed to resolve. */
  readonly status: TaskStatus;
  /** Whether the document carries entry lists. */
  readonly withEntries: boolean;
  /**
   * The `--json` document as one object, without `schemaVersion` (built on first read, entry lists
   * read whole: `writeResolveJson` writes it in pieces instead).
   */
  readonly document: Record<string, unknown>;
}

const RESOLVE_TASK_KEYS = optionKeys<ResolveTaskOptions>('resolveTask', {
  request: true,
  names: true,
  summary: true,
  entries: true,
  backend: true,
  timings: true,
});

/**
 * Resolve the catalog `options.request` describes.
 *
 * @example const run = await resolveTask({ request, names: ['ship-it'] }); run.result.skills[0].entries
 */
export async function resolveTask(options: ResolveTaskOptions): Promise<ResolveRun> {
  checkOptionKeys(options, RESOLVE_TASK_KEYS);
  if (options.summary === true && options.entries === true) {
    throw new SkillgraphError(
      'options.invalid',
      "resolve options 'summary' and 'entries' contradict each other: pick one",
      { field: 'entries' },
    );
  }
  const t0 = performance.now();
  const { catalog } = await loadRequest(options.request);
  const catalogMs = Math.round((performance.now() - t0) * 1000) / 1000;
  const asked = {
    names: options.names ?? [],
    summary: options.summary === true,
    entries: options.entries === true,
    backend: options.backend ?? 'auto',
  };
  return resolveRun(catalog, asked, options.timings === true ? catalogMs : undefined);
}

/**
 * Resolve `catalog` as the resolve task does (the names asked for, else every skill).
 *
 * @example const run = resolveRun(catalog, { names: [], summary: false, entries: false, backend: 'auto' }); run.counts.failed
 */
export function resolveRun(catalog: Catalog, options: ResolveSelection, catalogMs?: number): ResolveRun {
  const result = resolveCatalog(catalog, {
    backend: options.backend,
    ...(options.names.length > 0 ? { names: options.names } : {}),
  });
  const failed = result.skills.filter((s) => !s.ok).length;
  const counts = {
    skills: result.skills.length,
    ok: result.skills.length - failed,
    failed,
    cycles: result.cycles.length,
    entries: result.skills.reduce((n, s) => n + s.summary.tool_count, 0),
  };
  // A skill whose SKILL.md has errors never reaches the catalog, so the resolver cannot name
  // it: list those errors here so no skill disappears silently (details: `skillgraph catalog`).
  // A walk stopped by --max-dirs left skills unseen: an include of one would read as an unknown skill without it.
  const leftOut = catalog.diagnostics.filter((d) => d.severity === 'error' || d.code === 'discover.dir-budget');
  // Entry lists are written for the skills named, or for all with `entries`; never with `summary`.
  const withEntries = !options.summary && (options.entries || options.names.length > 0);
  let document: Record<string, unknown> | undefined;
  const rest = (): Record<string, unknown> => ({
    cycles: result.cycles,
    counts,
    diagnostics: [...leftOut, ...result.diagnostics],
    stats: resolveStats(result, catalogMs),
  });
  return {
    options,
    catalog,
    result,
    counts,
    leftOut,
    ...(catalogMs !== undefined ? { catalogMs } : {}),
    status: failed > 0 ? 1 : 0,
    withEntries,
    get document(): Record<string, unknown> {
      return (document ??= resolveDocument(catalog, result, withEntries, rest()));
    },
  };
}

/**
 * Write a resolve run's `--json` document (with `schemaVersion`) to `out` in pieces, waiting
 * when `out` asks; the bytes are those of `jsonDocument(run.document)`.
 *
 * @example await writeResolveJson(await resolveTask({ request }), process.stdout);
 */
export async function writeResolveJson(run: ResolveRun, out: ByteSink): Promise<void> {
  const { result, counts, leftOut } = run;
  await writeResolveDocument({ stdout: out }, run.catalog, result, run.withEntries, {
    cycles: result.cycles,
    counts,
    diagnostics: [...leftOut, ...result.diagnostics],
    stats: resolveStats(result, run.catalogMs),
  });
}

/**
 * `stats` of the document, snake_case; milliseconds per phase only when asked for: without them
 * the document is the same on every run.
 */
export function resolveStats(result: CatalogResolution, catalogMs?: number): Record<string, unknown> {
  const { backend, nodes, edges, arenaEntries, layout, timingsMs } = result.stats;
  return {
    backend,
    nodes,
    edges,
    arena_entries: arenaEntries,
    ...(layout !== undefined ? { layout } : {}),
    ...(catalogMs !== undefined ? { timings_ms: { catalog: catalogMs, ...timingsMs } } : {}),
  };
}
