// Output paths are POSIX; the file system is addressed with native paths.
import { readdirSync, readlinkSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { cmp } from '../model/diagnostics.js';

// Perf: decided once; on POSIX the conversion is the identity.
const NATIVE_IS_POSIX = sep === '/';

/** A native path as a POSIX path (backslashes become slashes on Windows). */
export function toPosix(path: string): string {
  return NATIVE_IS_POSIX ? path : path.split(sep).join('/');
}

/** A path for people: relative to `cwd` (POSIX) when inside it, else as given. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel)
    ? rel.split(sep).join('/')
    : path;
}

/** Expand a leading `~` to `home`, then resolve against `base`. */
export function expandPath(path: string, base: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return resolve(home, path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(base, path);
}

/** A symlink's target as written, POSIX, for messages; `?` when it cannot be read. */
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
  // Perf: the length check rejects nearly every entry without allocating.
  return name.length === 8 && name.toLowerCase() === 'skill.md';
}

/** Names in `dir` that are `SKILL.md` in any case, in code-unit order; [] when unreadable. */
export function skillFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter(isSkillFileName).sort(cmp);
  } catch {
    return [];
  }
}

// Dot-folders agents keep skills in (a unit test holds them equal to the presets): entered, so skills installed
// in sub-projects of a monorepo are found.
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

// They hold objects, not content.
const VCS_DIRS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn']);

export function isVcsDirName(name: string): boolean {
  return name.charCodeAt(0) === 46 /* . */ && VCS_DIRS.has(name);
}

/** `node_modules` and dot-folders other than agent folders: not searched. */
export function isSkippedDirName(name: string): boolean {
  if (name.charCodeAt(0) === 46 /* . */) return !AGENT_DOT_DIRS.has(name);
  return name === 'node_modules';
}
