/**
 * The parse-free steps of the catalog pipeline: plan (check roots, walk, list the files) and assemble (seal
 * results into a catalog), apart from `parse-files.ts` so a warm run never loads the parse stage.
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
// Not the parse barrel, which loads yaml and zod.
import { isProfileName, type ProfileName } from '../parse/profiles.js';
import { keepOutboundLinks, type Reference } from '../routing/references.js';

/** The profile used when none is given (a unit test keeps it equal to `DEFAULT_PARSE_OPTIONS.profile`). */
export const DEFAULT_PLAN_PROFILE: ProfileName = 'skillgraph';

/** One file to read and parse (plain data; safe to post to a worker). */
export interface ParseItem {
  readonly path: string;
  /** Canonical POSIX path: the package locator. */
  readonly locator: string;
  readonly dirName: string;
  readonly scope: string;
  readonly precedence: number;
  readonly root: string;
  readonly profile: ProfileName;
}

export interface ParseItemResult {
  readonly locator: string;
  readonly package?: SkillPackage;
  readonly diagnostics: readonly Diagnostic[];
  /** `findOutboundLinks` of the package's body, found while the body was fresh (in a worker when there is a pool). */
  readonly links?: readonly Reference[];
}

/** Options of `loadCatalog`: walk options plus the parse profile and hash backend. */
export interface LoadCatalogOptions extends Partial<DiscoverOptions> {
  readonly roots: readonly SkillRoot[];
  readonly profile?: string;
  readonly hasher?: HashBackend;
  /** Findings made before the walk (e.g. config roots refused) to keep with the catalog. */
  readonly notices?: readonly Diagnostic[];
  /** Total SKILL.md bytes read in one run; files past it get `input.budget` (default 128 MiB). */
  readonly maxInputBytes?: number;
  readonly seal?: Pick<BuildCatalogOptions, 'resourceId' | 'conflictOrder' | 'strict'>;
}

/** Counts that describe a run (no timings: `--json` output stays byte-identical). */
export interface CatalogStats {
  readonly files: number;
  readonly skills: number;
  /** Candidates that parsed (winners and shadowed). */
  readonly parsed: number;
  readonly broken: number;
  readonly backend: string;
  readonly workers: number;
  readonly roots: {
    readonly searched: number;
    readonly dirs: number;
    readonly missing: readonly string[];
    readonly list: readonly RootReport[];
  };
}

/** Where every SKILL.md the walk saw went; `seen` is the sum of the others. */
export interface FileAccounting {
  readonly seen: number;
  readonly catalogued: number;
  /** Parsed, but a stronger candidate took the name. */
  readonly shadowed: number;
  /** Read but not parsed into a package (errors, unreadable, too large). */
  readonly invalid: number;
  /** The same file reached a second time (a link, a second root): counted once. */
  readonly sameFile: number;
  readonly notCatalogued: NotCatalogued;
}

export interface WalkReport {
  /** False when a root's walk stopped at a limit. */
  readonly complete: boolean;
  readonly limits: readonly LimitHit[];
  readonly files: FileAccounting;
  /** Every candidate's locator → its root (as configured) and its path inside the root as reached. */
  readonly placed: ReadonlyMap<string, { readonly root: string; readonly inRoot: string }>;
}

export interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly stats: CatalogStats;
  readonly walk: WalkReport;
}

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
 * Check roots, walk, and list the files to parse (`listings`: the engine's folder memo).
 * Throws `root.missing`, `root.not-directory` or `options.invalid`.
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

export interface AssembleOptions {
  readonly workers?: number;
  /** The results are fresh, their digests made by skillgraph's own hashers: kept, packages frozen in place. */
  readonly trustDigests?: boolean;
}

export function assembleCatalog(
  plan: CatalogPlan,
  results: readonly ParseItemResult[],
  run: AssembleOptions = {},
): LoadedCatalog {
  const packages: SkillPackage[] = [];
  const diagnostics: Diagnostic[] = [...plan.discovered.diagnostics];
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    if (r.package) {
      packages.push(r.package);
      if (r.links) keepOutboundLinks(r.package, r.links);
    }
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

/** The walk's findings with the notices made before it; a notice replaces the walk's own of that code and file. */
function withNotices(found: readonly Diagnostic[], notices: readonly Diagnostic[]): Diagnostic[] {
  const noticed = new Set(notices.map((d) => `${d.code}\0${d.file}`));
  return [...found.filter((d) => !noticed.has(`${d.code}\0${d.file}`)), ...notices].sort(compareDiagnostics);
}
