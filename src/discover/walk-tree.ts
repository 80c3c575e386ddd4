/**
 * The whole-tree walk used by `validate` and `audit`: a linter over the tree
 * it is given. Unlike agent-root discovery it descends into skill folders
 * and dot-folders, to depth 32, skipping only `node_modules` and `.git`. It
 * never walks through a symlink. A link whose target lies inside the tree is
 * checked once, at its target: a linked SKILL.md or skill folder is counted
 * as a link, and a SKILL.md linked to a file that is not itself a SKILL.md is
 * checked where the link is (that folder is the skill an agent sees). A link
 * leaving the tree, or dangling, is reported instead of dropped.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { normalize, sep } from 'node:path';
import { cmp, type Diagnostic } from '../model/diagnostics.js';
import { discoverDiagnostic, unreadableDiagnostic } from './messages.js';
import { isSkillFileName, linkTarget, skillFilesIn, toPosix } from './paths.js';

export const TREE_MAX_DEPTH = 32;
// The catalog's hint names --follow-symlinks, which validate does not take.
const VALIDATE_LINK_HINT = 'the link leaves the tree validated; validate its target by its own path';
const SKIPPED = new Set(['node_modules', '.git']);

/** A SKILL.md (any letter case) found in the tree. Paths are POSIX, relative to the root. */
export interface TreeSkillFile {
  /** Folder holding it, `.` for the root itself. */
  readonly dir: string;
  /** The file, e.g. `pdf/SKILL.md`. */
  readonly file: string;
  /** Absolute native path of the file. */
  readonly abs: string;
  /** For a SKILL.md linked to a file elsewhere in the tree: that file's canonical path, what is read. */
  readonly target?: string;
}

/** A link inside the tree to a SKILL.md or a skill folder, checked at its target. */
export interface TreeLink {
  /** The link, relative POSIX path. */
  readonly path: string;
  /** The SKILL.md it stands for, relative to the root (through the link). */
  readonly skillFile: string;
  /** The target, relative to the root (POSIX). */
  readonly target: string;
}

/** A finding about a place in the tree (a symlink, an unreadable folder, the depth limit). */
export interface TreeFinding {
  /** Relative POSIX path of the entry concerned. */
  readonly path: string;
  /** Set when the entry stands for a skill (a symlinked SKILL.md or skill folder). */
  readonly skillFile?: string;
  readonly diagnostic: Diagnostic;
}

export interface TreeWalk {
  /** Sorted by `file` (code-unit order). */
  readonly skills: readonly TreeSkillFile[];
  /** Sorted by `path`. */
  readonly findings: readonly TreeFinding[];
  /** Links checked at their targets inside the tree, sorted by `path`. */
  readonly links: readonly TreeLink[];
}

/** What `join(dir, name)` puts before `name`, for a normalised `dir` and a name from its listing. */
const childPrefix = (dir: string): string => (dir === '.' ? '' : dir.endsWith(sep) ? dir : `${dir}${sep}`);

const rel = (parent: string, name: string): string => (parent === '.' ? name : `${parent}/${name}`);

/**
 * Walk `root` (a folder) for SKILL.md files. With `listings`, each folder's entries are left
 * there by native path, for the skills' resource listings to take instead of reading again.
 *
 * @example walkTree('/repo/skills').skills.map((s) => s.file) // ['pdf/SKILL.md', 'pdf/nested/SKILL.md']
 */
export function walkTree(root: string, maxDepth = TREE_MAX_DEPTH, listings?: Map<string, Dirent[]>): TreeWalk {
  const skills: TreeSkillFile[] = [];
  const findings: TreeFinding[] = [];
  const links: TreeLink[] = [];
  const linked = linkHandler(root, skills, findings, links);
  // Iterative, depth-first; each folder's entries sorted so output never depends on readdir order.
  const stack: [string, string, number][] = [[root, '.', 0]];
  while (stack.length > 0) {
    const [abs, relDir, depth] = stack.pop()!;
    let entries: Dirent[];
    try {
      // Perf: withFileTypes avoids one stat per entry.
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      findings.push({ path: relDir, diagnostic: unreadableDiagnostic(toPosix(abs), error) });
      continue;
    }
    entries.sort((a, b) => cmp(a.name, b.name));
    listings?.set(abs, entries);
    const subdirs: string[] = [];
    // Perf: paths are made only for the entries that need one (most are plain files), by
    // appending to a folder path that is already normalised instead of `join` per entry.
    const prefix = childPrefix(depth === 0 ? normalize(abs) : abs);
    for (const e of entries) {
      const name = e.name;
      if (e.isSymbolicLink()) {
        linked(prefix + name, relDir, name);
      } else if (e.isDirectory()) {
        // A folder named SKILL.md is reported, not passed over: the linter promises every SKILL.md an entry.
        if (isSkillFileName(name)) {
          const path = rel(relDir, name);
          const full = toPosix(prefix + name);
          findings.push({
            path,
            skillFile: path,
            diagnostic: discoverDiagnostic('discover.unreadable', full, {
              path: full,
              reason: 'EISDIR (a folder, not a file)',
            }),
          });
        }
        if (!SKIPPED.has(name)) subdirs.push(name);
      } else if (e.isFile()) {
        if (isSkillFileName(name)) skills.push({ dir: relDir, file: rel(relDir, name), abs: prefix + name });
      } else if (isSkillFileName(name)) {
        // A FIFO, socket or device named SKILL.md: reported, never opened (a FIFO would block the read).
        const path = rel(relDir, name);
        const file = toPosix(prefix + name);
        findings.push({
          path,
          skillFile: path,
          diagnostic: discoverDiagnostic('discover.not-regular', file, {
            file,
            kind: e.isFIFO() ? 'FIFO' : e.isSocket() ? 'socket' : 'device',
          }),
        });
      }
    }
    if (subdirs.length > 0 && depth >= maxDepth) {
      findings.push({
        path: relDir,
        diagnostic: discoverDiagnostic('discover.depth-limit', toPosix(abs), {
          count: subdirs.length,
          depth: maxDepth,
          root: toPosix(root),
        }),
      });
      continue;
    }
    for (let i = subdirs.length - 1; i >= 0; i--)
      stack.push([prefix + subdirs[i]!, rel(relDir, subdirs[i]!), depth + 1]);
  }
  skills.sort((a, b) => cmp(a.file, b.file));
  findings.sort((a, b) => cmp(a.path, b.path) || cmp(a.diagnostic.code, b.diagnostic.code));
  links.sort((a, b) => cmp(a.path, b.path));
  return { skills, findings, links };
}

/**
 * What to do with each symlink met: only a SKILL.md or a folder holding one matters. Inside the
 * tree it is a link (checked at its target), or a skill of its own when a SKILL.md links to a file
 * that is not one; outside the tree or dangling it is reported.
 */
function linkHandler(
  root: string,
  skills: TreeSkillFile[],
  findings: TreeFinding[],
  links: TreeLink[],
): (full: string, relDir: string, name: string) => void {
  let rootReal: string | undefined;
  try {
    rootReal = realpathSync(root);
  } catch {
    rootReal = undefined;
  }
  const inside = (real: string | undefined): string | undefined => {
    if (real === undefined || rootReal === undefined) return undefined;
    if (real === rootReal) return '.';
    const prefix = rootReal.endsWith(sep) ? rootReal : rootReal + sep;
    return real.startsWith(prefix) ? toPosix(real.slice(prefix.length)) : undefined;
  };
  return (full, relDir, name) => {
    const path = rel(relDir, name);
    let stat: ReturnType<typeof statSync> | undefined;
    let real: string | undefined;
    try {
      stat = statSync(full);
      real = realpathSync(full);
    } catch {
      stat = undefined;
    }
    const target = inside(real);
    if (isSkillFileName(name)) {
      if (stat?.isFile() && target !== undefined) {
        if (isSkillFileName(target.slice(target.lastIndexOf('/') + 1))) links.push({ path, skillFile: path, target });
        else skills.push({ dir: relDir, file: path, abs: full, target: real! });
        return;
      }
      const code = stat === undefined ? 'discover.symlink-dangling' : 'discover.symlink-skipped';
      const diagnostic = discoverDiagnostic(code, toPosix(full), {
        what: 'skill file',
        link: toPosix(full),
        target: linkTarget(full),
      });
      findings.push({
        path,
        skillFile: path,
        diagnostic: code === 'discover.symlink-skipped' ? { ...diagnostic, hint: VALIDATE_LINK_HINT } : diagnostic,
      });
      return;
    }
    if (!stat?.isDirectory()) return;
    const inner = skillFilesIn(full);
    if (inner.length === 0) return;
    if (target !== undefined) {
      links.push({ path, skillFile: `${path}/${inner[0]!}`, target });
      return;
    }
    const diagnostic = discoverDiagnostic('discover.symlink-skipped', toPosix(full), {
      what: 'skill folder',
      link: toPosix(full),
      target: linkTarget(full),
    });
    findings.push({ path, skillFile: `${path}/${inner[0]!}`, diagnostic: { ...diagnostic, hint: VALIDATE_LINK_HINT } });
  };
}
