/** The resolve stage with the engine's kernels: a `backend` choice is made here before the pure stage runs. */
import type { Catalog } from '../model/catalog.js';
import type { CapabilitySummary, ResolvedToolEntry } from '../model/resolve.js';
import type { CycleReport } from '../resolve/cycles.js';
import * as stage from '../resolve/resolve.js';
import type { CatalogResolution, ResolveOptions, SkillResolution } from '../resolve/resolve.js';
import { resolveBackendFor } from './backend.js';

const withKernel = <T extends ResolveOptions | Omit<ResolveOptions, 'names'>>(options: T | undefined): T =>
  ({ ...options, backend: resolveBackendFor(options?.backend ?? 'auto') }) as T;

/**
 * Resolve every skill (or `options.names`) of a sealed catalog.
 * @example const { skills, cycles } = resolveCatalog(catalog, { backend: 'wasm' });
 */
export function resolveCatalog(catalog: Catalog, options?: ResolveOptions): CatalogResolution {
  return stage.resolveCatalog(catalog, withKernel(options));
}

/**
 * Resolve one skill by name.
 * @example resolveSkill(catalog, 'deploy').status // 'resolved'
 */
export function resolveSkill(catalog: Catalog, name: string, options?: Omit<ResolveOptions, 'names'>): SkillResolution {
  return stage.resolveSkill(catalog, name, withKernel(options));
}

/**
 * Resolve one skill; throws its resolution error (a cycle, a missing include).
 * @example const entries = resolveSkillOrThrow(catalog, 'deploy');
 */
export function resolveSkillOrThrow(
  catalog: Catalog,
  name: string,
  options?: Omit<ResolveOptions, 'names'>,
): readonly ResolvedToolEntry[] {
  return stage.resolveSkillOrThrow(catalog, name, withKernel(options));
}

/**
 * Every include cycle of the catalog, one report per cyclic component.
 * @example findCycles(catalog).map((c) => c.path.join(' -> '))
 */
export function findCycles(catalog: Catalog, options?: Omit<ResolveOptions, 'names'>): readonly CycleReport[] {
  return stage.findCycles(catalog, withKernel(options));
}

/** Every catalog skill's capability summary (`undefined` when its includes do not resolve). */
export function resolveSummaries(
  catalog: Catalog,
  options?: Omit<ResolveOptions, 'names'>,
): readonly (CapabilitySummary | undefined)[] {
  return stage.resolveSummaries(catalog, withKernel(options));
}
