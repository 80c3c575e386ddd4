/**
 * A cheap guess of how many skill files a walk will find, made before the
 * walk so `workers: 'auto'` can start its pool early: the pool's ~250 ms
 * start then overlaps the (synchronous) walk instead of following it.
 *
 * The guess reads each root's folder and a few of its sub-folders (at most
 * 1 + SAMPLE readdirs per root) and multiplies: folders at level 1 × the
 * mean folder count at level 2. It is only a hint — the walk's real count
 * still decides whether the pool is used — so a wrong guess costs at most
 * an idle pool start, never a different result.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { SkillRoot } from '../discover/roots.js';

/** Level-1 folders sampled per root. */
const SAMPLE = 4;
/** Roots looked at (the rest count as empty: the guess stays cheap). */
const MAX_ROOTS = 16;

/**
 * Guess the number of skill folders below `roots` (0 for missing roots).
 *
 * @example estimateSkillFolders([makeRoot({ path: 'skills' }, cwd)]) // ≈ folders two levels down
 */
export function estimateSkillFolders(roots: readonly SkillRoot[]): number {
  let total = 0;
  for (const root of roots.slice(0, MAX_ROOTS)) {
    const top = folders(root.path);
    if (top.length === 0) continue;
    // Sorted so the guess (and so the decision) never depends on readdir order.
    const sample = top.sort().slice(0, SAMPLE);
    let below = 0;
    for (const name of sample) below += Math.max(1, folders(join(root.path, name)).length);
    total += Math.round((top.length * below) / sample.length);
  }
  return total;
}

function folders(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) out.push(e.name);
  return out;
}
