// Registered temp files are removed on SIGINT/SIGTERM/SIGHUP, then the signal is re-raised so the process still
// ends as interrupted. The handlers stay installed: removing the last listener while a signal is queued drops it.
import { readdirSync, lstatSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A temp file older than this (by mtime) beside a target is a leftover of a dead run. */
export const STALE_TEMP_MS = 10 * 60 * 1000;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const live = new Set<string>();
let installed = false;

function onSignal(signal: NodeJS.Signals): void {
  removeRegistered();
  for (const s of SIGNALS) process.removeListener(s, onSignal);
  installed = false;
  // With our listener gone the default action ends the process, unless the host has its own listener.
  process.kill(process.pid, signal);
}

/** Remember `path` as a temp file to remove if the process is interrupted. */
export function registerTemp(path: string): void {
  live.add(path);
  if (!installed) {
    installed = true;
    for (const s of SIGNALS) process.on(s, onSignal);
  }
}

/** `path` is gone (renamed into place or removed): nothing to clean for it. */
export function releaseTemp(path: string): void {
  live.delete(path);
}

export function registeredTemps(): readonly string[] {
  return [...live];
}

export function removeRegistered(): void {
  for (const path of live) {
    try {
      rmSync(path, { force: true });
    } catch {
      // best effort: the folder may be gone
    }
  }
  live.clear();
}

const swept = new Set<string>();

/** Remove `prefix` files in `dir` older than `maxAgeMs`, left by a killed run; once per folder, never throws. */
export function removeStaleTemps(dir: string, prefix: string, maxAgeMs: number = STALE_TEMP_MS): number {
  const key = `${dir}\u0000${prefix}`;
  if (swept.has(key)) return 0;
  swept.add(key);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  const before = Date.now() - maxAgeMs;
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const path = join(dir, name);
    try {
      const st = lstatSync(path);
      // A folder of that name is not ours to delete.
      if ((st.isFile() || st.isSymbolicLink()) && st.mtimeMs < before && !live.has(path)) {
        rmSync(path, { force: true });
        removed++;
      }
    } catch {
      // raced with another cleaner: fine
    }
  }
  return removed;
}
