/**
 * A full garbage collection between the phases of a big run, so one phase's garbage does not add to the next
 * one's peak memory. `gc` is taken from a new context after setting its flag at run time. Never throws.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** Run a full collection when the work was big enough to matter (`items` ≥ 50,000). */
export function collectGarbage(items: number): void {
  // Perf: a full collection costs tens of ms on a large heap; smaller runs never near the memory bound.
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
