/**
 * The I/O floor of the end-to-end benchmark: what any tool pays on
 * this machine before it parses anything — start Node, walk the roots the way
 * agents do (a folder holding a SKILL.md is a leaf) and read every SKILL.md
 * with `readFileSync`. No parsing, hashing, sealing or output. bench/e2e.ts
 * runs it in a fresh process beside skillgraph and the naive pipeline, so
 * the report shows how much of each variant's time is the floor.
 *
 *   node bench/.floor.mjs ROOT...              walk and read; {"dirs","files","bytes","ms"}
 *   node bench/.floor.mjs --list OUT ROOT...   write the walk's paths to OUT (JSON): every folder it
 *                                              lists and every SKILL.md it finds
 *   node bench/.floor.mjs --stat LIST          the warm floor: read LIST, stat every path in it once;
 *                                              {"paths","ms"}
 *
 * `ms` is the script's own time from its first line (bench/embed.bench.ts
 * reads it; bench/e2e.ts times the whole process).
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** When the script started (its imports are Node's own and load first). */
const started = performance.now();

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
  const { folders, files } = floorPaths(roots);
  return { dirs: folders.length, files };
}

/**
 * The floor's walk as paths: the folders it lists and the SKILL.md files it finds. Stat'ing all of
 * them is the least a cache can do to know that nothing a walk would see has changed (the warm floor).
 *
 * @example floorPaths(['bench/.data/embed-300/global']).folders.length // 2xx
 */
export function floorPaths(roots: readonly string[]): { readonly folders: readonly string[]; readonly files: readonly string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  const visit = (dir: string): void => {
    folders.push(dir);
    const entries = readdirSync(dir, { withFileTypes: true });
    const skill = entries.find((e) => e.isFile() && e.name === 'SKILL.md');
    if (skill) {
      files.push(join(dir, skill.name));
      return;
    }
    for (const e of entries) if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) visit(join(dir, e.name));
  };
  for (const root of roots) visit(root);
  return { folders, files };
}

/** Stat every path once (a dangling one counts as checked): how many. */
export function statAll(paths: readonly string[]): number {
  let n = 0;
  for (const p of paths) if (statSync(p, { throwIfNoEntry: false }) !== undefined) n++;
  return n;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [first, ...rest] = process.argv.slice(2);
  const took = (): number => Math.round((performance.now() - started) * 100) / 100;
  if (first === '--list') {
    const { folders, files } = floorPaths(rest.slice(1));
    writeFileSync(rest[0]!, JSON.stringify([...folders, ...files]));
  } else if (first === '--stat') {
    const paths = JSON.parse(readFileSync(rest[0]!, 'utf8')) as string[];
    statAll(paths);
    process.stdout.write(`${JSON.stringify({ paths: paths.length, ms: took() })}\n`);
  } else {
    const r = walkAndRead(process.argv.slice(2));
    process.stdout.write(`${JSON.stringify({ ...r, ms: took() })}\n`);
  }
}
