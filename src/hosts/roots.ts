/**
 * The folders one agent reads for a starting folder and a home folder: its
 * project roots in the starting folder and each folder it walks up to, its
 * user roots under home (or under the environment variable it honours), in
 * the order it loads them. Pure path arithmetic: where the repository top is
 * comes in from the caller.
 */
import { dirname, join } from 'node:path';
import type { HostModel, HostRoot, SkipFolders } from './types.js';

/** Where an agent runs. */
export interface HostContext {
  /** The folder the agent starts in (absolute). */
  readonly cwd: string;
  readonly home: string;
  /** The repository top above `cwd` (the nearest folder holding `.git`), or null outside a repository. */
  readonly gitRoot: string | null;
  /** The user trusts the starting folder (agents that ask skip project skills otherwise). */
  readonly trusted: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** One folder an agent reads, resolved. */
export interface ResolvedRoot {
  /** Absolute path (native separators). */
  readonly path: string;
  readonly scope: 'project' | 'user';
  /** The model's root it comes from, e.g. `.claude/skills`. */
  readonly kind: string;
  /** Folders above the starting folder (0 = the starting folder; user roots 0). */
  readonly level: number;
  /** Skipped because the folder is not trusted. */
  readonly untrusted: boolean;
  /** The folders its walk skips. */
  readonly skip: SkipFolders;
}

/**
 * The roots `model` reads in `ctx`, in load order: each project root once per
 * folder walked (nearest first), in the model's order of roots.
 *
 * @example hostRoots(CLAUDE_CODE, { cwd: '/r/app', home: '/h', gitRoot: '/r', trusted: true, env: {} }).map((r) => r.path)
 */
export function hostRoots(model: HostModel, ctx: HostContext): ResolvedRoot[] {
  const levels = projectFolders(model, ctx);
  const out: ResolvedRoot[] = [];
  for (const root of model.discovery.roots) {
    if (root.scope === 'user') {
      out.push({
        path: userPath(root, ctx),
        scope: 'user',
        kind: root.path,
        level: 0,
        untrusted: false,
        skip: root.skip ?? model.discovery.skip,
      });
      continue;
    }
    const folders = model.discovery.walkOrder === 'near-first' ? levels : [...levels].reverse();
    for (const folder of folders) {
      const untrusted = root.trusted === true && !ctx.trusted;
      out.push({
        path: join(folder, root.path),
        scope: 'project',
        kind: root.path,
        level: levels.indexOf(folder),
        untrusted,
        skip: root.skip ?? model.discovery.skip,
      });
    }
  }
  return out;
}

function userPath(root: HostRoot, ctx: HostContext): string {
  const base = root.env ? ctx.env[root.env.name] : undefined;
  return base ? join(base, root.env!.suffix) : join(ctx.home, root.path);
}

/** The starting folder and every folder the agent walks up to, nearest first. */
function projectFolders(model: HostModel, ctx: HostContext): string[] {
  const walk = model.discovery.walkUp;
  const stop = walk === 'none' ? ctx.cwd : (ctx.gitRoot ?? (walk === 'git' ? ctx.cwd : null));
  const out: string[] = [];
  for (let dir = ctx.cwd; ; dir = dirname(dir)) {
    out.push(dir);
    if ((stop !== null && dir === stop) || dirname(dir) === dir) break;
  }
  return out;
}

/**
 * A short label for a root, as messages show it: `project .claude/skills`,
 * `project ../.agents/skills`, `user ~/.codex/skills`.
 *
 * @example rootLabel({ scope: 'user', kind: '.codex/skills', level: 0, … }) // 'user ~/.codex/skills'
 */
export function rootLabel(root: ResolvedRoot, ctx: Pick<HostContext, 'home'>): string {
  if (root.scope === 'user') {
    const home = posix(ctx.home);
    const path = posix(root.path);
    return `user ${path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : path}`;
  }
  return `project ${'../'.repeat(root.level)}${root.kind}`;
}

/** A path with forward slashes (the discover stage's own helper reads the disk, so it is not imported here). */
export function posix(path: string): string {
  return path.replace(/\\/g, '/');
}
