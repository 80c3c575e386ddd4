// Every option becomes a specialised function before the hot loop; every SKILL.md seen becomes a candidate or
// is accounted for (`account.ts`).
import { realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { byteOrder, unitOrderIsByteOrder } from '../model/order.js';
import { SkillgraphError } from '../model/errors.js';
import { emptyNotCatalogued, type LimitHit, type NotCatalogued } from './account.js';
import { discoverDiagnostic } from './messages.js';
import { READ_LISTINGS, type ListingSource } from './listing.js';
import { toPosix } from './paths.js';
import { assertRoots, checkRoots, compareRoots, type SkillRoot } from './roots.js';
import { walkRoot, type FoundFile } from './walk-root.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** Walk options; see `DEFAULT_DISCOVER_OPTIONS`. */
export interface DiscoverOptions {
  /** Folder levels below a root that are searched: the root is level 0, so `depth: 4` reaches `root/a/b/c/d`. */
  readonly depth: number;
  /** The catalog runtime's convention: the root is the first of `depth` levels (resolved into `depth` − 1). */
  readonly depthCountsRoot: boolean;
  /** Which root a file reached through two is credited to: `strongest` (default) or `first-listed`. */
  readonly sameFileCredit: 'strongest' | 'first-listed';
  /** Folders read per root before the walk stops with `discover.dir-budget`. */
  readonly maxDirs: number;
  /** Follow linked skill folders and SKILL.md files whose target lies inside a root or `linkBounds`. */
  readonly followSymlinks: boolean;
  /** Absolute folders besides the roots a followed link may lead into: the project folder. */
  readonly linkBounds: readonly string[];
  /** Descend into skill folders to find nested skills (default: a skill folder is a leaf). */
  readonly nested: boolean;
  /** Folders only looked into: `default` (node_modules, non-agent dot-folders), `dot`, both, or `none`. */
  readonly skipFolders: SkipFoldersOption;
}

export const SKIP_FOLDERS_OPTIONS = ['default', 'dot', 'dot-and-node-modules', 'none'] as const;
export type SkipFoldersOption = (typeof SKIP_FOLDERS_OPTIONS)[number];

// A 100,000-skill project root is walked completely; 250,000 folders bound a hostile tree's walk to seconds.
export const DEFAULT_DISCOVER_OPTIONS: DiscoverOptions = Object.freeze({
  depth: 12,
  depthCountsRoot: false,
  sameFileCredit: 'strongest',
  maxDirs: 250_000,
  followSymlinks: true,
  linkBounds: Object.freeze([]) as readonly string[],
  nested: false,
  skipFolders: 'default',
});

/** A SKILL.md found by the walk, ready to read and parse. */
export interface SkillCandidate {
  /** Canonical POSIX path of the skill file: the package locator. */
  readonly locator: string;
  readonly path: string;
  /** For the name/folder rule. */
  readonly dirName: string;
  readonly scope: string;
  readonly precedence: number;
  readonly root: string;
  /** POSIX path inside the root as the walk reached it (through links), e.g. `pdf/SKILL.md`. */
  readonly inRoot: string;
}

export interface RootReport {
  readonly path: string;
  readonly scope: string;
  readonly precedence: number;
  readonly required: boolean;
  readonly status: 'searched' | 'missing';
  readonly dirs: number;
  readonly skills: number;
}

export interface DiscoverResult {
  /** Precedence high first, then locator in UTF-8 byte order. */
  readonly candidates: readonly SkillCandidate[];
  readonly diagnostics: readonly Diagnostic[];
  /** One per root, in walk order. */
  readonly roots: readonly RootReport[];
  /** False when a root's walk stopped at a limit (`limits` says where). */
  readonly complete: boolean;
  readonly limits: readonly LimitHit[];
  readonly notCatalogued: NotCatalogued;
  /** SKILL.md files reached a second time (through a link or a second root): counted once. */
  readonly sameFile: number;
  readonly reachedTwice: readonly { readonly locator: string; readonly via: string }[];
}

export const DISCOVER_KEYS = optionKeys<DiscoverOptions>('discover', {
  depth: true,
  depthCountsRoot: true,
  sameFileCredit: true,
  maxDirs: true,
  followSymlinks: true,
  linkBounds: true,
  nested: true,
  skipFolders: true,
});

/** Validate and complete walk options; errors name the field. */
export function resolveDiscoverOptions(options: Partial<DiscoverOptions> = {}): DiscoverOptions {
  const merged = { ...DEFAULT_DISCOVER_OPTIONS, ...definedOnly(options) };
  for (const field of ['depth', 'maxDirs'] as const) {
    const v = merged[field];
    if (!Number.isSafeInteger(v) || v < (field === 'maxDirs' ? 1 : 0)) {
      throw new SkillgraphError(
        'options.invalid',
        `${field} must be a whole number${field === 'maxDirs' ? ' ≥ 1' : ' ≥ 0'}, got ${String(v)}`,
        { field },
      );
    }
  }
  for (const field of ['followSymlinks', 'nested', 'depthCountsRoot'] as const) {
    if (typeof merged[field] !== 'boolean')
      throw new SkillgraphError('options.invalid', `${field} must be true or false, got ${String(merged[field])}`, {
        field,
      });
  }
  if (!(SKIP_FOLDERS_OPTIONS as readonly string[]).includes(merged.skipFolders)) {
    throw new SkillgraphError(
      'options.invalid',
      `skipFolders must be one of ${SKIP_FOLDERS_OPTIONS.join(', ')}, got ${String(merged.skipFolders)}`,
      { field: 'skipFolders' },
    );
  }
  if (merged.sameFileCredit !== 'strongest' && merged.sameFileCredit !== 'first-listed') {
    throw new SkillgraphError(
      'options.invalid',
      `sameFileCredit must be 'strongest' or 'first-listed', got ${String(merged.sameFileCredit)}`,
      { field: 'sameFileCredit' },
    );
  }
  if (merged.depthCountsRoot) {
    if (merged.depth < 1)
      throw new SkillgraphError('options.invalid', 'depth must be at least 1 when the root counts as the first level', {
        field: 'depth',
      });
    // Resolved once into our meaning, so resolving the result again changes nothing.
    merged.depth -= 1;
    merged.depthCountsRoot = false;
  }
  if (
    !Array.isArray(merged.linkBounds) ||
    !merged.linkBounds.every((b) => typeof b === 'string' && b.length > 0 && !b.includes('\0'))
  ) {
    throw new SkillgraphError('options.invalid', 'linkBounds must be a list of folder paths', { field: 'linkBounds' });
  }
  return Object.freeze({ ...merged, linkBounds: Object.freeze([...merged.linkBounds]) });
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Find skill files under `roots`; root errors throw before anything is walked. A canonical file reached twice
 * counts once, for the stronger root. `listings` defaults to reading each folder.
 */
export function discover(
  roots: readonly SkillRoot[],
  options: Partial<DiscoverOptions> = {},
  listings: ListingSource = READ_LISTINGS,
): DiscoverResult {
  assertRoots(roots);
  checkOptionKeys(options, DISCOVER_KEYS);
  const opts = resolveDiscoverOptions(options);
  // Walk order decides which root a file reached twice is credited to.
  const checked = checkRoots(opts.sameFileCredit === 'first-listed' ? [...roots] : [...roots].sort(compareRoots));
  const bounds = linkBoundsFor(
    checked.map((r) => r.real),
    opts.linkBounds,
  );
  const candidates: SkillCandidate[] = [];
  const diagnostics: Diagnostic[] = [];
  const reports: { -readonly [K in keyof RootReport]: RootReport[K] }[] = [];
  const limits: LimitHit[] = [];
  const notCatalogued = emptyNotCatalogued();
  const reachedTwice: { locator: string; via: string }[] = [];
  const arrivals: Arrival[] = [];
  for (const root of checked) {
    const base = { path: toPosix(root.path), scope: root.scope, precedence: root.precedence, required: root.required };
    if (root.real === undefined) {
      diagnostics.push(discoverDiagnostic('discover.root-missing', base.path, { scope: root.scope, root: base.path }));
      reports.push({ ...base, status: 'missing', dirs: 0, skills: 0 });
      continue;
    }
    const found = walkRoot(root, root.real, opts, bounds, listings, diagnostics);
    limits.push(...found.limits);
    for (const [reason, n] of found.notCatalogued) notCatalogued[reason] += n;
    const report = { ...base, status: 'searched' as const, dirs: found.dirs, skills: 0 };
    reports.push(report);
    // The folder name an agent sees is the one the walk reached (a linked SKILL.md sits in the link's folder).
    const rootDirName = basename(join(root.path, '.'));
    for (let i = 0; i < found.files.length; i++) arrivals.push({ file: found.files[i]!, root, report, rootDirName });
  }
  // The file itself wins over links to it, so an alias folder never takes the real skill's place.
  const winner = new Map<string, number>();
  for (let i = 0; i < arrivals.length; i++) {
    const file = arrivals[i]!.file;
    const at = winner.get(file.real);
    if (at === undefined || (isLinked(arrivals[at]!.file) && !isLinked(file))) winner.set(file.real, i);
  }
  for (let i = 0; i < arrivals.length; i++) {
    const { file, root, report, rootDirName } = arrivals[i]!;
    const won = arrivals[winner.get(file.real)!]!;
    const locator = toPosix(won.file.entry);
    if (won !== arrivals[i]) {
      const via = `${report.path}/${file.inRoot}`;
      reachedTwice.push({ locator, via });
      diagnostics.push(discoverDiagnostic('discover.same-file', via, { via, file: locator }));
      continue;
    }
    report.skills++;
    const dirName = parentName(file.inRoot, rootDirName);
    candidates.push({
      locator,
      path: file.real,
      dirName,
      scope: root.scope,
      precedence: root.precedence,
      root: report.path,
      inRoot: file.inRoot,
    });
  }
  const order = unitOrderIsByteOrder(candidates.map((c) => c.locator)) ? unitOrder : byteOrder;
  candidates.sort((a, b) => b.precedence - a.precedence || order(a.locator, b.locator));
  diagnostics.sort(compareDiagnostics);
  reachedTwice.sort((a, b) => byteOrder(a.via, b.via));
  return {
    candidates,
    diagnostics,
    roots: reports,
    complete: limits.length === 0,
    limits,
    notCatalogued,
    sameFile: reachedTwice.length,
    reachedTwice,
  };
}

interface Arrival {
  readonly file: FoundFile;
  readonly root: SkillRoot;
  readonly report: { readonly path: string; skills: number };
  readonly rootDirName: string;
}

const isLinked = (file: FoundFile): boolean => file.entry !== file.real;

const unitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Perf: `basename(dirname(join(root, inRoot)))` without normalising a path per skill.
function parentName(inRoot: string, rootDirName: string): string {
  const last = inRoot.lastIndexOf('/');
  if (last < 0) return rootDirName;
  return inRoot.slice(inRoot.lastIndexOf('/', last - 1) + 1, last);
}

function linkBoundsFor(rootReals: readonly (string | undefined)[], extra: readonly string[]): readonly string[] {
  const out = new Set<string>();
  for (const r of rootReals) if (r !== undefined) out.add(r);
  for (const b of extra) {
    try {
      out.add(realpathSync(b));
    } catch {
      // a bound that does not exist contains nothing
    }
  }
  return [...out].sort(byteOrder);
}
