/**
 * A full garbage collection between the phases of a big run. V8 grows the
 * heap lazily, so the garbage of one phase (parsing 100,000 files) is still
 * there when the next one (hashing their folders, writing a 30 MB lockfile)
 * allocates, and the peak RSS is the sum. Collecting in between keeps it
 * near the live size (with the inline parse lock and check use: 100,000 skills ~600 → ~410 MiB peak RSS).
 * Node exposes `gc` only behind a flag; the flag is set at run time and the
 * function taken from a new context, where V8 then defines it. Never throws.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * Run a full collection when the work was big enough to matter (`items` ≥ 50,000).
 *
 * @example collectGarbage(catalog.skills.length);
 */
export function collectGarbage(items: number): void {
  // Perf: a full collection costs ~50–150 ms on a large heap; runs below the size where peak
  // RSS nears its bound (the 10,000-skill benchmark peaks near 280 MB) never pay it.
  if (items < 50_000) return;
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
