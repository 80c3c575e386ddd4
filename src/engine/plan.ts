/**
 * The parse-free steps of the catalog pipeline: plan (check roots, walk,
 * list the files) and assemble (seal parse results into a catalog). Kept
 * apart from `parse-files.ts` so the engine can walk, stat and answer from
 * its run memo without loading the parse stage (and yaml / zod) at all.
 */
import { buildCatalog, type BuildCatalogOptions } from '../catalog/build.js';
import { JS_HASHER } from '../catalog/hasher.js';
import type { ListingSource } from '../discover/listing.js';
import {
  DISCOVER_KEYS,
  discover,
  type DiscoverOptions,
  type DiscoverResult,
  type RootReport,
} from '../discover/walk.js';
import type { LimitHit, NotCatalogued } from '../discover/account.js';
import { assertRoots, type SkillRoot } from '../discover/roots.js';
import type { HashBackend } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { checkOptionKeys, optionKeys, pickOptions } from '../model/option-keys.js';
import type { SkillPackage } from '../model/package.js';
// Perf: profiles.ts, not the parse barrel (which loads yaml and zod, ~70 ms).
import { isProfileName, type ProfileName } from '../parse/profiles.js';

/** The profile used when none is given (`DEFAULT_PARSE_OPTIONS.profile`; a unit test keeps them equal). */
export const DEFAULT_PLAN_PROFILE: ProfileName = 'skillgraph';

/** One file to read and parse (plain data; safe to post to a worker). */
export interface ParseItem {
  /** Native path to read. */
  readonly path: string;
  /** Canonical POSIX path: the package locator. */
  readonly locator: string;
  readonly dirName: string;
  readonly scope: string;
  readonly precedence: number;
  readonly root: string;
  readonly profile: ProfileName;
}

/** The outcome for one item: a package unless the skill is broken, and every finding. */
export interface ParseItemResult {
  readonly locator: string;
  readonly package?: SkillPackage;
  readonly diagnostics: readonly Diagnostic[];
}

/** Options of `loadCatalog`: walk options plus the parse profile and hash backend. */
export interface LoadCatalogOptions extends Partial<DiscoverOptions> {
  readonly roots: readonly SkillRoot[];
  /** Validation profile (default `skillgraph`). */
  readonly profile?: string;
  readonly hasher?: HashBackend;
  /** Findings made before the walk (e.g. config roots refused) to keep with the catalog. */
  readonly notices?: readonly Diagnostic[];
  /** Total SKILL.md bytes read in one run; files past it get `input.budget` (default 128 MiB). */
  readonly maxInputBytes?: number;
  /** How the catalog is sealed: its `resourceId`, the order of its conflicts, strict names. */
  readonly seal?: Pick<BuildCatalogOptions, 'resourceId' | 'conflictOrder' | 'strict'>;
}

/** Counts that describe a run (no timings: `--json` output stays byte-identical). */
export interface CatalogStats {
  /** Skill files read. */
  readonly files: number;
  /** Skills in the catalog (winners). */
  readonly skills: number;
  /** Candidates that parsed (winners and shadowed). */
  readonly parsed: number;
  /** Candidates that did not parse (see diagnostics). */
  readonly broken: number;
  readonly backend: string;
  /** Worker threads used for parsing (0 = inline). */
  readonly workers: number;
  readonly roots: {
    readonly searched: number;
    readonly dirs: number;
    /** POSIX paths of optional roots that do not exist. */
    readonly missing: readonly string[];
    readonly list: readonly RootReport[];
  };
}

/** Where every SKILL.md the walk saw went; `seen` is the sum of the others. */
export interface FileAccounting {
  readonly seen: number;
  /** Winners: in the catalog. */
  readonly catalogued: number;
  /** Parsed, but a stronger candidate took the name. */
  readonly shadowed: number;
  /** Read but not parsed into a package (errors, unreadable, too large). */
  readonly invalid: number;
  /** The same file reached a second time (a link, a second root): counted once. */
  readonly sameFile: number;
  /** Seen and not read, by reason. */
  readonly notCatalogued: NotCatalogued;
}

/** Whether the walk saw everything, and what became of each file it saw. */
export interface WalkReport {
  /** False when a root's walk stopped at a limit. */
  readonly complete: boolean;
  readonly limits: readonly LimitHit[];
  readonly files: FileAccounting;
  /** Every candidate's locator → its root (POSIX, as configured) and its path inside the root as reached (through links). */
  readonly placed: ReadonlyMap<string, { readonly root: string; readonly inRoot: string }>;
}

export interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
}

/** What discovery planned: the items to parse, plus what `assembleCatalog` needs afterwards. */
export interface CatalogPlan {
  /** One per candidate, in candidate order (precedence high first, then locator). */
  readonly items: readonly ParseItem[];
  readonly discovered: DiscoverResult;
  readonly hasher: HashBackend;
  readonly seal?: LoadCatalogOptions['seal'];
}

const LOAD_CATALOG_KEYS = optionKeys<LoadCatalogOptions>('loadCatalog', {
  roots: true,
  profile: true,
  hasher: true,
  notices: true,
  maxInputBytes: true,
  seal: true,
  depth: true,
  depthCountsRoot: true,
  sameFileCredit: true,
  maxDirs: true,
  followSymlinks: true,
  linkBounds: true,
  nested: true,
  skipFolders: true,
});

const SEAL_KEYS = optionKeys<NonNullable<LoadCatalogOptions['seal']>>('loadCatalog seal', {
  resourceId: true,
  conflictOrder: true,
  strict: true,
});

/**
 * Step 1 of the pipeline: check roots, walk, and list the files to parse.
 * Throws `root.missing` / `root.not-directory` / `options.invalid`.
 * `listings`: where folder listings come from (the engine's directory memo).
 *
 * @example const plan = planCatalog({ roots }); plan.items.length // skill files found
 */
export function planCatalog(input: readonly SkillRoot[] | LoadCatalogOptions, listings?: ListingSource): CatalogPlan {
  if (typeof input !== 'object' || input === null)
    throw new SkillgraphError('options.invalid', 'loadCatalog takes a list of roots or { roots, … }', {
      field: 'roots',
    });
  const options: LoadCatalogOptions = isRootList(input) ? { roots: input } : input;
  checkOptionKeys(options, LOAD_CATALOG_KEYS);
  checkOptionKeys(options.seal, SEAL_KEYS);
  assertRoots(options.roots);
  if (
    options.maxInputBytes !== undefined &&
    (!Number.isSafeInteger(options.maxInputBytes) || options.maxInputBytes < 1)
  ) {
    throw new SkillgraphError(
      'options.invalid',
      `maxInputBytes must be a whole number ≥ 1, got ${String(options.maxInputBytes)}`,
      { field: 'maxInputBytes' },
    );
  }
  const profile = options.profile ?? DEFAULT_PLAN_PROFILE;
  if (!isProfileName(profile)) {
    throw new SkillgraphError('options.invalid', `unknown profile '${profile}'`, { field: 'profile', profile });
  }
  const walked = discover(options.roots, pickOptions<DiscoverOptions>(options, DISCOVER_KEYS), listings);
  const discovered = options.notices?.length
    ? { ...walked, diagnostics: withNotices(walked.diagnostics, options.notices) }
    : walked;
  const items: ParseItem[] = discovered.candidates.map((c) => ({
    path: c.path,
    locator: c.locator,
    dirName: c.dirName,
    scope: c.scope,
    precedence: c.precedence,
    root: c.root,
    profile,
  }));
  return { items, discovered, hasher: options.hasher ?? JS_HASHER, ...(options.seal ? { seal: options.seal } : {}) };
}

/** How the results of `assembleCatalog` were made. */
export interface AssembleOptions {
  /** Worker threads used (reported in stats). */
  readonly workers?: number;
  /**
   * The results are fresh objects from `parseBatch(items, hasher)` / the
   * engine (or its cache), their digests made by skillgraph's own hashers:
   * keep them and freeze the packages in place (see `buildCatalog`).
   */
  readonly trustDigests?: boolean;
}

/**
 * Step 3: seal the parse results (in item order, from `parseBatch` inline or
 * from workers) into a catalog, keeping every diagnostic.
 *
 * @example assembleCatalog(plan, parseBatch(plan.items)).catalog.digest
 */
export function assembleCatalog(
  plan: CatalogPlan,
  results: readonly ParseItemResult[],
  run: AssembleOptions = {},
): LoadedCatalog {
  const packages: SkillPackage[] = [];
  const diagnostics: Diagnostic[] = [...plan.discovered.diagnostics];
  // Perf: indexed loops, no spread call per result (10k results, in code that runs once per process).
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    if (r.package) packages.push(r.package);
    for (let j = 0; j < r.diagnostics.length; j++) diagnostics.push(r.diagnostics[j]!);
  }
  const catalog = buildCatalog(packages, {
    ...plan.seal,
    hasher: plan.hasher,
    diagnostics,
    trustDigests: run.trustDigests === true,
    aliases: plan.discovered.reachedTwice,
  });
  const roots = plan.discovered.roots;
  const searched = roots.filter((r) => r.status === 'searched');
  const stats: CatalogStats = {
    files: plan.items.length,
    skills: catalog.skills.length,
    parsed: packages.length,
    broken: plan.items.length - packages.length,
    backend: plan.hasher.name,
    workers: run.workers ?? 0,
    roots: {
      searched: searched.length,
      dirs: searched.reduce((n, r) => n + r.dirs, 0),
      missing: roots.filter((r) => r.status === 'missing').map((r) => r.path),
      list: roots,
    },
  };
  const d = plan.discovered;
  const notCatalogued = Object.values(d.notCatalogued).reduce((n, c) => n + c, 0);
  const files: FileAccounting = {
    seen: plan.items.length + d.sameFile + notCatalogued,
    catalogued: catalog.skills.length,
    shadowed: packages.length - catalog.skills.length,
    invalid: plan.items.length - packages.length,
    sameFile: d.sameFile,
    notCatalogued: d.notCatalogued,
  };
  // Perf: filled in one loop, without a pair array per candidate.
  const placed = new Map<string, { readonly root: string; readonly inRoot: string }>();
  for (let i = 0; i < d.candidates.length; i++) {
    const c = d.candidates[i]!;
    placed.set(c.locator, { root: c.root, inRoot: c.inRoot });
  }
  return { catalog, stats, walk: { complete: d.complete, limits: d.limits, files, placed } };
}

function isRootList(input: readonly SkillRoot[] | LoadCatalogOptions): input is readonly SkillRoot[] {
  return Array.isArray(input);
}

/** The walk's findings with the notices made before it; a notice replaces the walk's own finding of that code and file. */
function withNotices(found: readonly Diagnostic[], notices: readonly Diagnostic[]): Diagnostic[] {
  const noticed = new Set(notices.map((d) => `${d.code}\0${d.file}`));
  return [...found.filter((d) => !noticed.has(`${d.code}\0${d.file}`)), ...notices].sort(compareDiagnostics);
}
