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
 *   npm run build && node --import=tsx bench/embed.bench.ts [--skills 300] [--rounds 11] [--checkout DIR] [--previous DIR] [--json]
 *
 * `--checkout DIR` measures another built checkout instead of this one;
 * `--previous DIR` measures a second one (a previous version) in the same
 * rounds, each phase alternating with this one's so machine noise hits both
 * alike; `--json` prints the medians as one JSON object, the previous
 * version's under `previous` (bench/e2e.ts reads it).
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
  options: {
    skills: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '11' },
    checkout: { type: 'string' },
    previous: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  strict: false,
});
/** The library entry of a built checkout: the bundle, or (before bundling) tsc's dist/index.js. */
function libraryEntry(checkout: string): string {
  const bundled = join(checkout, 'dist', 'lib', 'index.js');
  return pathToFileURL(existsSync(bundled) ? bundled : join(checkout, 'dist', 'index.js')).href;
}
const checkouts = [
  resolve(typeof values.checkout === 'string' ? values.checkout : join(HERE, '..')),
  ...(typeof values.previous === 'string' ? [resolve(values.previous)] : []),
];
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
/** The child script for one checkout: Node alone, the import, or import + catalog + render (cold or warm). */
const childScript = (checkout: string, k: number): string => {
  const script = join(scratch, `child-${k}.mjs`);
  writeFileSync(
    script,
    `const t0 = performance.now();
const mode = process.argv[2];
if (mode === 'node') { console.log(JSON.stringify({ start: t0, total: 0 })); process.exit(0); }
const sg = await import(${JSON.stringify(libraryEntry(checkout))});
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
  return script;
};
interface ChildRun {
  readonly start: number;
  readonly import?: number;
  readonly total: number;
  readonly load?: number;
  readonly render?: number;
  readonly skills?: number;
}
const scripts = checkouts.map(childScript);
const run = (k: number, mode: string): ChildRun => {
  const r = spawnSync(process.execPath, [scripts[k]!, mode, join(scratch, `cache-${k}`)], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: scratch },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as ChildRun;
};
/** A floor's own time from its first line (bench/floor.ts prints it as `ms`). */
const floor = (args: readonly string[]): number => {
  const r = spawnSync(process.execPath, [floorScript, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: scratch },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return (JSON.parse(r.stdout) as { ms: number }).ms;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (let k = 0; k < checkouts.length; k++) {
  run(k, 'warm'); // fills the store
  run(k, 'warm');
}
const newRows = (): Record<string, number[]> => ({
  node: [],
  import: [],
  cold: [],
  warm: [],
  cold_load: [],
  cold_render: [],
  warm_load: [],
  warm_render: [],
  floor_cold: [],
  floor_warm: [],
});
const rows = checkouts.map(newRows);
let count = 0;
for (let i = 0; i < rounds; i++) {
  // Each phase runs for every checkout in turn, who goes first alternating by round.
  const order = checkouts.map((_, k) => k);
  if (i % 2 === 1) order.reverse();
  const each = (phase: (k: number, into: Record<string, number[]>) => void): void =>
    order.forEach((k) => phase(k, rows[k]!));
  each((k, r) => r.node!.push(run(k, 'node').start));
  each((k, r) => r.import!.push(run(k, 'import').import!));
  each((k, r) => {
    const cold = run(k, 'cold');
    r.cold!.push(cold.total);
    r.cold_load!.push(cold.load!);
    r.cold_render!.push(cold.render!);
    if (k === 0) count = cold.skills ?? 0;
  });
  each((k, r) => {
    const warm = run(k, 'warm');
    r.warm!.push(warm.total);
    r.warm_load!.push(warm.load!);
    r.warm_render!.push(warm.render!);
  });
  const floorCold = floor(scopes);
  const floorWarm = floor(['--stat', floorList]);
  for (const r of rows) {
    r.floor_cold!.push(floorCold);
    r.floor_warm!.push(floorWarm);
  }
}
rmSync(scratch, { recursive: true, force: true });
const medians = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, median(v)])));
const m = medians[0]!;
if (values.json) {
  process.stdout.write(
    `${JSON.stringify({ skills: count, rounds, ...m, ...(medians[1] ? { previous: { skills: count, rounds, ...medians[1] } } : {}) })}\n`,
  );
  process.exit(0);
}
const verdict = (ms: number, target: number): string =>
  `${ms.toFixed(1)} ms (target ≤ ${target} ms: ${ms <= target ? 'met' : 'NOT met'})`;
const against = (ms: number, floorMs: number): string =>
  `${ms.toFixed(1)} ms, ${(ms / floorMs).toFixed(2)}× its floor of ${floorMs.toFixed(1)} ms (target ≤ 2×: ${ms <= 2 * floorMs ? 'met' : 'NOT met'})`;
process.stdout.write(
  [
    `${count} skills catalogued, median of ${rounds} fresh processes each; times after Node reached the first line (${m.node!.toFixed(1)} ms of bootstrap not counted).`,
    `import('skillgraph'):                          ${verdict(m.import!, 50)}`,
    `import + catalog + renderContext, cold:        ${against(m.cold!, m.floor_cold!)}`,
    `import + catalog + renderContext, warm store:  ${against(m.warm!, m.floor_warm!)}`,
    `  floors: cold (walk every folder, read every SKILL.md) ${m.floor_cold!.toFixed(1)} ms; warm (stat every folder and SKILL.md of that walk) ${m.floor_warm!.toFixed(1)} ms`,
    `  of which loadCatalog ${m.cold_load!.toFixed(1)} ms cold, ${m.warm_load!.toFixed(1)} ms warm; renderContext ${m.cold_render!.toFixed(1)} ms cold, ${m.warm_render!.toFixed(1)} ms warm`,
    ...(medians[1]
      ? [
          `previous (${checkouts[1]}, in the same rounds): import ${medians[1].import!.toFixed(1)} ms, cold ${medians[1].cold!.toFixed(1)} ms (${(medians[1].cold! / m.floor_cold!).toFixed(2)}×), warm ${medians[1].warm!.toFixed(1)} ms (${(medians[1].warm! / m.floor_warm!).toFixed(2)}×)`,
        ]
      : []),
    '',
  ].join('\n'),
);
