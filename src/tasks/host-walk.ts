// Each agent's roots walked per root, so every arrival keeps the path that agent would use; each
// file is read once for every host.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { discover, type DiscoverOptions } from '../discover/walk.js';
import { makeRoot } from '../discover/roots.js';
import { isFolder, readRegularFile } from '../discover/safe-read.js';
import type { HostFile } from '../hosts/evaluate.js';
import type { ResolvedRoot } from '../hosts/roots.js';
import type { HostModel } from '../hosts/types.js';

/** Agents read whole files; a bigger one is reported unreadable. */
const MAX_SKILL_BYTES = 1 << 20;
/** Folders read per root before a walk stops (a home folder can be big). */
const MAX_DIRS = 50_000;

const UTF8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export class FileTexts {
  private readonly texts = new Map<string, string | null>();
  text(real: string): string | null {
    if (!this.texts.has(real)) {
      const r = readRegularFile(real, MAX_SKILL_BYTES, { followLinks: true });
      this.texts.set(real, r.ok ? UTF8.decode(r.bytes) : null);
    }
    return this.texts.get(real)!;
  }
}

/** The nearest folder at or above `cwd` holding `.git` (a folder or a file), or null. */
export function findGitRoot(cwd: string): string | null {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

export function hostWalkOptions(model: HostModel): Partial<DiscoverOptions> {
  const d = model.discovery;
  return {
    depth: d.depth,
    nested: d.nested,
    skipFolders: d.skip,
    followSymlinks: d.symlinks.folders || d.symlinks.files,
    linkBounds: [sep],
    maxDirs: MAX_DIRS,
  };
}

/** Every SKILL.md the agent's walk reaches under `roots`, with its text and how it was reached. */
export function walkHost(model: HostModel, roots: readonly ResolvedRoot[], texts: FileTexts): HostFile[] {
  const options = hostWalkOptions(model);
  const out: HostFile[] = [];
  roots.forEach((root, index) => {
    if (root.untrusted || !isFolder(root.path)) return;
    for (const found of walkRoot(root.path, { ...options, skipFolders: root.skip }))
      out.push({ ...found, root: index, text: texts.text(found.real) });
  });
  return out;
}

/** What the agents could have found. Project trees skip node_modules and other dot-folders, where no agent looks. */
export function walkEverything(trees: readonly string[], roots: readonly string[]): { path: string; real: string }[] {
  const out: { path: string; real: string }[] = [];
  const seen = new Set<string>();
  const walks = [
    ...trees.map((folder) => [folder, 'default'] as const),
    ...roots.map((folder) => [folder, 'none'] as const),
  ];
  for (const [folder, skipFolders] of walks) {
    if (!isFolder(folder)) continue;
    for (const f of walkRoot(folder, {
      depth: 12,
      nested: true,
      skipFolders,
      followSymlinks: true,
      linkBounds: [sep],
      maxDirs: MAX_DIRS,
    })) {
      if (seen.has(f.path)) continue;
      seen.add(f.path);
      out.push({ path: f.path, real: f.real });
    }
  }
  return out;
}

function walkRoot(path: string, options: Partial<DiscoverOptions>): Omit<HostFile, 'root' | 'text'>[] {
  const root = makeRoot({ path, scope: 'project' }, path);
  const result = discover([root], options);
  const rootPosix = posix(path);
  const rootLinked = isLink(path);
  const rootReal = realOr(path);
  // `real` is the file read (a linked SKILL.md's target), whatever path the catalog names the skill by.
  const arrivals = [
    ...result.candidates.map((c) => ({ inRoot: c.inRoot, real: posix(c.path) })),
    // Reached twice within one root (through a link): one arrival per path, as the agents see it.
    ...result.reachedTwice
      .filter((r) => r.via.startsWith(`${rootPosix}/`))
      .map((r) => ({ inRoot: r.via.slice(rootPosix.length + 1), real: posix(realOr(r.via)) })),
  ];
  return arrivals.map(({ inRoot, real }) => {
    const asReached = join(path, ...inRoot.split('/'));
    const direct = posix(join(rootReal, ...inRoot.split('/'))) === real;
    const link = rootLinked ? 'folder' : direct ? 'none' : isLink(asReached) ? 'file' : 'folder';
    return { path: `${rootPosix}/${inRoot}`, inRoot, real, link } as const;
  });
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function posix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
