/**
 * End-to-end throughput, side by side in one run: skillgraph's CLI
 * (cold with 0 / 2 / auto workers, warm cache), the naive user pipeline
 * (bench/naive.ts) on a generated 10,000-skill tree, and on the real corpus
 * skillgraph against the peer tools (bench/peers). Every variant runs in a
 * fresh child process (Node start and imports included, as a user pays
 * them), `--repeat` times; the median counts. Peak RSS comes from
 * `process.resourceUsage()` at exit (bench/peers/rss-probe.cjs).
 *
 *   npm run bench:setup && npm run build && node --import=tsx bench/e2e.ts [--skills 10000] [--repeat 3] [--out bench/RESULTS.md]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTree } from './_generate.js';
import { runAllPeers, type PeerRun } from './peers/run-peers.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CLI = join(ROOT, 'bin', 'skillgraph.js');
const PROBE = join(HERE, 'peers', 'rss-probe.cjs');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus', 'real');

export interface Measure {
  readonly label: string;
  readonly ms: number;
  readonly rssBytes: number | null;
  readonly exitCode: number | null;
  /** What the run reported about its work (skills), to prove the variants did the same job. */
  readonly skills: number | null;
}

interface ChildRun {
  readonly ms: number;
  readonly rssBytes: number | null;
  readonly exitCode: number | null;
  readonly stdout: string;
}

function child(args: readonly string[], env: Record<string, string> = {}): ChildRun {
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-e2e-'));
  const rssFile = join(scratch, 'rss');
  try {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['--require', PROBE, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: scratch, SKILLGRAPH_RSS_FILE: rssFile, ...env },
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const ms = performance.now() - started;
    if (r.error) throw r.error;
    return { ms, rssBytes: existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : null, exitCode: r.status, stdout: r.stdout };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Run `make()` `repeat` times (after `prepare()` each time) and keep the median wall time and the max RSS. */
function measure(label: string, repeat: number, make: () => ChildRun, skillsOf: (stdout: string) => number | null, prepare: () => void = () => {}): Measure {
  const runs: ChildRun[] = [];
  for (let i = 0; i < repeat; i++) {
    prepare();
    runs.push(make());
  }
  const last = runs.at(-1)!;
  const rss = runs.map((r) => r.rssBytes).filter((x): x is number => x !== null);
  process.stderr.write(`  ${label}: ${median(runs.map((r) => r.ms)).toFixed(0)} ms (runs: ${runs.map((r) => r.ms.toFixed(0)).join(', ')})\n`);
  return { label, ms: median(runs.map((r) => r.ms)), rssBytes: rss.length ? Math.max(...rss) : null, exitCode: last.exitCode, skills: skillsOf(last.stdout) };
}

const catalogSkills = (stdout: string): number | null => {
  try {
    return (JSON.parse(stdout) as { skills: unknown[] }).skills.length;
  } catch {
    return null;
  }
};

/** A bench script (naive.ts, floor.ts) compiled to plain JS once, so it does not pay tsx at start. */
async function compileScript(name: 'naive' | 'floor'): Promise<string> {
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  // Beside the source, so naive.ts's `./peers/` lookups resolve the same way.
  const out = join(HERE, `.${name}.mjs`);
  await esbuild.build({ entryPoints: [join(HERE, `${name}.ts`)], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  // `packages: external` keeps zod and the peers' libraries as imports resolved from bench/.
  return out;
}

export interface E2eResult {
  readonly date: string;
  readonly machine: string;
  readonly skills: number;
  readonly tree: { files: number; bytes: number; conflicts: number; broken: number };
  readonly synthetic: Measure[];
  readonly corpus: { skillgraph: Measure[]; peers: PeerRun[] };
}

/**
 * Run every variant and return the measurements.
 *
 * @example const r = await runE2e({ skills: 10_000, repeat: 3 });
 */
export async function runE2e({ skills, repeat }: { skills: number; repeat: number }): Promise<E2eResult> {
  const data = join(HERE, '.data');
  mkdirSync(data, { recursive: true });
  const treeDir = join(data, `e2e-${skills}`);
  let tree: { files: number; bytes: number; conflicts: number; broken: number };
  const manifestFile = join(treeDir, 'manifest.json');
  if (existsSync(manifestFile)) {
    tree = JSON.parse(readFileSync(manifestFile, 'utf8')) as typeof tree;
  } else {
    rmSync(treeDir, { recursive: true, force: true });
    process.stderr.write(`generating ${skills} skills into ${treeDir}…\n`);
    tree = generateTree(treeDir, { skills, seed: 1, shape: 'local', symlinks: true });
  }
  const roots = ['global', 'project', 'local'].flatMap((scope) => ['--root', `${join(treeDir, scope)}:${scope}`]);
  const cacheDir = join(data, 'cache');
  const catalog = (extra: string[]) => () => child([CLI, 'catalog', ...roots, '--depth', '8', '--max-dirs', '1000000', '--json', ...extra]);

  process.stderr.write(`synthetic tree (${skills} skills):\n`);
  const naive = await compileScript('naive');
  const floor = await compileScript('floor');
  const synthetic: Measure[] = [
    measure('naive pipeline (fast-glob + fs.promises + gray-matter + zod + createHash + DFS)', repeat, () => child([naive, ...['global', 'project', 'local'].map((s) => `${join(treeDir, s)}:${s}`)]), (out) => {
      const m = /"skills":\s*(\d+)/.exec(out);
      return m ? Number(m[1]) : null;
    }),
    measure('naive pipeline, one await per file (--sequential)', repeat, () => child([naive, '--sequential', ...['global', 'project', 'local'].map((s) => `${join(treeDir, s)}:${s}`)]), (out) => {
      const m = /"skills":\s*(\d+)/.exec(out);
      return m ? Number(m[1]) : null;
    }),
    measure('skillgraph catalog, cold, workers 0', repeat, catalog(['--no-cache', '--workers', '0']), catalogSkills),
    measure('skillgraph catalog, cold, workers 2', repeat, catalog(['--no-cache', '--workers', '2']), catalogSkills),
    measure('skillgraph catalog, cold, workers auto', repeat, catalog(['--no-cache']), catalogSkills),
    measure('skillgraph catalog, cold cache fill (auto)', repeat, catalog(['--cache', cacheDir]), catalogSkills, () => rmSync(cacheDir, { recursive: true, force: true })),
    measure('skillgraph catalog, warm cache (auto)', repeat, catalog(['--cache', cacheDir]), catalogSkills),
    // The warm row above is mostly answered by the runs table (src/engine/store/runs.ts); this one
    // shows the parse cache alone: every skill from the cache by stat, then seal, resolve, JSON.
    measure('skillgraph catalog, warm parse cache only (run memo deleted before each run)', repeat, catalog(['--cache', cacheDir]), catalogSkills, () => {
      for (const name of existsSync(cacheDir) ? readdirSync(cacheDir) : []) if (name.startsWith('run.')) rmSync(join(cacheDir, name), { force: true });
    }),
    // What any tool pays before parsing: Node start, the walk, every SKILL.md read (bench/floor.ts).
    measure('I/O floor: start Node, walk, read every SKILL.md (nothing else)', repeat, () => child([floor, ...['global', 'project', 'local'].map((s) => join(treeDir, s))]), (out) => {
      const m = /"files":\s*(\d+)/.exec(out);
      return m ? Number(m[1]) : null;
    }),
  ];
  rmSync(cacheDir, { recursive: true, force: true });

  process.stderr.write(`real corpus (${CORPUS}):\n`);
  const corpusSkillgraph: Measure[] = [
    measure('skillgraph validate --json (whole tree)', repeat, () => child([CLI, 'validate', CORPUS, '--json']), (out) => {
      try {
        return (JSON.parse(out) as { summary: { skills: number } }).summary.skills;
      } catch {
        return null;
      }
    }),
    measure('skillgraph catalog --json --no-cache (depth 8)', repeat, () => child([CLI, 'catalog', '--root', `${CORPUS}:project`, '--depth', '8', '--no-cache', '--json']), catalogSkills),
  ];
  const peers = runAllPeers(CORPUS);
  for (const p of peers) process.stderr.write(`  ${p.peer}: ${p.available ? `${p.ms.toFixed(0)} ms` : p.reason}\n`);

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return {
    date: new Date().toISOString(),
    machine: `${cpu}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}-${process.arch}`,
    skills,
    tree: { files: tree.files, bytes: tree.bytes, conflicts: tree.conflicts, broken: tree.broken },
    synthetic,
    corpus: { skillgraph: corpusSkillgraph, peers },
  };
}

const mib = (b: number | null): string => (b === null ? 'n/a' : `${(b / 2 ** 20).toFixed(0)} MiB`);
const ratio = (base: number, x: number): string => `${(base / x).toFixed(2)}×`;

/** The Markdown report, targets included, with a verdict per target. */
export function renderResults(r: E2eResult): string {
  const [naive, naiveSequential, w0, w2, auto, fill, warm, parseCacheOnly, floor] = r.synthetic as [Measure, Measure, Measure, Measure, Measure, Measure, Measure, Measure, Measure];
  const cold = auto;
  const lines: string[] = [];
  lines.push('# Benchmark results', '', `Produced by \`npm run bench\` on ${r.date}.`, '', `Machine: ${r.machine}.`, '');
  lines.push(`Every variant ran in a fresh process (Node start and imports included), median of the repeats; ratios are against the row named in the column, measured in the same run.`, '');
  lines.push(`## ${r.skills.toLocaleString('en-US')} generated skills`, '');
  lines.push(`Tree: ${r.tree.files} files, ${(r.tree.bytes / 2 ** 20).toFixed(1)} MiB, ${r.tree.conflicts} cross-scope conflicts, ${r.tree.broken} broken skills (bench/_generate.ts, seed 1, shape local).`, '');
  lines.push('| variant | wall ms | vs naive | µs / skill | peak RSS | skills reported |', '|---|---:|---:|---:|---:|---:|');
  for (const m of r.synthetic) lines.push(`| ${m.label} | ${m.ms.toFixed(0)} | ${ratio(naive.ms, m.ms)} | ${((m.ms * 1000) / r.skills).toFixed(0)} | ${mib(m.rssBytes)} | ${m.skills ?? '?'} |`);
  lines.push('');
  const peak = Math.max(...[w0, w2, auto, fill, warm, parseCacheOnly].map((m) => m.rssBytes ?? 0));
  const targets: [string, boolean, string][] = [
    [
      'cold ≥ 5× faster than the naive pipeline',
      naive.ms / cold.ms >= 5,
      `${ratio(naive.ms, cold.ms)} (auto), ${ratio(naive.ms, w0.ms)} (workers 0), ${ratio(naive.ms, w2.ms)} (workers 2); 5× is ${(naive.ms / 5).toFixed(0)} ms, the I/O floor alone ${floor.ms.toFixed(0)} ms; against the one-await-per-file naive pipeline ${ratio(naiveSequential.ms, cold.ms)}`,
    ],
    ['warm ≥ 3× faster than cold', cold.ms / warm.ms >= 3, `${ratio(cold.ms, warm.ms)} (parse cache alone: ${ratio(cold.ms, parseCacheOnly.ms)})`],
    ['peak RSS ≤ 300 MB', peak <= 300e6, `${(peak / 1e6).toFixed(0)} MB`],
  ];
  const sg = r.corpus.skillgraph;
  const validate = sg[0]!;
  lines.push('## Real corpus (1,048 skill folders by others)', '');
  lines.push('| tool | wall ms | skillgraph validate is | peak RSS | exit | skills reported |', '|---|---:|---:|---:|---:|---:|');
  for (const m of sg) lines.push(`| ${m.label} | ${m.ms.toFixed(0)} | — | ${mib(m.rssBytes)} | ${m.exitCode} | ${m.skills ?? '?'} |`);
  let allFaster = true;
  for (const p of r.corpus.peers) {
    if (!p.available) {
      lines.push(`| ${p.peer} | unavailable: ${p.reason} | | | | |`);
      allFaster = false;
      continue;
    }
    allFaster &&= validate.ms < p.ms;
    lines.push(`| ${p.peer}@${p.version}: ${p.command} | ${p.ms.toFixed(0)} | ${ratio(p.ms, validate.ms)} faster | ${mib(p.peakRssBytes)} | ${p.exitCode} | ${p.skills ?? '?'} |`);
  }
  lines.push('');
  targets.push(['at 1,000 real skills faster than every peer', allFaster, r.corpus.peers.map((p) => (p.available ? `${p.peer} ${ratio(p.ms, validate.ms)}` : `${p.peer} n/a`)).join(', ')]);
  lines.push('## Targets', '', '| target | met | measured |', '|---|---|---|');
  for (const [what, ok, measured] of targets) lines.push(`| ${what} | ${ok ? 'yes' : '**no**'} | ${measured} |`);
  lines.push('');
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { skills: { type: 'string', default: '10000' }, repeat: { type: 'string', default: '3' }, out: { type: 'string', default: join(HERE, 'RESULTS.md') } } });
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) {
    process.stderr.write("dist/ is missing: run 'npm run build' first\n");
    process.exit(2);
  }
  const result = await runE2e({ skills: Number(values.skills), repeat: Number(values.repeat) });
  const text = renderResults(result);
  const out = resolve(values.out!);
  writeFileSync(`${out}.tmp`, text);
  const { renameSync } = await import('node:fs');
  renameSync(`${out}.tmp`, out);
  process.stdout.write(text);
}
