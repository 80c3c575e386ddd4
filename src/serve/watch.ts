/**
 * Watching the roots for `serve`: node's `fs.watch`, recursive (Linux,
 * macOS and Windows on Node 20), and a stat-based rescan where that is not
 * available or fails (too many folders for the OS's watch limit, a network
 * file system). Changed paths are handed over in batches: events that land
 * within `settleMs` of each other are one batch, so a save that writes a
 * temp file and renames it re-seals once.
 */
import { watch, lstatSync, readdirSync, realpathSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

export interface WatchOptions {
  /** Use the stat-based rescan even where `fs.watch` works. */
  readonly poll?: boolean;
  /** Rescan interval of the stat-based mode (default 1000 ms). */
  readonly pollMs?: number;
  /** Quiet time that ends a batch of events (default 5 ms). */
  readonly settleMs?: number;
  /** Entries one rescan looks at, at most (default 200,000): a bound on a huge or looping tree. */
  readonly maxEntries?: number;
}

export interface RootWatcher {
  /** `events` (fs.watch) or `poll` (stat rescans). */
  readonly mode: 'events' | 'poll';
  close(): void;
}

/**
 * Watch `roots` (missing ones are skipped) and call `onPaths` with the
 * absolute paths that changed (a folder path when only the folder is known).
 *
 * @example const w = watchRoots(roots.map((r) => r.path), (paths) => live.changed(paths)); … w.close();
 */
export function watchRoots(roots: readonly string[], onPaths: (paths: string[]) => void, options: WatchOptions = {}): RootWatcher {
  const real = roots.flatMap((r) => {
    try {
      return [realpathSync(r)];
    } catch {
      return [];
    }
  });
  const batcher = batch(onPaths, options.settleMs ?? 5);
  if (options.poll !== true) {
    const watchers: FSWatcher[] = [];
    try {
      for (const root of real) {
        const w = watch(root, { recursive: true, persistent: false }, (_event, name) => batcher.add(name === null ? root : join(root, name.toString())));
        w.on('error', () => fallBack());
        watchers.push(w);
      }
      let fell = false;
      let polling: RootWatcher | undefined;
      const fallBack = (): void => {
        if (fell) return;
        fell = true;
        for (const w of watchers) w.close();
        polling = pollRoots(real, batcher, options);
        batcher.add(...real); // what changed while no watcher ran is unknown: rescan everything
      };
      return {
        get mode() {
          return fell ? 'poll' : 'events';
        },
        close() {
          for (const w of watchers) w.close();
          polling?.close();
          batcher.close();
        },
      };
    } catch {
      for (const w of watchers) w.close();
    }
  }
  const polling = pollRoots(real, batcher, options);
  return {
    mode: 'poll',
    close() {
      polling.close();
      batcher.close();
    },
  };
}

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

/** Rescan every `pollMs`; report paths whose size, mtime or type changed, appeared or went. */
function pollRoots(roots: readonly string[], batcher: Batcher, options: WatchOptions): RootWatcher {
  const maxEntries = options.maxEntries ?? 200_000;
  let previous = snapshot(roots, maxEntries);
  const timer = setInterval(() => {
    const next = snapshot(roots, maxEntries);
    const changed: string[] = [];
    for (const [path, sig] of next) if (previous.get(path) !== sig) changed.push(path);
    for (const path of previous.keys()) if (!next.has(path)) changed.push(path);
    previous = next;
    if (changed.length > 0) batcher.add(...changed);
  }, options.pollMs ?? 1000);
  timer.unref();
  return { mode: 'poll', close: () => clearInterval(timer) };
}

/** path → "type:size:mtime" for every entry under the roots (links not followed), up to `maxEntries`. */
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
      } catch {
        // gone between the listing and the stat: the next rescan sees it missing
      }
    }
  };
  for (const root of roots) visit(root);
  return out;
}
