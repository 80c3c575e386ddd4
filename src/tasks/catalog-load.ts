/**
 * How every catalog-reading task loads its catalog: a `CatalogRequest` (the
 * roots, walk options and engine options, however they were chosen) run
 * through one engine, which is closed however the task ends; and the runs
 * table, which replays a task's whole output for an unchanged tree.
 */
import type { LoadCatalogOptions } from '../engine/catalog-pipeline.js';
import { createEngine, type Engine, type EngineCatalog, type EngineOptions, type RunMemo } from '../engine/engine.js';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** Where a request's roots came from: shown to people, and part of a recorded run's context. */
export type RootSource = 'flags' | 'config' | 'presets';

/** Everything decided before any file is read: what to load, and with which engine. */
export interface CatalogRequest {
  /** The roots and walk options, as `loadCatalog` takes them. */
  readonly load: LoadCatalogOptions;
  /** Workers, cache, backend, progress (default: `createEngine`'s). */
  readonly engine?: Partial<EngineOptions>;
  /** Default `flags`. */
  readonly rootSource?: RootSource;
  /** The config file the roots came from, if any. */
  readonly configFile?: string;
}

/** A sealed catalog as a task loaded it, labelled with where its roots came from. */
export interface CatalogLoad extends EngineCatalog {
  readonly rootSource: RootSource;
  /** POSIX path of the config file used, if any. */
  readonly configFile?: string;
  /** Findings of the routing pass (the catalog task runs it), reported beside the catalog's own. */
  readonly routing?: readonly Diagnostic[];
}

/**
 * The catalog's findings and the routing pass's, in one sorted list.
 *
 * @example catalogFindings(run).filter((d) => d.code === 'routing.overlap')
 */
export function catalogFindings(result: CatalogLoad): readonly Diagnostic[] {
  if (!result.routing || result.routing.length === 0) return result.catalog.diagnostics;
  return [...result.catalog.diagnostics, ...result.routing].sort(compareDiagnostics);
}

const REQUEST_KEYS = optionKeys<CatalogRequest>('CatalogRequest', {
  load: true,
  engine: true,
  rootSource: true,
  configFile: true,
});

/**
 * Build the sealed catalog `request` describes through the engine (worker pool when it pays,
 * parse cache unless the request turns it off).
 *
 * @example const { catalog } = await loadRequest({ load: { roots } });
 */
export async function loadRequest(request: CatalogRequest): Promise<CatalogLoad> {
  checkOptionKeys(request, REQUEST_KEYS);
  const loaded = await withEngine(request, (engine) => engine.loadCatalog(request.load));
  return withRootSource(loaded, request);
}

/**
 * The whole output of a task that is a function of the catalog run alone, through the engine's
 * runs table (`Engine.memoized`): with the cache on, a run whose walk, file stamps, files
 * table, options and code are all unchanged gives what the last fully cached run gave, without
 * reading or parsing anything (see src/engine/store/runs.ts). `name` names the record, `options`
 * the task's own options that shape the output.
 *
 * @example const out = await memoizedOutput(request, 'catalog', (r) => ({ text: render(r), status: 0 }));
 */
export async function memoizedOutput(
  request: CatalogRequest,
  name: string,
  produce: (result: CatalogLoad, recorded: boolean) => RunMemo,
  options = '',
): Promise<RunMemo> {
  checkOptionKeys(request, REQUEST_KEYS);
  // Where the roots came from shows in the output, so it is part of the record's context; so are the task's own options.
  const context = `${request.rootSource ?? 'flags'}:${request.configFile ?? ''}${options === '' ? '' : `:${options}`}`;
  const load = (loaded: EngineCatalog, recorded: boolean): RunMemo =>
    produce(withRootSource(loaded, request), recorded);
  return withEngine(request, (engine) => engine.memoized(`${name}-json`, request.load, load, context));
}

function withRootSource(loaded: EngineCatalog, request: CatalogRequest): CatalogLoad {
  return {
    ...loaded,
    rootSource: request.rootSource ?? 'flags',
    ...(request.configFile ? { configFile: request.configFile } : {}),
  };
}

/** Run `body` with an engine for `request`; the pool is released however `body` ends. */
async function withEngine<T>(request: CatalogRequest, body: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = createEngine(request.engine ?? {});
  try {
    return await body(engine);
  } finally {
    await engine.close();
  }
}
