/**
 * What an agent host pays at start-up, each phase in a fresh process: Node
 * alone, `import('skillgraph')`, and import + catalog + `renderContext` of a
 * generated tree of 300 skills, cold (no cache) and warm (the store filled
 * by an earlier process). Times are taken inside the child from its own
 * start (`performance.now()` counts from the process's time origin), minus
 * what Node alone takes to reach the first line; the median of the rounds.
 * The cold and warm runs also report their phases alone: `loadCatalog` (from
 * `createEngine` to the catalog) and `renderContext`.
 *
 * Beside them, the same way, the floors of this tree (bench/floor.ts): cold,
 * walk every folder of the three roots and read every SKILL.md, nothing
 * else; warm, stat every folder that walk lists and every SKILL.md it reads,
 * once each (the least any cache must check to know the tree is unchanged:
 * a new SKILL.md anywhere, even inside a skill folder, must be reported),
 * nothing else.
 *
 *   npm run build && node --import=tsx bench/embed.bench.ts [--skills 300] [--rounds 11] [--checkout DIR] [--json]
 *
 * `--checkout DIR` measures another built checkout (a previous version);
 * `--json` prints the medians as one JSON object (bench/e2e.ts reads it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compileScript } from './_compile.js';
import { generateTree } from './_generate.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { skills: { type: 'string', default: '300' }, rounds: { type: 'string', default: '11' }, checkout: { type: 'string' }, json: { type: 'boolean', default: false } },
  strict: false,
});
/** The library entry of a built checkout: the bundle, or (before bundling) tsc's dist/index.js. */
function libraryEntry(checkout: string): string {
  const bundled = join(checkout, 'dist', 'lib', 'index.js');
  return pathToFileURL(existsSync(bundled) ? bundled : join(checkout, 'dist', 'index.js')).href;
}
const DIST = libraryEntry(resolve(typeof values.checkout === 'string' ? values.checkout : join(HERE, '..')));
// bench/run.ts passes its own --skills (the big tree): this bench is about the small one.
const skills = Math.min(Number(values.skills), 300);
const rounds = Number(values.rounds);

const data = join(HERE, '.data');
mkdirSync(data, { recursive: true });
const tree = join(data, `embed-${skills}`);
if (!existsSync(join(tree, 'manifest.json'))) {
  rmSync(tree, { recursive: true, force: true });
  generateTree(tree, { skills, seed: 7, shape: 'local', symlinks: false });
}
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-embed-'));
const floorScript = await compileScript('floor');
const scopes = ['global', 'project', 'local'].map((scope) => join(tree, scope));
const floorList = join(scratch, 'floor-paths.json');
const listed = spawnSync(process.execPath, [floorScript, '--list', floorList, ...scopes], { encoding: 'utf8' });
if (listed.status !== 0) throw new Error(listed.stderr);
const script = join(scratch, 'child.mjs');
writeFileSync(
  script,
  `const t0 = performance.now();
const mode = process.argv[2];
if (mode === 'node') { console.log(JSON.stringify({ start: t0, total: 0 })); process.exit(0); }
const sg = await import(${JSON.stringify(DIST)});
const t1 = performance.now();
let skills = 0;
let load = 0;
let render = 0;
if (mode !== 'import') {
  const roots = ['global', 'project', 'local'].map((scope) => sg.makeRoot({ path: ${JSON.stringify(tree)} + '/' + scope, scope }, ${JSON.stringify(tree)}));
  const t2 = performance.now();
  const engine = sg.createEngine({ workers: 0, cache: mode === 'warm' ? process.argv[3] : false });
  const { catalog } = await engine.loadCatalog({ roots });
  const t3 = performance.now();
  sg.renderContext(catalog);
  render = performance.now() - t3;
  load = t3 - t2;
  skills = catalog.skills.length;
  await engine.close();
}
console.log(JSON.stringify({ start: t0, import: t1 - t0, total: performance.now() - t0, load, render, skills }));
`,
);
const cache = join(scratch, 'cache');
interface ChildRun {
  readonly start: number;
  readonly import?: number;
  readonly total: number;
  readonly load?: number;
  readonly render?: number;
  readonly skills?: number;
}
const run = (mode: string): ChildRun => {
  const r = spawnSync(process.execPath, [script, mode, cache], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: scratch } });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as ChildRun;
};
/** A floor's own time from its first line (bench/floor.ts prints it as `ms`). */
const floor = (args: readonly string[]): number => {
  const r = spawnSync(process.execPath, [floorScript, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: scratch } });
  if (r.status !== 0) throw new Error(r.stderr);
  return (JSON.parse(r.stdout) as { ms: number }).ms;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
run('warm'); // fills the store
run('warm');
const rows: Record<string, number[]> = { node: [], import: [], cold: [], warm: [], cold_load: [], cold_render: [], warm_load: [], warm_render: [], floor_cold: [], floor_warm: [] };
let count = 0;
for (let i = 0; i < rounds; i++) {
  rows.node!.push(run('node').start);
  rows.import!.push(run('import').import!);
  const cold = run('cold');
  rows.cold!.push(cold.total);
  rows.cold_load!.push(cold.load!);
  rows.cold_render!.push(cold.render!);
  count = cold.skills ?? 0;
  const warm = run('warm');
  rows.warm!.push(warm.total);
  rows.warm_load!.push(warm.load!);
  rows.warm_render!.push(warm.render!);
  rows.floor_cold!.push(floor(scopes));
  rows.floor_warm!.push(floor(['--stat', floorList]));
}
rmSync(scratch, { recursive: true, force: true });
const m = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v)]));
if (values.json) {
  process.stdout.write(`${JSON.stringify({ skills: count, rounds, ...m })}\n`);
  process.exit(0);
}
const verdict = (ms: number, target: number): string => `${ms.toFixed(1)} ms (target ≤ ${target} ms: ${ms <= target ? 'met' : 'NOT met'})`;
const against = (ms: number, floorMs: number): string => `, ${(ms / floorMs).toFixed(2)}× its floor of ${floorMs.toFixed(1)} ms`;
process.stdout.write(
  [
    `${count} skills catalogued, median of ${rounds} fresh processes each; times after Node reached the first line (${m.node!.toFixed(1)} ms of bootstrap not counted).`,
    `import('skillgraph'):                          ${verdict(m.import!, 50)}`,
    `import + catalog + renderContext, cold:        ${verdict(m.cold!, 60)}${against(m.cold!, m.floor_cold!)}`,
    `import + catalog + renderContext, warm store:  ${verdict(m.warm!, 20)}${against(m.warm!, m.floor_warm!)}`,
    `  floors: cold (walk every folder, read every SKILL.md) ${m.floor_cold!.toFixed(1)} ms; warm (stat every folder and SKILL.md of that walk) ${m.floor_warm!.toFixed(1)} ms`,
    `  of which loadCatalog ${m.cold_load!.toFixed(1)} ms cold, ${m.warm_load!.toFixed(1)} ms warm; renderContext ${m.cold_render!.toFixed(1)} ms cold, ${m.warm_render!.toFixed(1)} ms warm`,
    '',
  ].join('\n'),
);
