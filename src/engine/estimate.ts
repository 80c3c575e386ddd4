/**
 * A cheap guess of how many skill folders a walk will find, so `workers: 'auto'` starts its pool before the walk.
 * Folders at level 1 × the mean at level 2 from a few readdirs per root; a wrong guess costs an idle pool start.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { SkillRoot } from '../discover/roots.js';

const SAMPLE = 4;
/** Roots looked at (the rest count as empty: the guess stays cheap). */
const MAX_ROOTS = 16;

export function estimateSkillFolders(roots: readonly SkillRoot[]): number {
  let total = 0;
  for (const root of roots.slice(0, MAX_ROOTS)) {
    const top = folders(root.path);
    if (top.length === 0) continue;
    // Sorted so the guess never depends on readdir order.
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
