/**
 * Whole-catalog and single-skill resolution (DESIGN R1–R7): encode → kernel
 * (js or wasm) → failures and cycle reports → lazily materialised entries.
 */
import type { BackendChoice, BackendName, ResolveBackend } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import { SkillgraphError } from '../model/errors.js';
import type { CapabilitySummary, ResolvedToolEntry } from '../model/resolve.js';
import { pickResolver } from './backends.js';
import { reportCycles, type CycleReport } from './cycles.js';
import { encodeCatalog, type EncodedCatalog } from './encode.js';
import { computeFailures, type ResolveFailure } from './failures.js';
import { materialiser, summaryFromBits } from './materialise.js';

/** One skill's resolution. `entries` is built from the arena on first read. */
export interface SkillResolution {
  readonly name: string;
  readonly ok: boolean;
  readonly entries: readonly ResolvedToolEntry[];
  readonly summary: CapabilitySummary;
  readonly error?: ResolveFailure;
}

export interface ResolveStats {
  readonly backend: BackendName;
  /** Packages in the include graph (requested skills and all they reach). */
  readonly nodes: number;
  readonly edges: number;
  /** Arena size: sum of the resolved list lengths. */
  readonly arenaEntries: number;
  readonly timingsMs: { readonly encode: number; readonly kernel: number; readonly results: number };
}

export interface CatalogResolution {
  readonly skills: readonly SkillResolution[];
  readonly cycles: readonly CycleReport[];
  readonly stats: ResolveStats;
}

export interface ResolveOptions {
  /** `auto` (default), `wasm`, `js`, or a backend object. */
  readonly backend?: BackendChoice | ResolveBackend;
  /** Skills to resolve (`name` or `scope/name`); every catalog skill when omitted. */
  readonly names?: readonly string[];
}

const DEFAULT_OPTIONS: Readonly<ResolveOptions> = Object.freeze({ backend: 'auto' });
const EMPTY = Object.freeze([]) as readonly ResolvedToolEntry[];
const ms = (t0: number): number => Math.round((performance.now() - t0) * 1000) / 1000;

/**
 * Resolve every skill of `catalog` (or `options.names`), each once, per-skill errors.
 *
 * @example const { skills, cycles } = resolveCatalog(catalog, { backend: 'wasm' });
 */
export function resolveCatalog(catalog: Catalog, options: ResolveOptions = DEFAULT_OPTIONS): CatalogResolution {
  const backend = pickResolver(options.backend ?? DEFAULT_OPTIONS.backend);
  const names = options.names ? [...new Set(options.names)] : catalog.skills.map((s) => s.descriptor.name);
  let t0 = performance.now();
  const enc: EncodedCatalog = encodeCatalog(catalog, names);
  const encode = ms(t0);
  t0 = performance.now();
  const res = backend.resolveGraph(enc.graph);
  const kernel = ms(t0);
  t0 = performance.now();
  const failures = computeFailures(enc, res);
  const cycles = reportCycles(enc, res);
  const lists = materialiser(enc, res);
  const skills = names.map((name, i): SkillResolution => {
    const v = enc.roots[i]!;
    if (v < 0) return failedResolution(name, { type: 'skill_not_found', message: `unknown skill '${name}'` });
    const error = failures.of(v);
    if (error) return failedResolution(name, error);
    return lazyResolution(name, res.listLength[v]!, res.summaryBits[v]!, () => lists.entries(v));
  });
  const resultsMs = ms(t0);
  return Object.freeze({
    skills: Object.freeze(skills),
    cycles: Object.freeze(cycles),
    stats: Object.freeze({
      backend: backend.name,
      nodes: enc.graph.nodeCount,
      edges: enc.graph.edgeTarget.length,
      arenaEntries: res.arena.length,
      timingsMs: Object.freeze({ encode, kernel, results: resultsMs }),
    }),
  });
}

function failedResolution(name: string, error: ResolveFailure): SkillResolution {
  return Object.freeze({ name, ok: false, entries: EMPTY, summary: summaryFromBits(0, 0), error: Object.freeze(error) });
}

function lazyResolution(name: string, count: number, bits: number, build: () => readonly ResolvedToolEntry[]): SkillResolution {
  let cached: readonly ResolvedToolEntry[] | undefined;
  const result = { name, ok: true } as { name: string; ok: boolean; entries: readonly ResolvedToolEntry[]; summary: CapabilitySummary };
  // Perf: an enumerable getter, so JSON.stringify still prints entries, but `--summary`
  // and summary-only callers never turn the arena into objects.
  Object.defineProperty(result, 'entries', { enumerable: true, get: () => (cached ??= build()) });
  result.summary = summaryFromBits(count, bits);
  return Object.freeze(result);
}

/**
 * Resolve one skill (`name` or `scope/name`); failures are data in the result.
 *
 * @example resolveSkill(catalog, 'ship-it').entries.map((e) => e.key);
 */
export function resolveSkill(catalog: Catalog, name: string, options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS): SkillResolution {
  return resolveCatalog(catalog, { ...options, names: [name] }).skills[0]!;
}

/**
 * Like resolveSkill, but throws `resolve.cycle` / `resolve.not-found` on failure.
 *
 * @example const entries = resolveSkillOrThrow(catalog, 'ship-it');
 */
export function resolveSkillOrThrow(catalog: Catalog, name: string, options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS): readonly ResolvedToolEntry[] {
  const result = resolveSkill(catalog, name, options);
  if (result.error) {
    throw new SkillgraphError(result.error.type === 'cycle_detected' ? 'resolve.cycle' : 'resolve.not-found', result.error.message, {
      skill: name,
      type: result.error.type,
    });
  }
  return result.entries;
}

/**
 * Cyclic include components of the whole catalog, one report each.
 *
 * @example findCycles(catalog).map((c) => c.path.join(' -> '));
 */
export function findCycles(catalog: Catalog, options: Omit<ResolveOptions, 'names'> = DEFAULT_OPTIONS): readonly CycleReport[] {
  return resolveCatalog(catalog, options).cycles;
}
