// A folder is either searched or only looked into (inside a skill folder or a skipped folder), where a SKILL.md
// is counted as not catalogued. Queued paths are canonical: a followed link is replaced by its realpath.
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import { byteOrder } from '../model/order.js';
import { WalkAccount, type LimitHit, type NotCataloguedReason } from './account.js';
import { discoverDiagnostic, unreadableDiagnostic } from './messages.js';
import type { DirListing, ListingSource } from './listing.js';
import { isInside, isSkillFileName, isSkippedDirName, linkTarget, skillFilesIn, toPosix } from './paths.js';
import type { CheckedRoot } from './roots.js';
import type { DiscoverOptions } from './walk.js';

/** A skill file the walk of one root found. */
export interface FoundFile {
  /** Canonical native path of the file's content. */
  readonly real: string;
  /** POSIX path inside the root as reached, e.g. `pdf/SKILL.md`. */
  readonly inRoot: string;
  /** For a file-linked SKILL.md the link itself (its folder is the skill an agent sees); else equal to `real`. */
  readonly entry: string;
}

export interface RootWalk {
  readonly files: readonly FoundFile[];
  readonly dirs: number;
  readonly limits: readonly LimitHit[];
  readonly notCatalogued: ReadonlyMap<NotCataloguedReason, number>;
}

interface Owner {
  readonly reason: 'nested' | 'skipped-folder';
  readonly dir: string;
}

interface Item {
  readonly path: string;
  readonly rel: string;
  readonly level: number;
  /** Set when the folder is only looked into. */
  readonly owner: Owner | undefined;
}

interface LinkResult {
  readonly skillNames: string[];
  readonly realFiles: Map<string, string>;
  readonly dirs: { readonly real: string; readonly name: string }[];
}

const NO_LINKS: LinkResult = Object.freeze({ skillNames: [], realFiles: new Map<string, string>(), dirs: [] });

const relOf = (rel: string, name: string): string => (rel ? `${rel}/${name}` : name);

// Perf: a listed name holds no separator and the folder is canonical, so this is `join` without its normalising.
const prefixOf = (dir: string): string => (dir.endsWith(sep) ? dir : dir + sep);

// `bounds`: canonical folders a followed link may lead into.
export function walkRoot(
  root: CheckedRoot,
  rootReal: string,
  opts: DiscoverOptions,
  bounds: readonly string[],
  listings: ListingSource,
  diagnostics: Diagnostic[],
): RootWalk {
  const rootLabel = toPosix(root.path);
  const account = new WalkAccount(rootLabel, diagnostics);
  const files: FoundFile[] = [];
  const limits: LimitHit[] = [];
  // One real folder can be queued twice (directly and through a link); it is read at its first dequeue.
  // Perf: until a folder link is queued every path is distinct, so the set is built only then.
  let visited: Set<string> | undefined;
  // Perf: options are decided once here; the loop below calls plain closures.
  const handleLinks = opts.followSymlinks ? followLinks : reportLinks;
  const leafSkills = !opts.nested;
  const [searchSkipped, skipSubdir] = skipRules(opts.skipFolders);
  const inBounds = (real: string): boolean => bounds.some((b) => isInside(b, real));
  const queue: Item[] = [{ path: rootReal, rel: '', level: 0, owner: undefined }];
  let head = 0;
  let dirs = 0;
  let beyondDepth = 0;
  let peekBeyond = 0;

  while (head < queue.length) {
    if (dirs >= opts.maxDirs) {
      const left = queue.length - head;
      diagnostics.push(
        discoverDiagnostic('discover.dir-budget', rootLabel, { root: rootLabel, limit: opts.maxDirs, count: left }),
      );
      limits.push({ root: rootLabel, limit: 'max-dirs', value: opts.maxDirs, unsearched: left, flag: '--max-dirs' });
      break;
    }
    const item = queue[head++]!;
    if (visited !== undefined) {
      if (visited.has(item.path)) continue;
      visited.add(item.path);
    }
    dirs++;
    let listing: DirListing;
    try {
      listing = listings.list(item.path);
    } catch (error) {
      diagnostics.push(unreadableDiagnostic(toPosix(item.path), error));
      continue;
    }
    if (item.owner) lookInto(item, item.owner, listing);
    else search(item, listing);
  }
  if (beyondDepth > 0) {
    diagnostics.push(
      discoverDiagnostic('discover.depth-limit', rootLabel, { count: beyondDepth, depth: opts.depth, root: rootLabel }),
    );
    limits.push({ root: rootLabel, limit: 'depth', value: opts.depth, unsearched: beyondDepth, flag: '--depth' });
  }
  if (peekBeyond > 0)
    diagnostics.push(
      discoverDiagnostic('discover.peek-limit', rootLabel, { count: peekBeyond, depth: opts.depth, root: rootLabel }),
    );
  return { files, dirs, limits, notCatalogued: account.finish() };

  function search(item: Item, listing: DirListing): void {
    const dir = item.path;
    const hasSkill = listing.skillNames.length > 0;
    const linked = listing.links.length > 0 ? handleLinks(dir, listing.links, hasSkill) : NO_LINKS;
    const prefix = prefixOf(dir);
    // Perf: indexed loops; most of these lists are empty.
    for (let i = 0; i < listing.special.length; i++) notRegular(prefix + listing.special[i]!);
    const names = linked.skillNames.length === 0 ? listing.skillNames : [...listing.skillNames, ...linked.skillNames];
    let owner: Owner | undefined;
    if (names.length > 0) {
      const picked = pickSkillFile(dir, names);
      const entry = prefix + picked;
      files.push({ real: linked.realFiles.get(picked) ?? entry, inRoot: relOf(item.rel, picked), entry });
      // A skill folder is a leaf: below it, nested skill files are only reported.
      if (leafSkills) owner = { reason: 'nested', dir: toPosix(dir) };
    }
    const next = item.level + 1;
    if (next > opts.depth) {
      if (owner) peekBeyond += listing.subdirs.length + listing.skipped.length;
      else {
        beyondDepth += listing.subdirs.length + linked.dirs.length;
        peekBeyond += listing.skipped.length;
      }
      return;
    }
    // Children queued in byte order: the budget cut depends on order.
    const subdirs = listing.subdirs;
    for (let i = 0; i < subdirs.length; i++) {
      const name = subdirs[i]!;
      const path = prefix + name;
      queue.push({
        path,
        rel: relOf(item.rel, name),
        level: next,
        owner: owner ?? (skipSubdir(name) ? { reason: 'skipped-folder', dir: toPosix(path) } : undefined),
      });
    }
    if (linked.dirs.length > 0 && visited === undefined) visited = new Set(queue.slice(0, head).map((q) => q.path));
    for (let i = 0; i < linked.dirs.length; i++) {
      const { real, name } = linked.dirs[i]!;
      queue.push({ path: real, rel: relOf(item.rel, name), level: next, owner: undefined });
    }
    for (let i = 0; i < listing.skipped.length; i++) {
      const name = listing.skipped[i]!;
      const path = prefix + name;
      queue.push({
        path,
        rel: relOf(item.rel, name),
        level: next,
        owner: owner ?? (searchSkipped(name) ? undefined : { reason: 'skipped-folder', dir: toPosix(path) }),
      });
    }
  }

  function lookInto(item: Item, owner: Owner, listing: DirListing): void {
    const prefix = prefixOf(item.path);
    // Perf: most folders looked into (a skill's scripts/, references/) hold no skill file and no link.
    if (listing.skillNames.length + listing.special.length + listing.links.length > 0) {
      const found = [...listing.skillNames, ...listing.special, ...listing.links.filter(isSkillFileName)];
      for (const name of found.sort(byteOrder)) notCatalogued(owner, toPosix(prefix + name));
    }
    const next = item.level + 1;
    const children =
      listing.skipped.length === 0 ? listing.subdirs : [...listing.subdirs, ...listing.skipped].sort(byteOrder);
    if (next > opts.depth) {
      peekBeyond += children.length;
      return;
    }
    // Links are not followed here: what a skill links to is its own business, not a place to search.
    for (let i = 0; i < children.length; i++)
      queue.push({ path: prefix + children[i]!, rel: relOf(item.rel, children[i]!), level: next, owner });
  }

  function notCatalogued(owner: Owner, file: string): void {
    if (owner.reason === 'nested') account.add('nested', 'discover.nested-skill', file, { file, skill: owner.dir });
    else account.add('skipped-folder', 'discover.skipped-folder-skill', file, { file, folder: owner.dir });
  }

  function notRegular(path: string): void {
    const file = toPosix(path);
    account.add('not-regular', 'discover.not-regular', file, { file, kind: specialKind(path) });
  }

  // `SKILL.md` exactly, else the first name in byte order.
  function pickSkillFile(dir: string, unsorted: readonly string[]): string {
    if (unsorted.length === 1) return unsorted[0]!;
    const names = [...unsorted].sort(byteOrder);
    const used = names.includes('SKILL.md') ? 'SKILL.md' : names[0]!;
    const ignored = names.filter((n) => n !== used);
    diagnostics.push(
      discoverDiagnostic('discover.duplicate-skill-file', toPosix(join(dir, used)), {
        used,
        ignored: ignored.join(', '),
      }),
    );
    for (let i = 0; i < ignored.length; i++) account.count('duplicate-name');
    return used;
  }

  // `--no-follow-symlinks`: report skipped skills and dangling links.
  function reportLinks(dir: string, names: readonly string[], hasSkill: boolean): LinkResult {
    for (const name of names) {
      const link = join(dir, name);
      const target = linkTarget(link);
      const st = statOrUndefined(link);
      listings.linkSeen?.(link, st);
      const label = toPosix(link);
      if (st === undefined) {
        diagnostics.push(discoverDiagnostic('discover.symlink-dangling', label, { link: label, target }));
        if (isSkillFileName(name)) account.count('dangling-link');
      } else if (st.isFile() && isSkillFileName(name)) {
        diagnostics.push(
          discoverDiagnostic('discover.symlink-skipped', label, { what: 'skill file', link: label, target }),
        );
        account.count('link-not-followed');
      } else if (st.isDirectory() && !(hasSkill && leafSkills) && skillFilesIn(link).length > 0) {
        diagnostics.push(
          discoverDiagnostic('discover.symlink-skipped', label, { what: 'skill folder', link: label, target }),
        );
        account.count('link-not-followed');
      }
    }
    return NO_LINKS;
  }

  // Only into a root or the project folder, never into an ancestor.
  function followLinks(dir: string, names: readonly string[], hasSkill: boolean): LinkResult {
    const out: LinkResult = { skillNames: [], realFiles: new Map(), dirs: [] };
    for (const name of names) {
      const skillName = isSkillFileName(name);
      const link = join(dir, name);
      const label = toPosix(link);
      let real: string;
      try {
        real = realpathSync(link);
      } catch (error) {
        listings.linkSeen?.(link, undefined);
        const loop = (error as NodeJS.ErrnoException).code === 'ELOOP';
        diagnostics.push(
          discoverDiagnostic(loop ? 'discover.symlink-loop' : 'discover.symlink-dangling', label, {
            link: label,
            target: linkTarget(link),
          }),
        );
        if (skillName) account.count(loop ? 'link-loop' : 'dangling-link');
        continue;
      }
      const st = statOrUndefined(real);
      listings.linkSeen?.(link, st);
      if (st === undefined) {
        diagnostics.push(
          discoverDiagnostic('discover.symlink-dangling', label, { link: label, target: linkTarget(link) }),
        );
        if (skillName) account.count('dangling-link');
        continue;
      }
      // A folder link inside a skill folder is one of its resources, not a place to search.
      if (!skillName && hasSkill && leafSkills) continue;
      if (!inBounds(real)) {
        diagnostics.push(discoverDiagnostic('discover.symlink-escape', label, { link: label, target: toPosix(real) }));
        if (skillName || (st.isDirectory() && skillFilesIn(real).length > 0)) account.count('link-outside');
        continue;
      }
      if (st.isFile()) {
        if (skillName) {
          out.skillNames.push(name);
          out.realFiles.set(name, real);
        }
      } else if (st.isDirectory()) {
        if (isSkippedDirName(name)) continue;
        if (isInside(real, dir))
          diagnostics.push(discoverDiagnostic('discover.symlink-loop', label, { link: label, target: toPosix(real) }));
        else out.dirs.push({ real, name });
      } else if (skillName) {
        notRegular(link);
      }
    }
    out.dirs.sort((a, b) => byteOrder(a.name, b.name));
    return out;
  }
}

const NEVER = (): boolean => false;
const DOT = (name: string): boolean => name.charCodeAt(0) === 46;

function skipRules(
  mode: DiscoverOptions['skipFolders'],
): readonly [(name: string) => boolean, (name: string) => boolean] {
  if (mode === 'none') return [() => true, NEVER];
  if (mode === 'dot') return [(name) => !DOT(name), DOT];
  if (mode === 'dot-and-node-modules') return [NEVER, DOT];
  return [NEVER, NEVER];
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined; // ELOOP, EACCES on the way: as good as dangling
  }
}

function specialKind(path: string): string {
  try {
    const st = lstatSync(path);
    if (st.isFIFO()) return 'FIFO';
    if (st.isSocket()) return 'socket';
    if (st.isBlockDevice() || st.isCharacterDevice()) return 'device';
    if (st.isSymbolicLink()) return 'link to a FIFO, socket or device';
  } catch {
    // vanished since the listing
  }
  return 'special file';
}
