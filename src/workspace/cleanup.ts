/**
 * Temp files never outlive an interrupted run. Every temp file a writer
 * creates (lockfile and workspace writes, cache files) is registered while
 * it exists; the first registration installs SIGINT/SIGTERM/SIGHUP
 * handlers that remove whatever is registered and then re-raise the signal
 * with the default action, so the process still ends as interrupted (exit
 * 130 for SIGINT in a shell). A run killed outright (SIGKILL, power loss)
 * cannot clean up: the next writer to the same folder removes temp files
 * older than `STALE_TEMP_MS` (`removeStaleTemps`).
 *
 * The handlers stay installed once installed: removing the last listener
 * while a signal is queued would drop that signal and the user's Ctrl-C
 * with it.
 */
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
  // Re-raise: with our listener gone the default action ends the process as the signal asked,
  // unless the host installed its own listener, which then decides.
  process.kill(process.pid, signal);
}

/**
 * Remember `path` as a temp file to remove if the process is interrupted.
 *
 * @example registerTemp(tmp); try { write(tmp); rename(tmp, file); } finally { releaseTemp(tmp); }
 */
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

/** Temp files registered now (for tests). */
export function registeredTemps(): readonly string[] {
  return [...live];
}

/** Remove every registered temp file; never throws. */
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

/**
 * Remove files in `dir` whose name starts with `prefix` and whose mtime is
 * older than `maxAgeMs` — temp files left by a run that was killed. Each
 * folder is swept once per process; never throws.
 *
 * @example removeStaleTemps(dirname(lockfile), TEMP_PREFIX)
 */
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
      // Only plain files and links: a folder of that name is not ours to delete.
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
