// One engine per request, closed however the task ends; the runs table replays a task's whole
// output for an unchanged tree.
import type { LoadCatalogOptions } from '../engine/catalog-pipeline.js';
import { createEngine, type Engine, type EngineCatalog, type EngineOptions, type RunMemo } from '../engine/engine.js';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** Shown to people, and part of a recorded run's context. */
export type RootSource = 'flags' | 'config' | 'presets';

/** Everything decided before any file is read: what to load, and with which engine. */
export interface CatalogRequest {
  readonly load: LoadCatalogOptions;
  /** Default: `createEngine`'s. */
  readonly engine?: Partial<EngineOptions>;
  readonly rootSource?: RootSource;
  readonly configFile?: string;
}

/** A sealed catalog as a task loaded it, labelled with where its roots came from. */
export interface CatalogLoad extends EngineCatalog {
  readonly rootSource: RootSource;
  readonly configFile?: string;
  /** Findings of the routing pass, reported beside the catalog's own. */
  readonly routing?: readonly Diagnostic[];
}

/** The catalog's findings and the routing pass's, in one sorted list. */
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

/** Build the sealed catalog `request` describes through the engine. */
export async function loadRequest(request: CatalogRequest): Promise<CatalogLoad> {
  checkOptionKeys(request, REQUEST_KEYS);
  const loaded = await withEngine(request, (engine) => engine.loadCatalog(request.load));
  return withRootSource(loaded, request);
}

/**
 * A task's whole output when it is a function of the catalog run alone, replayed from the runs
 * table when walk, stamps, options and code are unchanged. `options`: the task's own, that shape it.
 */
export async function memoizedOutput(
  request: CatalogRequest,
  name: string,
  produce: (result: CatalogLoad, recorded: boolean) => RunMemo,
  options = '',
): Promise<RunMemo> {
  checkOptionKeys(request, REQUEST_KEYS);
  // Where the roots came from shows in the output, so it is part of the record's context.
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

async function withEngine<T>(request: CatalogRequest, body: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = createEngine(request.engine ?? {});
  try {
    return await body(engine);
  } finally {
    await engine.close();
  }
}
