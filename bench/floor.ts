/**
 * The I/O floor of the end-to-end benchmark: what any tool pays on this
 * machine before it parses anything: start Node, walk the roots and read
 * every SKILL.md the walk finds with `readFileSync`. No parsing, hashing,
 * sealing or output. bench/e2e.ts runs it in a fresh process beside each
 * skillgraph row, round by round, so each row's ratio is to the floor as
 * the machine ran it then.
 *
 * Two walks:
 * - complete (the default): every folder below the roots but version-control
 *   stores, folders inside skill folders, `node_modules` and dot-folders
 *   included. That is the least a tool that reports every SKILL.md must
 *   list: a nested SKILL.md, or one under `node_modules`, is only found by
 *   looking. It reads the SKILL.md files of the folders it searches (not the
 *   ones inside a skill folder or a skipped folder: those are counted, not read).
 * - leaf (`--leaf`): the way agents' own loaders walk, a folder holding a
 *   SKILL.md is a leaf and node_modules and dot-folders are skipped. It
 *   lists fewer folders and never sees a nested SKILL.md.
 *
 *   node bench/.floor.mjs [--leaf] ROOT...              walk and read; {"dirs","files","bytes","ms"}
 *   node bench/.floor.mjs --list OUT [--leaf] ROOT...   write the walk's paths to OUT (JSON): every folder it
 *                                                       lists and every SKILL.md it reads
 *   node bench/.floor.mjs --stat LIST                   the warm floor: read LIST, stat every path in it once;
 *                                                       {"paths","ms"}
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

/** How the floor walks: every folder a complete report must list, or skill folders as leaves. */
export type FloorWalk = 'complete' | 'leaf';

/**
 * Walk `roots` depth-first and read each SKILL.md the walk reads.
 *
 * @example walkAndRead(['bench/.data/e2e-10000/global']).files // 5,5xx
 */
export function walkAndRead(roots: readonly string[], walk: FloorWalk = 'complete'): FloorResult {
  const { dirs, files } = floorWalk(roots, walk);
  let bytes = 0;
  for (const file of files) bytes += readFileSync(file).length;
  return { dirs, files: files.length, bytes };
}

/**
 * The floor's walk alone: folders listed and the SKILL.md paths it reads (bench/walk.bench.ts sets discovery beside it).
 *
 * @example floorWalk(['bench/.data/e2e-10000/global']).dirs // 9,2xx
 */
export function floorWalk(
  roots: readonly string[],
  walk: FloorWalk = 'complete',
): { readonly dirs: number; readonly files: readonly string[] } {
  const { folders, files } = floorPaths(roots, walk);
  return { dirs: folders.length, files };
}

const isSkillName = (name: string): boolean => name.length === 8 && name.toLowerCase() === 'skill.md';
const VCS = new Set(['.git', '.hg', '.svn']);

/**
 * The floor's walk as paths: the folders it lists and the SKILL.md files it reads. Stat'ing all of
 * them is the least a cache can do to know that nothing a walk would see has changed (the warm floor).
 *
 * @example floorPaths(['bench/.data/embed-300/global']).folders.length // 2xx
 */
export function floorPaths(
  roots: readonly string[],
  walk: FloorWalk = 'complete',
): { readonly folders: readonly string[]; readonly files: readonly string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  const complete = walk === 'complete';
  // `inside`: below a skill folder or a skipped folder, where a SKILL.md is only counted.
  const visit = (dir: string, inside: boolean): void => {
    folders.push(dir);
    const entries = readdirSync(dir, { withFileTypes: true });
    const skill = entries.find((e) => e.isFile() && isSkillName(e.name));
    if (skill && !inside) files.push(join(dir, skill.name));
    if (skill && !complete) return;
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const skipped = e.name === 'node_modules' || e.name.startsWith('.');
      if (complete ? !VCS.has(e.name) : !skipped) visit(join(dir, e.name), inside || skill !== undefined || skipped);
    }
  };
  for (const root of roots) visit(root, false);
  return { folders, files };
}

/** Stat every path once (a dangling one counts as checked): how many. */
export function statAll(paths: readonly string[]): number {
  let n = 0;
  for (const p of paths) if (statSync(p, { throwIfNoEntry: false }) !== undefined) n++;
  return n;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const took = (): number => Math.round((performance.now() - started) * 100) / 100;
  const rootsOf = (rest: string[]): [string[], FloorWalk] =>
    rest[0] === '--leaf' ? [rest.slice(1), 'leaf'] : [rest, 'complete'];
  if (args[0] === '--list') {
    const [roots, walk] = rootsOf(args.slice(2));
    const { folders, files } = floorPaths(roots, walk);
    writeFileSync(args[1]!, JSON.stringify([...folders, ...files]));
  } else if (args[0] === '--stat') {
    const paths = JSON.parse(readFileSync(args[1]!, 'utf8')) as string[];
    statAll(paths);
    process.stdout.write(`${JSON.stringify({ paths: paths.length, ms: took() })}\n`);
  } else {
    const [roots, walk] = rootsOf(args);
    const r = walkAndRead(roots, walk);
    process.stdout.write(`${JSON.stringify({ ...r, ms: took() })}\n`);
  }
}
