// Recursive `fs.watch`, or stat rescans where it is missing or fails (watch limits, network file
// systems). Events within `settleMs` are one batch, so a temp-file-and-rename save re-seals once.
import { watch, lstatSync, readdirSync, realpathSync, statSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { isFolder } from '../discover/safe-read.js';
import { pendingRoot, type PendingRoot } from './watch-pending.js';

export interface WatchOptions {
  readonly poll?: boolean;
  /** Also the interval of the look for missing roots (default 1000 ms). */
  readonly pollMs?: number;
  readonly settleMs?: number;
  /** A bound on a huge or looping tree (default 200,000). */
  readonly maxEntries?: number;
  readonly onRootAppeared?: (root: string) => void;
  /** A watched root is gone; it is waited for again. */
  readonly onRootGone?: (root: string, watching: string) => void;
}

export interface RootWatcher {
  readonly mode: 'events' | 'poll';
  readonly missing: readonly { readonly root: string; readonly watching: string }[];
  close(): void;
}

interface Trees {
  readonly mode: 'events' | 'poll';
  add(real: string): void;
  remove(real: string): void;
  close(): void;
}

/** Watch `roots` and call `onPaths` with the absolute paths that changed (a folder when only it is known). */
export function watchRoots(
  roots: readonly string[],
  onPaths: (paths: string[]) => void,
  options: WatchOptions = {},
): RootWatcher {
  // A watched root deleted (and maybe made again) needs a new watch.
  const batcher = batch((paths) => {
    checkWatched();
    onPaths(paths);
  }, options.settleMs ?? 5);
  const trees = options.poll === true ? pollTrees(batcher, options) : eventTrees(batcher, options);
  const watched = new Map<string, { readonly real: string; readonly id: string }>();
  const pending = new Map<string, PendingRoot>();
  const wait = (root: string): void => {
    const p = pendingRoot(root, () => look(root), trees.mode === 'events');
    pending.set(root, p);
  };
  const look = (root: string): void => {
    const p = pending.get(root);
    if (!p?.look()) return;
    let real: string;
    try {
      real = realpathSync(root);
    } catch {
      wait(root); // gone again between the stat and now
      return;
    }
    pending.delete(root);
    watched.set(root, { real, id: folderId(root) });
    trees.add(real);
    batcher.add(real);
    options.onRootAppeared?.(root);
  };
  const checkWatched = (): void => {
    for (const [root, w] of [...watched]) {
      if (folderId(root) === w.id) continue;
      watched.delete(root);
      trees.remove(w.real);
      batcher.add(w.real);
      wait(root);
      options.onRootGone?.(root, pending.get(root)!.watching);
      look(root);
    }
  };
  for (const root of roots) {
    let real: string | undefined;
    try {
      real = isFolder(root) ? realpathSync(root) : undefined;
    } catch {
      real = undefined;
    }
    if (real === undefined) wait(root);
    else {
      watched.set(root, { real, id: folderId(root) });
      trees.add(real);
    }
  }
  // A missing root's events may be lost, and a watched one may go quietly.
  const presence = setInterval(() => {
    for (const root of [...pending.keys()]) look(root);
    checkWatched();
  }, options.pollMs ?? 1000);
  presence.unref();
  return {
    get mode() {
      return trees.mode;
    },
    get missing() {
      return [...pending.values()].map((p) => ({ root: p.root, watching: p.watching }));
    },
    close() {
      clearInterval(presence);
      for (const p of pending.values()) p.close();
      trees.close();
      batcher.close();
    },
  };
}

function folderId(path: string): string {
  try {
    const st = statSync(path);
    return st.isDirectory() ? `${st.dev}:${st.ino}` : '';
  } catch {
    return '';
  }
}

/** On the first error every root falls back to stat rescans. */
function eventTrees(batcher: Batcher, options: WatchOptions): Trees {
  const watchers = new Map<string, FSWatcher>();
  let polling: Trees | undefined;
  const fallBack = (): void => {
    if (polling) return;
    polling = pollTrees(batcher, options);
    for (const [root, w] of watchers) {
      w.close();
      polling.add(root);
    }
    // What changed while no watcher ran is unknown: rescan everything.
    batcher.add(...watchers.keys());
    watchers.clear();
  };
  return {
    get mode() {
      return polling ? 'poll' : 'events';
    },
    add(real) {
      if (polling) return polling.add(real);
      try {
        const w = watch(real, { recursive: true, persistent: false }, (_event, name) =>
          batcher.add(name === null ? real : join(real, name.toString())),
        );
        w.on('error', () => fallBack());
        watchers.set(real, w);
      } catch {
        watchers.set(real, NO_WATCHER);
        fallBack();
      }
    },
    remove(real) {
      watchers.get(real)?.close();
      watchers.delete(real);
      polling?.remove(real);
    },
    close() {
      for (const w of watchers.values()) w.close();
      polling?.close();
    },
  };
}

const NO_WATCHER = { close: () => undefined } as unknown as FSWatcher;

interface Batcher {
  add(...paths: string[]): void;
  close(): void;
}

function batch(onPaths: (paths: string[]) => void, settleMs: number): Batcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = (): void => {
    timer = undefined;
    const paths = [...pending];
    pending = new Set();
    if (!closed && paths.length > 0) onPaths(paths);
  };
  return {
    add(...paths) {
      if (closed) return;
      for (const p of paths) pending.add(p);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, settleMs);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}

function pollTrees(batcher: Batcher, options: WatchOptions): Trees {
  const maxEntries = options.maxEntries ?? 200_000;
  const roots: string[] = [];
  let previous = new Map<string, string>();
  const timer = setInterval(() => {
    const next = snapshot(roots, maxEntries);
    const changed: string[] = [];
    for (const [path, sig] of next) if (previous.get(path) !== sig) changed.push(path);
    for (const path of previous.keys()) if (!next.has(path)) changed.push(path);
    previous = next;
    if (changed.length > 0) batcher.add(...changed);
  }, options.pollMs ?? 1000);
  timer.unref();
  return {
    mode: 'poll',
    add(real) {
      roots.push(real);
      for (const [path, sig] of snapshot([real], maxEntries)) previous.set(path, sig);
    },
    remove(real) {
      const i = roots.indexOf(real);
      if (i >= 0) roots.splice(i, 1);
    },
    close: () => clearInterval(timer),
  };
}

/** path → "type:size:mtime" (links not followed), up to `maxEntries`. */
function snapshot(roots: readonly string[], maxEntries: number): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (out.size >= maxEntries) return;
      const path = join(dir, name);
      try {
        const st = lstatSync(path);
        out.set(path, `${st.isDirectory() ? 'd' : st.isFile() ? 'f' : 'o'}:${st.size}:${st.mtimeMs}`);
        if (st.isDirectory() && name !== '.git' && name !== 'node_modules') visit(path);
      } catch {}
    }
  };
  for (const root of roots) visit(root);
  return out;
}
