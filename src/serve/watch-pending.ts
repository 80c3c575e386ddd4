// A host is usually set up before its skills are installed, so a missing root is watched for through
// its nearest existing ancestor (non-recursively: it may be a home folder). Events only say "look again".
import { watch, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isFolder } from '../discover/safe-read.js';

const MAX_ROUNDS = 64;

export interface PendingRoot {
  readonly root: string;
  readonly watching: string;
  /** Stat again now: true when the root exists as a folder (the watch is then closed). */
  look(): boolean;
  close(): void;
}

export function nearestFolder(path: string): string {
  let dir = dirname(resolve(path));
  while (!isFolder(dir)) {
    const up = dirname(dir);
    if (up === dir) return dir;
    dir = up;
  }
  return dir;
}

/** Watch for `root` to be created; `onEvent` means "call `look`". With `events` false nothing is watched. */
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
