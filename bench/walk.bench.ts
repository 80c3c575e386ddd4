/**
 * The walk alone: `discover()` from a build's dist/ on the generated tree's
 * three roots (complete walk, the catalog's options) beside the floor's walk
 * (bench/floor.ts: every folder, the same folders discovery must list, with
 * nothing classified and no limits kept), each cold
 * in a fresh process, runs alternating so machine noise hits every variant
 * alike. Times are the process's CPU time for the walk (user + system), which
 * other sessions on a shared machine disturb less than wall time; the median
 * counts. With `--previous DIR` a second build walks beside this one.
 *
 *   npm run build:ts && node --import=tsx bench/walk.bench.ts [--skills 10000] [--repeat 9] [--previous DIR]
 *
 * Prints folders listed, skill files found and the median CPU ms of each
 * variant, with ratios against the floor.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTree } from './_generate.js';
import { floorWalk } from './floor.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCOPES = ['global', 'project', 'local'] as const;

/** The library entry of a built dist/ folder: the bundle, or (before bundling) tsc's index.js. */
function libraryEntry(dist: string): string {
  const bundled = join(dist, 'lib', 'index.js');
  return existsSync(bundled) ? bundled : join(dist, 'index.js');
}

interface WalkRun {
  readonly cpuMs: number;
  readonly dirs: number;
  readonly files: number;
}

/** In the child: one cold walk of `tree` by `dist` ('floor' for the floor's walk), printed as JSON. */
async function child(which: string, tree: string): Promise<void> {
  const roots = SCOPES.map((s) => join(tree, s));
  let run: () => { dirs: number; files: number };
  if (which === 'floor') {
    run = () => {
      const r = floorWalk(roots);
      return { dirs: r.dirs, files: r.files.length };
    };
  } else {
    // The built library (the bundle, or before bundling tsc's dist/index.js), imported before the clock starts.
    const { discover, makeRoot } = (await import(
      pathToFileURL(libraryEntry(which)).href
    )) as typeof import('../src/discover/index.js');
    const skillRoots = SCOPES.map((scope) => makeRoot({ path: join(tree, scope), scope }, tree));
    // As `catalog --depth 8 --max-dirs 1000000` walks (the root counts as the first level).
    run = () => {
      const r = discover(skillRoots, {
        depth: 8,
        depthCountsRoot: true,
        maxDirs: 1_000_000,
        sameFileCredit: 'first-listed',
      });
      return { dirs: r.roots.reduce((n, x) => n + x.dirs, 0), files: r.candidates.length };
    };
  }
  const c0 = process.cpuUsage();
  const r = run();
  const c = process.cpuUsage(c0);
  process.stdout.write(`${JSON.stringify({ cpuMs: (c.user + c.system) / 1000, ...r } satisfies WalkRun)}\n`);
}

function spawnWalk(which: string, tree: string): WalkRun {
  const r = spawnSync(
    process.execPath,
    ['--import=tsx', fileURLToPath(import.meta.url), '--child', which, '--tree', tree],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`walk child ${which} failed (exit ${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as WalkRun;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { values } = parseArgs({
  options: {
    skills: { type: 'string', default: '10000' },
    repeat: { type: 'string', default: '9' },
    previous: { type: 'string' },
    child: { type: 'string' },
    tree: { type: 'string' },
  },
});

if (values.child !== undefined && values.tree !== undefined) {
  await child(values.child, values.tree);
} else {
  const dist = resolve(HERE, '..', 'dist');
  if (!existsSync(libraryEntry(dist))) {
    process.stderr.write("dist/ is missing: run 'npm run build:ts' first\n");
    process.exit(2);
  }
  const tree = join(HERE, '.data', `e2e-${values.skills}`);
  if (!existsSync(join(tree, 'manifest.json'))) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    process.stderr.write(`generating ${values.skills} skills into ${tree}…\n`);
    generateTree(tree, { skills: Number(values.skills), seed: 1, shape: 'local', symlinks: true });
  }
  const variants = [
    { name: 'floor walk (bench/floor.ts)', which: 'floor' },
    { name: 'discover() of this checkout', which: dist },
    ...(values.previous
      ? [{ name: `discover() of ${resolve(values.previous)}`, which: join(resolve(values.previous), 'dist') }]
      : []),
  ];
  const runs: WalkRun[][] = variants.map(() => []);
  for (let i = 0; i < Number(values.repeat); i++)
    for (let v = 0; v < variants.length; v++) runs[v]!.push(spawnWalk(variants[v]!.which, tree));
  const floorMs = median(runs[0]!.map((r) => r.cpuMs));
  process.stdout.write(
    `Walk alone, ${values.skills} generated skills, three roots; median CPU of ${values.repeat} fresh processes each.\n\n`,
  );
  process.stdout.write('| variant | folders listed | skill files | CPU ms | / floor |\n|---|---:|---:|---:|---:|\n');
  for (let v = 0; v < variants.length; v++) {
    const ms = median(runs[v]!.map((r) => r.cpuMs));
    const last = runs[v]!.at(-1)!;
    process.stdout.write(
      `| ${variants[v]!.name} | ${last.dirs} | ${last.files} | ${ms.toFixed(0)} | ${(ms / floorMs).toFixed(2)} |\n`,
    );
  }
}
