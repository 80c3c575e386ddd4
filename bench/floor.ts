/**
 * The I/O floor of the end-to-end benchmark: what any tool pays on
 * this machine before it parses anything — start Node, walk the roots the way
 * agents do (a folder holding a SKILL.md is a leaf) and read every SKILL.md
 * with `readFileSync`. No parsing, hashing, sealing or output. bench/e2e.ts
 * runs it in a fresh process beside skillgraph and the naive pipeline, so
 * the report shows how much of each variant's time is the floor.
 *
 *   node bench/.floor.mjs ROOT...
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface FloorResult {
  readonly dirs: number;
  readonly files: number;
  readonly bytes: number;
}

/**
 * Walk `roots` (depth-first, skill folders as leaves, node_modules and dot-folders skipped) and read each SKILL.md.
 *
 * @example walkAndRead(['bench/.data/e2e-10000/global']).files // 5,5xx
 */
export function walkAndRead(roots: readonly string[]): FloorResult {
  const { dirs, files } = floorWalk(roots);
  let bytes = 0;
  for (const file of files) bytes += readFileSync(file).length;
  return { dirs, files: files.length, bytes };
}

/**
 * The floor's walk alone: folders listed and the SKILL.md paths found (bench/walk.bench.ts sets discovery beside it).
 *
 * @example floorWalk(['bench/.data/e2e-10000/global']).dirs // 6,5xx
 */
export function floorWalk(roots: readonly string[]): { readonly dirs: number; readonly files: readonly string[] } {
  let dirs = 0;
  const files: string[] = [];
  const visit = (dir: string): void => {
    dirs++;
    const entries = readdirSync(dir, { withFileTypes: true });
    const skill = entries.find((e) => e.isFile() && e.name === 'SKILL.md');
    if (skill) {
      files.push(join(dir, skill.name));
      return;
    }
    for (const e of entries) if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) visit(join(dir, e.name));
  };
  for (const root of roots) visit(root);
  return { dirs, files };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(walkAndRead(process.argv.slice(2)))}\n`);
}
