/**
 * Waiting for a root that does not exist yet. A host is usually set up
 * before its skills are installed (`claude mcp add`, then an installer makes
 * `.claude/skills/…`), so a missing root is watched for through its nearest
 * existing ancestor: one non-recursive `fs.watch` there (never a recursive
 * one: that ancestor may be a home folder), moved down as the levels below
 * it are made. Events only say "look again"; what counts is a stat, so a
 * whole path made at once (`mkdir -p`) or an event lost is caught by the next
 * look, and the caller also looks once per poll interval.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Rounds of one look: more than any real path's depth. */
const MAX_ROUNDS = 64;

/** One missing root and the folder watched for it. */
export interface PendingRoot {
  /** The root as configured. */
  readonly root: string;
  /** The nearest existing ancestor, watched for the levels below it. */
  readonly watching: string;
  /** Stat again now: true when the root exists as a folder (the watch is then closed). */
  look(): boolean;
  close(): void;
}

/**
 * True when `path` is a folder now (links followed).
 *
 * @example isFolder('/tmp') // true
 */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The nearest ancestor of `path` that is a folder (the file-system root at worst). */
export function nearestFolder(path: string): string {
  let dir = dirname(resolve(path));
  while (!isFolder(dir)) {
    const up = dirname(dir);
    if (up === dir) return dir;
    dir = up;
  }
  return dir;
}

/**
 * Watch for `root` to be created; `onEvent` is called whenever the watched
 * ancestor reports something (the caller then calls `look`). With `events`
 * false nothing is watched: the caller's periodic `look` is all.
 *
 * @example const p = pendingRoot('/p/.claude/skills', () => { if (p.look()) start(p.root); }, true);
 */
export function pendingRoot(root: string, onEvent: () => void, events: boolean): PendingRoot {
  let watching = nearestFolder(root);
  let watcher: FSWatcher | undefined;
  let closed = false;
  const stop = (): void => {
    watcher?.close();
    watcher = undefined;
  };
  const start = (): void => {
    stop();
    if (!events || closed) return;
    try {
      watcher = watch(watching, { persistent: false }, () => onEvent());
      // The ancestor itself went (or the OS refused): the next look finds the new nearest one.
      watcher.on('error', () => {
        stop();
        onEvent();
      });
    } catch {
      watcher = undefined;
    }
  };
  start();
  return {
    root,
    get watching() {
      return watching;
    },
    look(): boolean {
      // Bounded by the path's depth: each round moves the watch at least one level down.
      for (let round = 0; round < MAX_ROUNDS && !closed; round++) {
        if (isFolder(root)) {
          closed = true;
          stop();
          return true;
        }
        const nearest = nearestFolder(root);
        if (nearest === watching && (watcher !== undefined || !events)) return false;
        watching = nearest;
        // A level made while this watch starts is seen by the next round's stat.
        start();
      }
      return false;
    },
    close(): void {
      closed = true;
      stop();
    },
  };
}
