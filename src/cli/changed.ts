// `validate --changed [REF]`: only the skill folders that differ from a git ref, so a pull request
// lints what it touches.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SkillgraphError } from '../model/errors.js';

/** git's output is capped at this (bounded memory). */
const MAX_GIT_OUTPUT = 64 * 1024 * 1024;

function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: MAX_GIT_OUTPUT,
      timeout: 60_000,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new SkillgraphError('usage', '--changed needs git, and git is not on PATH');
    return undefined;
  }
}

/** `ref` when given (checked), else the merge base of HEAD with origin's HEAD, main or master. */
export function changedBase(cwd: string, ref?: string): string {
  if (git(cwd, ['rev-parse', '--is-inside-work-tree'])?.trim() !== 'true') {
    throw new SkillgraphError(
      'usage',
      `--changed works in a git repository, and ${cwd.split(sep).join('/')} is not in one`,
    );
  }
  if (ref !== undefined && ref !== '') {
    const sha = git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])?.trim();
    if (!sha) throw new SkillgraphError('usage', `--changed: '${ref}' is not a commit in this repository`);
    return sha;
  }
  const originHead = git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'])?.trim();
  for (const branch of [originHead, 'origin/main', 'origin/master', 'main', 'master']) {
    if (!branch) continue;
    const base = git(cwd, ['merge-base', 'HEAD', branch])?.trim();
    if (base) return base;
  }
  throw new SkillgraphError(
    'usage',
    '--changed: no default branch found (origin/HEAD, main or master); name the ref: --changed REF',
  );
}

/** So `--changed main` reads `main` as the ref, not a path. */
export function isCommit(cwd: string, word: string): boolean {
  return (
    !existsSync(resolve(cwd, word)) &&
    Boolean(git(cwd, ['rev-parse', '--verify', '--quiet', `${word}^{commit}`])?.trim())
  );
}

/** Files that differ from `base`: committed, staged, unstaged, untracked, deleted (which lead to their folder). */
export function changedFiles(cwd: string, base: string): string[] {
  const top = git(cwd, ['rev-parse', '--show-toplevel'])?.trim();
  if (!top) throw new SkillgraphError('usage', '--changed: cannot find the top of the git repository');
  const diff = git(top, ['diff', '--name-only', '-z', '--no-renames', base]) ?? '';
  const untracked = git(top, ['ls-files', '--others', '--exclude-standard', '-z']) ?? '';
  const names = new Set([...diff.split('\0'), ...untracked.split('\0')].filter(Boolean));
  return [...names].sort().map((n) => join(top, n));
}

/** The skill folders under `paths` holding a changed file, as the user would type them, sorted. */
export function changedSkillDirs(cwd: string, paths: readonly string[], files: readonly string[]): string[] {
  const roots = paths.map((p) => resolve(cwd, p));
  const found = new Set<string>();
  for (const file of files) {
    const root = roots.find((r) => file === r || file.startsWith(r.endsWith(sep) ? r : r + sep));
    if (root === undefined) continue;
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      if (hasSkillFile(dir)) {
        found.add(dir);
        break;
      }
      if (dir === root || dirname(dir) === dir || !dir.startsWith(root)) break;
    }
  }
  return [...found].sort().map((dir) => {
    const rel = relative(cwd, dir);
    return rel === ''
      ? '.'
      : !rel.startsWith('..') && !isAbsolute(rel)
        ? rel.split(sep).join('/')
        : dir.split(sep).join('/');
  });
}

function hasSkillFile(dir: string): boolean {
  for (const name of ['SKILL.md', 'skill.md']) {
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    if (st?.isFile()) return true;
  }
  return false;
}
