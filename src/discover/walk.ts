/**
 * The bounded agent-root walk (DESIGN D4, D4a, D5). Synchronous
 * `readdirSync(withFileTypes)` breadth-first per root, with every option
 * turned into a specialised function before the hot loop (fdir style).
 */
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { byteOrder } from '../catalog/order.js';
import { SkillgraphError } from '../model/errors.js';
import { catalogDiagnostic } from '../catalog/messages.js';
import { discoverDiagnostic, unreadableDiagnostic } from './messages.js';
import { READ_LISTINGS, type DirListing, type ListingSource } from './listing.js';
import { isInside, isSkillFileName, isSkippedDirName, linkTarget, skillFilesIn, toPosix } from './paths.js';
import { checkRoots, compareRoots, type CheckedRoot, type SkillRoot } from './roots.js';

/** Walk options; see `DEFAULT_DISCOVER_OPTIONS`. */
export interface DiscoverOptions {
  /** Folder levels below a root that are read (root = level 0). */
  readonly depth: number;
  /** Folders read per root before the walk stops with `discover.dir-budget`. */
  readonly maxDirs: number;
  /** Follow symlinks that stay inside the root's canonical path. */
  readonly followSymlinks: boolean;
  /** Descend into skill folders to find nested skills (default: a skill folder is a leaf). */
  readonly nested: boolean;
}

export const DEFAULT_DISCOVER_OPTIONS: DiscoverOptions = Object.freeze({
  depth: 4,
  maxDirs: 2000,
  followSymlinks: false,
  nested: false,
});

/** A SKILL.md found by the walk, ready to read and parse. */
export interface SkillCandidate {
  /** Canonical POSIX path of the skill file: the package locator. */
  readonly locator: string;
  /** Native path to read (canonical). */
  readonly path: string;
  /** Name of the folder that holds the file (for the name/folder rule). */
  readonly dirName: string;
  readonly scope: string;
  readonly precedence: number;
  /** POSIX path of the root as configured. */
  readonly root: string;
}

/** What the walk did under one root. */
export interface RootReport {
  readonly path: string;
  readonly scope: string;
  readonly precedence: number;
  readonly required: boolean;
  readonly status: 'searched' | 'missing';
  /** Folders read. */
  readonly dirs: number;
  /** Skill files attributed to this root. */
  readonly skills: number;
}

export interface DiscoverResult {
  /** Precedence high first, then locator in UTF-8 byte order (D5). */
  readonly candidates: readonly SkillCandidate[];
  /** Sorted by `compareDiagnostics`. */
  readonly diagnostics: readonly Diagnostic[];
  /** One per root, in walk order (precedence high first, then path). */
  readonly roots: readonly RootReport[];
}

/**
 * Validate and complete walk options; errors name the field.
 *
 * @example resolveDiscoverOptions({ depth: 8 }).maxDirs // 2000
 */
export function resolveDiscoverOptions(options: Partial<DiscoverOptions> = {}): DiscoverOptions {
  const merged = { ...DEFAULT_DISCOVER_OPTIONS, ...definedOnly(options) };
  for (const field of ['depth', 'maxDirs'] as const) {
    const v = merged[field];
    if (!Number.isSafeInteger(v) || v < (field === 'maxDirs' ? 1 : 0)) {
      throw new SkillgraphError('options.invalid', `${field} must be a whole number${field === 'maxDirs' ? ' ≥ 1' : ' ≥ 0'}, got ${String(v)}`, { field });
    }
  }
  return Object.freeze(merged);
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Find skill files under `roots`. Missing optional roots are skipped (and
 * reported); a missing required root or a root that is a file throws
 * `root.missing` / `root.not-directory` before anything is walked. The same
 * canonical file reached from two roots counts once, for the stronger root.
 * `listings` is where folder listings come from (default: read each folder;
 * the engine passes its directory memo).
 *
 * @example discover([makeRoot({ path: '.claude/skills' }, cwd)]).candidates.map((c) => c.locator)
 */
export function discover(roots: readonly SkillRoot[], options: Partial<DiscoverOptions> = {}, listings: ListingSource = READ_LISTINGS): DiscoverResult {
  const opts = resolveDiscoverOptions(options);
  const checked = checkRoots([...roots].sort(compareRoots));
  const seen = new Map<string, string>();
  const candidates: SkillCandidate[] = [];
  const diagnostics: Diagnostic[] = [];
  const reports: RootReport[] = [];
  for (const root of checked) {
    const base = { path: toPosix(root.path), scope: root.scope, precedence: root.precedence, required: root.required };
    if (root.real === undefined) {
      diagnostics.push(discoverDiagnostic('discover.root-missing', base.path, { scope: root.scope, root: base.path }));
      reports.push({ ...base, status: 'missing', dirs: 0, skills: 0 });
      continue;
    }
    const found = walkRoot(root, root.real, opts, listings, diagnostics);
    let skills = 0;
    for (const file of found.files) {
      const locator = toPosix(file);
      const owner = seen.get(locator);
      if (owner !== undefined) {
        diagnostics.push(catalogDiagnostic('catalog.duplicate-file', locator, { file: locator, root: owner }));
        continue;
      }
      seen.set(locator, base.path);
      skills++;
      candidates.push({ locator, path: file, dirName: basename(dirname(file)), scope: root.scope, precedence: root.precedence, root: base.path });
    }
    reports.push({ ...base, status: 'searched', dirs: found.dirs, skills });
  }
  candidates.sort((a, b) => b.precedence - a.precedence || byteOrder(a.locator, b.locator));
  diagnostics.sort(compareDiagnostics);
  return { candidates, diagnostics, roots: reports };
}

interface WalkOutput {
  /** Canonical native paths of skill files. */
  readonly files: string[];
  readonly dirs: number;
}

/** Pick the file a skill folder uses: `SKILL.md` exactly, else the first name in byte order. */
function pickSkillFile(dir: string, unsorted: readonly string[], diagnostics: Diagnostic[]): string {
  if (unsorted.length === 1) return unsorted[0]!;
  const names = [...unsorted].sort(byteOrder);
  const used = names.includes('SKILL.md') ? 'SKILL.md' : names[0]!;
  const ignored = names.filter((n) => n !== used).join(', ');
  diagnostics.push(discoverDiagnostic('discover.duplicate-skill-file', toPosix(join(dir, used)), { used, ignored }));
  return used;
}

/**
 * Breadth-first walk of one root. Paths in the queue are canonical: without
 * symlinks every path under the canonical root is canonical, and a followed
 * link is replaced by its realpath.
 */
function walkRoot(root: CheckedRoot, rootReal: string, opts: DiscoverOptions, listings: ListingSource, diagnostics: Diagnostic[]): WalkOutput {
  const files: string[] = [];
  const rootLabel = toPosix(root.path);
  // Perf: options are decided once here; the loop below calls plain closures.
  // With links followed, one real folder can be queued twice (directly and
  // through a link); it is read once, at its first dequeue.
  const visited = opts.followSymlinks ? new Set<string>() : undefined;
  const firstVisit = visited ? (dir: string): boolean => !visited.has(dir) && visited.add(dir) !== undefined : (): boolean => true;
  const handleLinks = opts.followSymlinks ? followLinks : reportLinks;
  const leafSkills = !opts.nested;
  const queue: { path: string; level: number }[] = [{ path: rootReal, level: 0 }];
  let head = 0;
  let dirs = 0;
  let beyondDepth = 0;

  while (head < queue.length) {
    if (dirs >= opts.maxDirs) {
      diagnostics.push(discoverDiagnostic('discover.dir-budget', rootLabel, { root: rootLabel, limit: opts.maxDirs }));
      break;
    }
    const { path: dir, level } = queue[head++]!;
    if (!firstVisit(dir)) continue;
    dirs++;
    let listing: DirListing;
    try {
      listing = listings.list(dir);
    } catch (error) {
      diagnostics.push(unreadableDiagnostic(toPosix(dir), error));
      continue;
    }
    const hasSkill = listing.skillNames.length > 0;
    const linked = listing.links.length > 0 ? handleLinks(dir, listing.links, hasSkill) : NO_LINKS;
    const names = hasSkill ? listing.skillNames : linked.skillNames;
    if (names.length > 0) {
      const picked = pickSkillFile(dir, names, diagnostics);
      files.push(linked.realFiles.get(picked) ?? join(dir, picked));
      if (leafSkills) continue;
    }
    const next = level + 1;
    if (next > opts.depth) {
      beyondDepth += listing.subdirs.length + linked.dirs.length;
      continue;
    }
    // Determinism: children are queued in byte order (listings are sorted; see listing.ts),
    // since the budget cut depends on order.
    for (const name of listing.subdirs) queue.push({ path: join(dir, name), level: next });
    for (const real of linked.dirs) queue.push({ path: real, level: next });
  }
  if (beyondDepth > 0) {
    diagnostics.push(discoverDiagnostic('discover.depth-limit', rootLabel, { count: beyondDepth, depth: opts.depth, root: rootLabel }));
  }
  return { files, dirs };

  /** Default: never follow; report skipped skills and dangling links. */
  function reportLinks(dir: string, names: readonly string[], hasSkill: boolean): LinkResult {
    for (const name of names) {
      const link = join(dir, name);
      const target = linkTarget(link);
      let st;
      try {
        st = statSync(link, { throwIfNoEntry: false });
      } catch {
        st = undefined; // ELOOP on a self-referencing link: as good as dangling
      }
      listings.linkSeen?.(link, st);
      if (st === undefined) {
        diagnostics.push(discoverDiagnostic('discover.symlink-dangling', toPosix(link), { link: toPosix(link), target }));
      } else if (st.isFile() && isSkillFileName(name)) {
        diagnostics.push(discoverDiagnostic('discover.symlink-skipped', toPosix(link), { what: 'skill file', link: toPosix(link), target }));
      } else if (st.isDirectory() && !(hasSkill && leafSkills) && skillFilesIn(link).length > 0) {
        diagnostics.push(discoverDiagnostic('discover.symlink-skipped', toPosix(link), { what: 'skill folder', link: toPosix(link), target }));
      }
    }
    return NO_LINKS;
  }

  /** `--follow-symlinks`: follow links whose realpath stays inside the root, never into an ancestor. */
  function followLinks(dir: string, names: readonly string[], hasSkill: boolean): LinkResult {
    const out: LinkResult = { skillNames: [], realFiles: new Map(), dirs: [] };
    for (const name of names) {
      const link = join(dir, name);
      const label = toPosix(link);
      let real: string;
      try {
        real = realpathSync(link);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const kind = code === 'ELOOP' ? 'discover.symlink-loop' : 'discover.symlink-dangling';
        diagnostics.push(discoverDiagnostic(kind, label, { link: label, target: linkTarget(link) }));
        continue;
      }
      if (!isInside(rootReal, real)) {
        diagnostics.push(discoverDiagnostic('discover.symlink-escape', label, { link: label, target: toPosix(real) }));
        continue;
      }
      const st = statSync(real, { throwIfNoEntry: false });
      if (st?.isFile()) {
        if (isSkillFileName(name)) {
          out.skillNames.push(name);
          out.realFiles.set(name, real);
        }
      } else if (st?.isDirectory() && !isSkippedDirName(name) && !(hasSkill && leafSkills)) {
        if (isInside(real, dir)) {
          diagnostics.push(discoverDiagnostic('discover.symlink-loop', label, { link: label, target: toPosix(real) }));
        } else {
          out.dirs.push(real);
        }
      }
    }
    out.dirs.sort(byteOrder);
    return out;
  }
}

interface LinkResult {
  /** Skill-file names that are followed links (only when following). */
  readonly skillNames: string[];
  /** Link name → canonical target, for followed skill-file links. */
  readonly realFiles: Map<string, string>;
  /** Canonical folders to enter. */
  readonly dirs: string[];
}

const NO_LINKS: LinkResult = Object.freeze({ skillNames: [], realFiles: new Map<string, string>(), dirs: [] });
