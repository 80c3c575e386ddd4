/**
 * Path helpers shared by discovery and resource listing. Output paths are
 * POSIX; the file system is addressed with native paths.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { cmp } from '../model/diagnostics.js';

// Perf: the separator test is decided once at load; on POSIX systems the
// conversion is the identity and costs nothing in the walk's hot loop.
const NATIVE_IS_POSIX = sep === '/';

/**
 * A native path as a POSIX path (backslashes become slashes on Windows).
 *
 * @example toPosix('C:\\skills\\a') // 'C:/skills/a' on Windows
 */
export function toPosix(path: string): string {
  return NATIVE_IS_POSIX ? path : path.split(sep).join('/');
}

/**
 * A path for people: relative to `cwd` (POSIX) when inside it, else as given.
 *
 * @example displayPath('/repo/skills/pdf/SKILL.md', '/repo') // 'skills/pdf/SKILL.md'
 */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel)
    ? rel.split(sep).join('/')
    : path;
}

/**
 * Expand a leading `~` (alone or followed by a separator) to `home`, then
 * resolve against `base`.
 *
 * @example expandPath('~/skills', '/cwd', '/home/me') // '/home/me/skills'
 */
export function expandPath(path: string, base: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return resolve(home, path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(base, path);
}

/**
 * A symlink's target as written (readlink), POSIX, for messages; `?` when it cannot be read.
 *
 * @example linkTarget('/r/skills/pdf') // '../shared/pdf'
 */
export function linkTarget(link: string): string {
  try {
    return toPosix(readlinkSync(link));
  } catch {
    return '?';
  }
}

/** True when `child` is `parent` or lies inside it (both canonical, native). */
export function isInside(parent: string, child: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith(sep) ? parent : parent + sep;
  return child.startsWith(prefix);
}

/** `SKILL.md` in any letter case. */
export function isSkillFileName(name: string): boolean {
  // Perf: length check first rejects nearly every entry without allocating.
  return name.length === 8 && name.toLowerCase() === 'skill.md';
}

/**
 * Names in `dir` that are `SKILL.md` in any case, in code-unit order; [] when unreadable.
 *
 * @example skillFilesIn('/r/skills/pdf') // ['SKILL.md']
 */
export function skillFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter(isSkillFileName).sort(cmp);
  } catch {
    return [];
  }
}

/**
 * Dot-folders that agents keep skills in (the first segment of every preset's
 * project folder; a unit test holds the two lists equal). A walk over a
 * project enters these, so skills installed for agents in sub-projects of a
 * monorepo are found; every other dot-folder is skipped.
 */
export const AGENT_DOT_DIRS: ReadonlySet<string> = new Set([
  '.agents',
  '.claude',
  '.codex',
  '.cursor',
  '.gemini',
  '.github',
  '.opencode',
  '.windsurf',
]);

/** Version-control stores: never entered, not even to look for SKILL.md files (they hold objects, not content). */
const VCS_DIRS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn']);

/** True for a version-control store folder name. */
export function isVcsDirName(name: string): boolean {
  return name.charCodeAt(0) === 46 /* . */ && VCS_DIRS.has(name);
}

/** Folders discovery does not search: `node_modules` and dot-folders (`.git`, `.venv`, …) other than agent folders. */
export function isSkippedDirName(name: string): boolean {
  if (name.charCodeAt(0) === 46 /* . */) return !AGENT_DOT_DIRS.has(name);
  return name === 'node_modules';
}
