// `validate` and `audit` lint the tree they are given: unlike agent discovery the walk enters skill folders and
// dot-folders, and never goes through a link. An in-tree link is checked once, at its target; one leaving the
// tree or dangling is reported, not dropped.
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
  /** `.` for the root itself. */
  readonly dir: string;
  readonly file: string;
  readonly abs: string;
  /** For a SKILL.md linked to a file elsewhere in the tree: that file's canonical path, what is read. */
  readonly target?: string;
}

/** A link inside the tree to a SKILL.md or a skill folder, checked at its target. */
export interface TreeLink {
  readonly path: string;
  /** The SKILL.md it stands for, relative to the root (through the link). */
  readonly skillFile: string;
  readonly target: string;
}

/** A finding about a place in the tree (a symlink, an unreadable folder, the depth limit). */
export interface TreeFinding {
  readonly path: string;
  /** Set when the entry stands for a skill (a symlinked SKILL.md or skill folder). */
  readonly skillFile?: string;
  readonly diagnostic: Diagnostic;
}

export interface TreeWalk {
  /** Sorted by `file` (code-unit order). */
  readonly skills: readonly TreeSkillFile[];
  readonly findings: readonly TreeFinding[];
  readonly links: readonly TreeLink[];
}

const childPrefix = (dir: string): string => (dir === '.' ? '' : dir.endsWith(sep) ? dir : `${dir}${sep}`);

const rel = (parent: string, name: string): string => (parent === '.' ? name : `${parent}/${name}`);

/** Walk `root` for SKILL.md files; with `listings`, each folder's entries are left for the resource listings. */
export function walkTree(root: string, maxDepth = TREE_MAX_DEPTH, listings?: Map<string, Dirent[]>): TreeWalk {
  const skills: TreeSkillFile[] = [];
  const findings: TreeFinding[] = [];
  const links: TreeLink[] = [];
  const linked = linkHandler(root, skills, findings, links);
  // Each folder's entries sorted so output never depends on readdir order.
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
    // Perf: paths made only for entries that need one, appended to an already normalised folder path.
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
        // Reported, never opened (a FIFO would block the read).
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

// Only a SKILL.md or a folder holding one matters. A SKILL.md linked to a file that is not one is a skill of its
// own, where the link is.
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
