// Pure path arithmetic: where the repository top is comes in from the caller.
import { dirname, join } from 'node:path';
import type { HostModel, HostRoot, SkipFolders } from './types.js';

export interface HostContext {
  readonly cwd: string;
  readonly home: string;
  /** The nearest folder above `cwd` holding `.git`, or null. */
  readonly gitRoot: string | null;
  /** Agents that ask skip project skills otherwise. */
  readonly trusted: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface ResolvedRoot {
  readonly path: string;
  readonly scope: 'project' | 'user';
  /** The model's root it comes from, e.g. `.claude/skills`. */
  readonly kind: string;
  /** Folders above the starting folder (user roots 0). */
  readonly level: number;
  readonly untrusted: boolean;
  readonly skip: SkipFolders;
}

/** The roots `model` reads in `ctx`, in load order (project roots once per folder walked, nearest first). */
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

/** A root as messages show it: `project ../.agents/skills`, `user ~/.codex/skills`. */
export function rootLabel(root: ResolvedRoot, ctx: Pick<HostContext, 'home'>): string {
  if (root.scope === 'user') {
    const home = posix(ctx.home);
    const path = posix(root.path);
    return `user ${path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : path}`;
  }
  return `project ${'../'.repeat(root.level)}${root.kind}`;
}

/** The discover stage's own helper reads the disk, so it is not imported here. */
export function posix(path: string): string {
  return path.replace(/\\/g, '/');
}
