/**
 * This checkout against a previous version of skillgraph, side by side in
 * one run on the generated tree: the cold catalog (`--no-cache`), the warm
 * one (store filled) and the warm one with its runs table removed before
 * each run (the files and folders tables alone). Runs alternate between the
 * two versions, each in a fresh process, so machine noise hits both alike;
 * the median counts.
 *
 *   npm run build && node --import=tsx bench/compare.ts --previous DIR [--skills 10000] [--repeat 5]
 *
 * DIR is a built checkout of the other version (bin/skillgraph.js, dist/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTree } from './_generate.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');

const { values } = parseArgs({
  options: {
    previous: { type: 'string' },
    skills: { type: 'string', default: '10000' },
    repeat: { type: 'string', default: '5' },
  },
});
if (!values.previous || !existsSync(join(values.previous, 'bin', 'skillgraph.js'))) {
  process.stderr.write('usage: bench/compare.ts --previous DIR (a built checkout of the other version)\n');
  process.exit(2);
}
const versions = [
  { name: 'this checkout', bin: join(ROOT, 'bin', 'skillgraph.js') },
  { name: `previous (${resolve(values.previous)})`, bin: join(resolve(values.previous), 'bin', 'skillgraph.js') },
];
const skills = Number(values.skills);
const repeat = Number(values.repeat);

const data = join(HERE, '.data');
mkdirSync(data, { recursive: true });
const treeDir = join(data, `e2e-${skills}`);
if (!existsSync(join(treeDir, 'manifest.json'))) {
  rmSync(treeDir, { recursive: true, force: true });
  process.stderr.write(`generating ${skills} skills into ${treeDir}…\n`);
  generateTree(treeDir, { skills, seed: 1, shape: 'local', symlinks: true });
}
const roots = ['global', 'project', 'local'].flatMap((scope) => ['--root', `${join(treeDir, scope)}:${scope}`]);

function run(bin: string, extra: readonly string[]): { ms: number; out: string } {
  const home = mkdtempSync(join(tmpdir(), 'skillgraph-compare-'));
  try {
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      [bin, 'catalog', ...roots, '--depth', '8', '--max-dirs', '1000000', '--json', ...extra],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8', maxBuffer: 1 << 30 },
    );
    const ms = performance.now() - t0;
    if (r.error) throw r.error;
    return { ms, out: r.stdout };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const caches = versions.map((_, i) => join(data, `compare-cache-${i}`));
const dropRuns = (dir: string): void => {
  for (const name of existsSync(dir) ? readdirSync(dir) : [])
    if (name.startsWith('run.') || name.startsWith('run-memo.')) rmSync(join(dir, name), { force: true });
};
const variants = [
  { label: 'catalog --json, cold (--no-cache)', args: (_: number) => ['--no-cache'], before: (_: number) => {} },
  { label: 'catalog --json, warm', args: (i: number) => ['--cache', caches[i]!], before: (_: number) => {} },
  {
    label: 'catalog --json, warm without the recorded run',
    args: (i: number) => ['--cache', caches[i]!],
    before: (i: number) => dropRuns(caches[i]!),
  },
];

for (const dir of caches) rmSync(dir, { recursive: true, force: true });
// Fill each store twice (parse, then record the run) so the warm rows start warm.
for (let i = 0; i < versions.length; i++) for (let k = 0; k < 2; k++) run(versions[i]!.bin, ['--cache', caches[i]!]);

const outputs = new Map<number, string>();
const rows: string[] = [];
for (const v of variants) {
  const times: number[][] = versions.map(() => []);
  for (let r = 0; r < repeat; r++) {
    for (let i = 0; i < versions.length; i++) {
      v.before(i);
      const { ms, out } = run(versions[i]!.bin, v.args(i));
      times[i]!.push(ms);
      if (!outputs.has(i)) outputs.set(i, out);
    }
  }
  const [now, before] = times.map(median) as [number, number];
  process.stderr.write(`${v.label}: ${now.toFixed(0)} ms vs ${before.toFixed(0)} ms\n`);
  rows.push(`| ${v.label} | ${now.toFixed(0)} | ${before.toFixed(0)} | ${(now / before).toFixed(2)} |`);
}
const same = outputs.get(0) === outputs.get(1);
process.stdout.write(
  [
    `${skills.toLocaleString('en-US')} generated skills, median of ${repeat} alternating runs each, fresh processes.`,
    '',
    `| variant | this checkout ms | ${versions[1]!.name} ms | this / previous |`,
    '|---|---:|---:|---:|',
    ...rows,
    '',
    `catalog --json output ${same ? 'byte-identical' : 'DIFFERS'} between the two versions.`,
    '',
  ].join('\n'),
);
