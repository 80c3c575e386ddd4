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
  /** By name or `scope/name` (default: every skill). */
  readonly names?: readonly string[];
  /** Capability summaries and counts only, no entry lists. */
  readonly summary?: boolean;
  /** Every skill's entry list, also without names (quadratic on include chains). */
  readonly entries?: boolean;
  readonly backend?: BackendChoice;
  /** Add `stats.timings_ms` (they differ run to run). */
  readonly timings?: boolean;
}

/** What changes a resolution besides the catalog. */
export interface ResolveSelection {
  readonly names: readonly string[];
  readonly summary: boolean;
  readonly entries: boolean;
  readonly backend: BackendChoice;
}

/** A resolution with its counts and the catalog errors that left skills out. */
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
  readonly catalogMs?: number;
  /** 1 when a skill failed to resolve. */
  readonly status: TaskStatus;
  readonly withEntries: boolean;
  /** As one object, lists read whole (built on first read); `writeResolveJson` streams it instead. */
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

/** Resolve the catalog `options.request` describes; status 1 when a requested skill fails. */
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

/** Resolve `catalog` as the resolve task does (the names asked for, else every skill). */
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
  // A SKILL.md with errors never reaches the catalog, so the resolver cannot name it: listed here so no
  // skill disappears silently. A --max-dirs stop is listed too: an include could read as unknown without it.
  const leftOut = catalog.diagnostics.filter((d) => d.severity === 'error' || d.code === 'discover.dir-budget');
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

/** Write a resolve run's `--json` document to `out` in pieces; the bytes are `jsonDocument(run.document)`'s. */
export async function writeResolveJson(run: ResolveRun, out: ByteSink): Promise<void> {
  const { result, counts, leftOut } = run;
  await writeResolveDocument({ stdout: out }, run.catalog, result, run.withEntries, {
    cycles: result.cycles,
    counts,
    diagnostics: [...leftOut, ...result.diagnostics],
    stats: resolveStats(result, run.catalogMs),
  });
}

/** `stats` of the document; milliseconds only when asked for, so the document is the same every run. */
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
