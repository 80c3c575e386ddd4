/**
 * The inline (single-thread) catalog pipeline: discover → read → parseSkill →
 * buildCatalog. One broken skill never hides the others: its diagnostics are
 * kept and the rest of the catalog is built.
 *
 * `parseBatch` is the unit a worker pool can take over: plain data in, plain
 * data out, no shared state (a Piscina task would call it with one batch of
 * items and return its results).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { buildCatalog } from '../catalog/build.js';
import { JS_HASHER } from '../catalog/hasher.js';
import { discover, type DiscoverOptions, type DiscoverResult, type RootReport } from '../discover/walk.js';
import type { SkillRoot } from '../discover/roots.js';
import { discoverDiagnostic } from '../discover/messages.js';
import type { HashBackend } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { DEFAULT_PARSE_OPTIONS, PROFILES, formatMessage, isProfileName, parseSkill, type ProfileName } from '../parse/index.js';

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

/**
 * Read and parse a batch of skill files. Never throws for a bad or unreadable
 * file (that becomes a diagnostic); results are in item order.
 *
 * @example parseBatch([{ path, locator: path, dirName: 'pdf', scope: 'project', precedence: 20, root: '/r', profile: 'skillgraph' }])
 */
export function parseBatch(items: readonly ParseItem[]): ParseItemResult[] {
  const maxBytes = DEFAULT_PARSE_OPTIONS.maxFileBytes;
  return items.map((item) => {
    let bytes: Uint8Array;
    try {
      const size = statSync(item.path).size;
      if (size > maxBytes) return tooLarge(item, size, maxBytes);
      bytes = readAll(item.path, size);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      return { locator: item.locator, diagnostics: [discoverDiagnostic('discover.unreadable', item.locator, { path: item.locator, reason })] };
    }
    const parsed = parseSkill(bytes, {
      locator: item.locator,
      dirName: item.dirName,
      profile: item.profile,
      scope: item.scope,
      root: item.root,
      precedence: item.precedence,
    });
    return parsed.package ? { locator: item.locator, package: parsed.package, diagnostics: parsed.diagnostics } : { locator: item.locator, diagnostics: parsed.diagnostics };
  });
}

/** Read exactly `size` bytes (the stat'ed size) so a growing file cannot blow the limit. */
function readAll(path: string, size: number): Uint8Array {
  const buf = new Uint8Array(size);
  const fd = openSync(path, 'r');
  try {
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n === 0) break;
      off += n;
    }
    return off === size ? buf : buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

/** A file over the parse limit is never read; the finding uses parse's wording and the profile's severity. */
function tooLarge(item: ParseItem, size: number, limit: number): ParseItemResult {
  const { message, hint } = formatMessage('file.too-large', { size, limit });
  const level = PROFILES[item.profile].rules['file.too-large'];
  const severity = level === 'off' ? 'error' : level;
  return { locator: item.locator, diagnostics: [{ code: 'file.too-large', severity, message, file: item.locator, line: 0, column: 0, hint }] };
}

/** Options of `loadCatalog`: walk options plus the parse profile and hash backend. */
export interface LoadCatalogOptions extends Partial<DiscoverOptions> {
  readonly roots: readonly SkillRoot[];
  /** Validation profile (default `skillgraph`). */
  readonly profile?: string;
  readonly hasher?: HashBackend;
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

export interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly stats: CatalogStats;
}

/** What discovery planned: the items to parse, plus what `assembleCatalog` needs afterwards. */
export interface CatalogPlan {
  /** One per candidate, in candidate order (precedence high first, then locator). */
  readonly items: readonly ParseItem[];
  readonly discovered: DiscoverResult;
  readonly hasher: HashBackend;
}

/**
 * Step 1 of the pipeline: check roots, walk, and list the files to parse.
 * Throws `root.missing` / `root.not-directory` / `options.invalid`.
 *
 * @example const plan = planCatalog({ roots }); plan.items.length // skill files found
 */
export function planCatalog(input: readonly SkillRoot[] | LoadCatalogOptions): CatalogPlan {
  const options: LoadCatalogOptions = isRootList(input) ? { roots: input } : input;
  const profile = options.profile ?? DEFAULT_PARSE_OPTIONS.profile;
  if (!isProfileName(profile)) {
    throw new SkillgraphError('options.invalid', `unknown profile '${profile}'`, { field: 'profile', profile });
  }
  const discovered = discover(options.roots, options);
  const items: ParseItem[] = discovered.candidates.map((c) => ({
    path: c.path,
    locator: c.locator,
    dirName: c.dirName,
    scope: c.scope,
    precedence: c.precedence,
    root: c.root,
    profile,
  }));
  return { items, discovered, hasher: options.hasher ?? JS_HASHER };
}

/**
 * Step 3: seal the parse results (in item order, from `parseBatch` inline or
 * from workers) into a catalog, keeping every diagnostic.
 *
 * @example assembleCatalog(plan, parseBatch(plan.items)).catalog.digest
 */
export function assembleCatalog(plan: CatalogPlan, results: readonly ParseItemResult[], run: { readonly workers?: number } = {}): LoadedCatalog {
  const packages: SkillPackage[] = [];
  const diagnostics: Diagnostic[] = [...plan.discovered.diagnostics];
  for (const r of results) {
    if (r.package) packages.push(r.package);
    diagnostics.push(...r.diagnostics);
  }
  const catalog = buildCatalog(packages, { hasher: plan.hasher, diagnostics });
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
  return { catalog, stats };
}

/**
 * Discover, parse and seal in one thread: `planCatalog` → `parseBatch` → `assembleCatalog`.
 *
 * @example const { catalog, stats } = loadCatalog({ roots: [makeRoot({ path: 'skills', scope: 'local' }, cwd)] });
 */
export function loadCatalog(input: readonly SkillRoot[] | LoadCatalogOptions): LoadedCatalog {
  const plan = planCatalog(input);
  return assembleCatalog(plan, parseBatch(plan.items));
}

function isRootList(input: readonly SkillRoot[] | LoadCatalogOptions): input is readonly SkillRoot[] {
  return Array.isArray(input);
}
