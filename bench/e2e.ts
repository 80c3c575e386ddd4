/**
 * End-to-end, side by side in one run, every variant in a fresh child
 * process (Node start and imports included, as a user pays them), the
 * median of `--repeat` runs: on a generated 10,000-skill tree the I/O floor
 * (bench/floor.ts: start Node, walk every folder, read every SKILL.md; run
 * just before every round of every skillgraph row, whose ratio is the median
 * of its rounds' ratios to it; and once more with agents' leaf walk), skillgraph's
 * catalog cold (0 / 2 / auto workers), warm and from the parse cache alone,
 * `validate` against the peers (bench/peers, in rounds beside a run of
 * `validate` each) and the naive user pipeline
 * (bench/naive.ts); the embedding start-up (bench/embed.bench.ts); and on
 * the real corpus skillgraph against the peers. With `--previous DIR` (a
 * built checkout of an earlier version) each skillgraph row runs that
 * version too, alternating with this one so machine noise hits both alike.
 * Peak RSS comes from `process.resourceUsage()` at exit (bench/peers/rss-probe.cjs).
 *
 *   npm run bench:setup && npm run build && node --import=tsx bench/e2e.ts [--skills 10000] [--repeat 3] [--previous DIR] [--out bench/RESULTS.md]
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compileScript } from './_compile.js';
import { generateTree } from './_generate.js';
import { runAllPeers, runSkillCheck, runSkillsRef, type PeerRun } from './peers/run-peers.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const PROBE = join(HERE, 'peers', 'rss-probe.cjs');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus', 'real');

export interface Measure {
  readonly label: string;
  readonly ms: number;
  readonly rssBytes: number | null;
  readonly exitCode: number | null;
  /** What the run reported about its work (skills), to prove the variants did the same job. */
  readonly skills: number | null;
  /** The same variant run by the previous version, alternating with this one. */
  readonly previous?: Measure;
  /**
   * The floors run in this variant's rounds: their medians (the complete walk, the leaf walk),
   * and the median over the rounds of each round's ratio to them (this round's run over this
   * round's floor: a load that slows a whole round cancels out), for this version and the previous.
   */
  readonly floor?: {
    readonly complete: number;
    readonly leaf: number;
    readonly ratio: number;
    readonly leafRatio: number;
    readonly previousRatio?: number;
  };
}

interface ChildRun {
  readonly ms: number;
  readonly rssBytes: number | null;
  readonly exitCode: number | null;
  readonly stdout: string;
}

function child(args: readonly string[]): ChildRun {
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-e2e-'));
  const rssFile = join(scratch, 'rss');
  try {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['--require', PROBE, ...args], {
      cwd: ROOT,
      // A cache folder kept across runs, as a user's is: the CLI's code cache lives there (the store rows name theirs).
      env: {
        PATH: process.env.PATH ?? '',
        HOME: scratch,
        XDG_CACHE_HOME: join(HERE, '.data', 'xdg'),
        SKILLGRAPH_RSS_FILE: rssFile,
      },
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const ms = performance.now() - started;
    if (r.error) throw r.error;
    return {
      ms,
      rssBytes: existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : null,
      exitCode: r.status,
      stdout: r.stdout,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** One variant: how to run it with a given skillgraph checkout, and how to read what it reported. */
interface Variant {
  readonly label: string;
  readonly run: (checkout: string) => ChildRun;
  readonly skills: (stdout: string) => number | null;
  readonly before?: (checkout: string) => void;
  /** Run the previous version too (skillgraph rows only). */
  readonly compare: boolean;
}

/** The median wall time and the max RSS of `runs` of `v`. */
function summarise(v: Variant, runs: readonly ChildRun[]): Measure {
  const rss = runs.map((r) => r.rssBytes).filter((x): x is number => x !== null);
  return {
    label: v.label,
    ms: median(runs.map((r) => r.ms)),
    rssBytes: rss.length ? Math.max(...rss) : null,
    exitCode: runs.at(-1)!.exitCode,
    skills: v.skills(runs.at(-1)!.stdout),
  };
}

/**
 * `repeat` runs of the variant, alternating with the previous version when there is one; the
 * median wall time, the max RSS. With `floors`, each round first runs them (the complete walk,
 * then the leaf walk); their runs are kept in `floors.runs`, and the result holds their medians
 * and the variant's per-round ratios to them.
 */
function measure(
  v: Variant,
  repeat: number,
  previous: string | undefined,
  floors?: {
    readonly complete: Variant;
    readonly leaf: Variant;
    readonly runs: { complete: ChildRun[]; leaf: ChildRun[] };
  },
): Measure {
  const checkouts = v.compare && previous !== undefined ? [ROOT, previous] : [ROOT];
  const runs: ChildRun[][] = checkouts.map(() => []);
  const complete: number[] = [];
  const leaf: number[] = [];
  for (let i = 0; i < repeat; i++) {
    if (floors) {
      const c = floors.complete.run(ROOT);
      const l = floors.leaf.run(ROOT);
      floors.runs.complete.push(c);
      floors.runs.leaf.push(l);
      complete.push(c.ms);
      leaf.push(l.ms);
    }
    checkouts.forEach((checkout, k) => {
      v.before?.(checkout);
      runs[k]!.push(v.run(checkout));
    });
  }
  const perRound = (rs: readonly ChildRun[], fs: readonly number[]): number => median(rs.map((r, i) => r.ms / fs[i]!));
  const floor = floors
    ? {
        complete: median(complete),
        leaf: median(leaf),
        ratio: perRound(runs[0]!, complete),
        leafRatio: perRound(runs[0]!, leaf),
        ...(runs[1] ? { previousRatio: perRound(runs[1], complete) } : {}),
      }
    : undefined;
  const ours = { ...summarise(v, runs[0]!), ...(floor ? { floor } : {}) };
  const m = runs[1] ? { ...ours, previous: summarise(v, runs[1]) } : ours;
  const ratio = m.floor ? `, ${times(m.floor.ratio)} the floor of its rounds` : '';
  process.stderr.write(
    `  ${v.label}: ${m.ms.toFixed(0)} ms${ratio}${m.previous ? ` (previous ${m.previous.ms.toFixed(0)} ms)` : ''}\n`,
  );
  return m;
}

/**
 * `rounds` rounds of a run of `ours` (this checkout) and one of each peer; the median run of each
 * peer (its peak RSS the highest of its runs) and the median of ours.
 */
function peersBeside(
  peers: readonly (() => PeerRun)[],
  ours: Variant,
  rounds: number,
): { readonly peers: PeerRun[]; readonly ours: number } {
  const runs: PeerRun[][] = peers.map(() => []);
  const mine: number[] = [];
  for (let i = 0; i < rounds; i++) {
    mine.push(ours.run(ROOT).ms);
    peers.forEach((peer, k) => runs[k]!.push(peer()));
  }
  type Ran = Extract<PeerRun, { available: true }>;
  const middle = (rs: PeerRun[]): PeerRun => {
    const ok = rs.filter((r): r is Ran => r.available);
    if (ok.length < rs.length) return rs.find((r) => !r.available)!;
    const m = [...ok].sort((a, b) => a.ms - b.ms)[Math.floor(ok.length / 2)]!;
    const rss = ok.map((r) => r.peakRssBytes).filter((x): x is number => x !== null);
    return { ...m, peakRssBytes: rss.length ? Math.max(...rss) : null };
  };
  return { peers: runs.map(middle), ours: median(mine) };
}

const jsonCount =
  (read: (doc: any) => number) =>
  (stdout: string): number | null => {
    try {
      return read(JSON.parse(stdout));
    } catch {
      return null;
    }
  };
const catalogSkills = jsonCount((d) => d.skills.length);
const validateSkills = jsonCount((d) => d.summary.skills);
const regexCount =
  (re: RegExp) =>
  (stdout: string): number | null => {
    const m = re.exec(stdout);
    return m ? Number(m[1]) : null;
  };

/** Medians of bench/embed.bench.ts for one checkout (ms after Node reached the first line). */
export interface Embedding {
  readonly skills: number;
  readonly import: number;
  readonly cold: number;
  readonly warm: number;
  /** Walk the roots (complete walk) and read every SKILL.md, nothing else (bench/floor.ts). */
  readonly floor_cold: number;
  /** Stat every folder that walk lists and every SKILL.md it reads, nothing else. */
  readonly floor_warm: number;
}

/** bench/embed.bench.ts for this checkout and, in the same rounds, the previous one. */
function embedding(
  previous: string | undefined,
  rounds: number,
): { ours: Embedding | null; previous: Embedding | null } {
  const args = [
    join(HERE, 'embed.bench.ts'),
    '--json',
    '--rounds',
    String(rounds),
    '--checkout',
    ROOT,
    ...(previous ? ['--previous', previous] : []),
  ];
  const r = spawnSync(process.execPath, ['--import=tsx', ...args], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(`  embedding failed: ${r.stderr.trim()}\n`);
    return { ours: null, previous: null };
  }
  const ours = JSON.parse(r.stdout) as Embedding & { previous?: Embedding };
  return { ours, previous: ours.previous ?? null };
}

export interface E2eResult {
  readonly date: string;
  readonly machine: string;
  readonly skills: number;
  readonly previous: string | null;
  readonly tree: { files: number; bytes: number; conflicts: number; broken: number };
  readonly synthetic: Record<
    | 'floor'
    | 'floorLeaf'
    | 'cold0'
    | 'cold2'
    | 'cold'
    | 'fill'
    | 'warm'
    | 'parseCache'
    | 'validate'
    | 'audit'
    | 'naive',
    Measure
  >;
  readonly syntheticPeers: PeerRun[];
  /** skillgraph's `validate` in the peers' rounds (median ms), the time their ratios are taken against. */
  readonly validateBesidePeers: number;
  readonly embedding: { ours: Embedding | null; previous: Embedding | null };
  readonly corpus: { skillgraph: Measure[]; peers: PeerRun[] };
}

/**
 * Run every variant and return the measurements.
 *
 * @example const r = await runE2e({ skills: 10_000, repeat: 3 });
 */
export async function runE2e({
  skills,
  repeat,
  previous,
}: {
  skills: number;
  repeat: number;
  previous?: string;
}): Promise<E2eResult> {
  const data = join(HERE, '.data');
  mkdirSync(data, { recursive: true });
  const treeDir = join(data, `e2e-${skills}`);
  let tree: E2eResult['tree'];
  const manifestFile = join(treeDir, 'manifest.json');
  if (existsSync(manifestFile)) {
    tree = JSON.parse(readFileSync(manifestFile, 'utf8')) as typeof tree;
  } else {
    rmSync(treeDir, { recursive: true, force: true });
    process.stderr.write(`generating ${skills} skills into ${treeDir}…\n`);
    tree = generateTree(treeDir, { skills, seed: 1, shape: 'local', symlinks: true });
  }
  const scopes = ['global', 'project', 'local'];
  const roots = scopes.flatMap((scope) => ['--root', `${join(treeDir, scope)}:${scope}`]);
  const bin = (checkout: string): string => join(checkout, 'bin', 'skillgraph.js');
  const cacheOf = (checkout: string): string => join(data, checkout === ROOT ? 'cache' : 'cache-previous');
  const catalog = (extra: (checkout: string) => string[]) => (checkout: string) =>
    child([bin(checkout), 'catalog', ...roots, '--depth', '8', '--max-dirs', '1000000', '--json', ...extra(checkout)]);
  const dropRuns = (checkout: string): void => {
    const dir = cacheOf(checkout);
    for (const name of existsSync(dir) ? readdirSync(dir) : [])
      if (name.startsWith('run.')) rmSync(join(dir, name), { force: true });
  };

  process.stderr.write(`synthetic tree (${skills} skills):\n`);
  const naive = await compileScript('naive');
  const floor = await compileScript('floor');
  const sg = (label: string, run: Variant['run'], skillsOf = catalogSkills, before?: Variant['before']): Variant => ({
    label,
    run,
    skills: skillsOf,
    compare: true,
    ...(before ? { before } : {}),
  });
  const floors = {
    complete: {
      label: 'I/O floor: start Node, walk every folder, read every SKILL.md (nothing else)',
      run: () => child([floor, ...scopes.map((s) => join(treeDir, s))]),
      skills: regexCount(/"files":\s*(\d+)/),
      compare: false,
    },
    leaf: {
      label: "the floor with agents' leaf walk (skill folders, node_modules and dot-folders not looked into)",
      run: () => child([floor, '--leaf', ...scopes.map((s) => join(treeDir, s))]),
      skills: regexCount(/"files":\s*(\d+)/),
      compare: false,
    },
    runs: { complete: [] as ChildRun[], leaf: [] as ChildRun[] },
  };
  const v = {
    cold0: sg(
      'catalog --json, cold (--no-cache), workers 0',
      catalog(() => ['--no-cache', '--workers', '0']),
    ),
    cold2: sg(
      'catalog --json, cold (--no-cache), workers 2',
      catalog(() => ['--no-cache', '--workers', '2']),
    ),
    cold: sg(
      'catalog --json, cold (--no-cache), workers auto',
      catalog(() => ['--no-cache']),
    ),
    fill: sg(
      'catalog --json, filling an empty cache',
      catalog((c) => ['--cache', cacheOf(c)]),
      catalogSkills,
      (c) => rmSync(cacheOf(c), { recursive: true, force: true }),
    ),
    warm: sg(
      'catalog --json, warm cache, tree unchanged',
      catalog((c) => ['--cache', cacheOf(c)]),
    ),
    // The warm row is mostly answered by the runs table (src/engine/store/runs.ts); this one shows
    // the parse cache alone: every skill from the cache by stat, then seal, resolve, JSON.
    parseCache: sg(
      'catalog --json, warm parse cache only (recorded run deleted before each run)',
      catalog((c) => ['--cache', cacheOf(c)]),
      catalogSkills,
      dropRuns,
    ),
    validate: sg('validate --json (whole tree)', (c) => child([bin(c), 'validate', treeDir, '--json']), validateSkills),
    // Every file of every skill (references and scripts too), parsers loaded once: its target is set against validate's.
    audit: sg(
      'audit --json (whole tree, every file, parsers loaded once)',
      (c) => child([bin(c), 'audit', treeDir, '--json']),
      validateSkills,
    ),
    naive: {
      label: 'naive pipeline (fast-glob + fs.promises + gray-matter + zod + createHash + DFS)',
      run: () => child([naive, ...scopes.map((s) => `${join(treeDir, s)}:${s}`)]),
      skills: regexCount(/"skills":\s*(\d+)/),
      compare: false,
    },
  } satisfies Record<Exclude<keyof E2eResult['synthetic'], 'floor' | 'floorLeaf'>, Variant>;
  const measured = Object.fromEntries(
    Object.entries(v).map(([k, variant]) => [k, measure(variant, repeat, previous, floors)]),
  );
  // The floor rows: every floor run made beside the rows above.
  const synthetic = {
    floor: summarise(floors.complete, floors.runs.complete),
    floorLeaf: summarise(floors.leaf, floors.runs.leaf),
    ...measured,
  } as E2eResult['synthetic'];
  for (const c of [ROOT, previous]) if (c) rmSync(cacheOf(c), { recursive: true, force: true });
  // The peers as they run on the corpus, on the same tree as `validate`, in rounds with a run of
  // `validate` each, so the ratios compare runs the machine made at the same time (the peers take
  // seconds a run: half as many rounds as the other rows, at least one).
  const besidePeers = peersBeside(
    [() => runSkillsRef(treeDir), () => runSkillCheck(treeDir)],
    v.validate,
    Math.max(1, Math.ceil(repeat / 2)),
  );
  const syntheticPeers = besidePeers.peers;
  for (const p of syntheticPeers)
    process.stderr.write(`  ${p.peer}: ${p.available ? `${p.ms.toFixed(0)} ms` : p.reason}\n`);
  process.stderr.write(`  validate beside them: ${besidePeers.ours.toFixed(0)} ms\n`);

  process.stderr.write('embedding (bench/embed.bench.ts):\n');
  const rounds = Math.max(5, repeat * 2 + 1);
  const embed = embedding(previous, rounds);

  process.stderr.write(`real corpus (${CORPUS}):\n`);
  const corpusSkillgraph = existsSync(CORPUS)
    ? [
        measure(
          sg(
            'skillgraph validate --json (whole tree)',
            (c) => child([bin(c), 'validate', CORPUS, '--json']),
            validateSkills,
          ),
          repeat,
          previous,
        ),
        measure(
          sg('skillgraph catalog --json --no-cache (depth 8)', (c) =>
            child([bin(c), 'catalog', '--root', `${CORPUS}:project`, '--depth', '8', '--no-cache', '--json']),
          ),
          repeat,
          previous,
        ),
      ]
    : [];
  const peers = corpusSkillgraph.length ? runAllPeers(CORPUS) : [];
  for (const p of peers) process.stderr.write(`  ${p.peer}: ${p.available ? `${p.ms.toFixed(0)} ms` : p.reason}\n`);

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return {
    date: new Date().toISOString(),
    machine: `${cpu}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}-${process.arch}`,
    skills,
    previous: previous ?? null,
    tree: { files: tree.files, bytes: tree.bytes, conflicts: tree.conflicts, broken: tree.broken },
    synthetic,
    syntheticPeers,
    validateBesidePeers: besidePeers.ours,
    embedding: embed,
    corpus: { skillgraph: corpusSkillgraph, peers },
  };
}

const mib = (b: number | null): string => (b === null ? 'n/a' : `${(b / 2 ** 20).toFixed(0)} MiB`);
const times = (x: number): string => `${x.toFixed(2)}×`;
const ms = (x: number): string => `${x.toFixed(0)} ms`;

/** The Markdown report: every row with the floor and the previous version beside it, then the targets with a verdict each. */
export function renderResults(r: E2eResult): string {
  const s = r.synthetic;
  const floor = s.floor.ms;
  const prev = r.previous !== null;
  const lines: string[] = [];
  lines.push(
    '# Benchmark results',
    '',
    `Produced by \`npm run bench\` on ${r.date}.`,
    '',
    `Machine: ${r.machine}.`,
    '',
  );
  lines.push(
    "Every variant ran in a fresh process (Node start and imports included), median of the repeats. Ratios are measured in the same run: against the I/O floor (start Node, walk every folder below the roots, read every SKILL.md, nothing else), run just before the row in each of its rounds; a row's ratio is the median over its rounds of each round's run over that round's floor, so a load that slows a whole round cancels out; and, where a previous version was given, against it, run alternately with this one. The floor's walk is complete, as a report of every SKILL.md needs: it lists the folders inside skill folders, node_modules and dot-folders too (only version-control stores are left out). Agents' own leaf walk lists fewer and is shown beside it.",
    '',
  );
  if (prev) lines.push(`Previous version: the built checkout at \`${r.previous}\`.`, '');
  lines.push(`## ${r.skills.toLocaleString('en-US')} generated skills`, '');
  lines.push(
    `Tree: ${r.tree.files} files, ${(r.tree.bytes / 2 ** 20).toFixed(1)} MiB, ${r.tree.conflicts} cross-scope conflicts, ${r.tree.broken} broken skills (bench/_generate.ts, seed 1, shape local); three roots, complete walk.`,
    '',
  );
  lines.push(
    `| variant | wall ms | × floor | peak RSS | skills reported |${prev ? ' previous ms | this / previous |' : ''}`,
    `|---|---:|---:|---:|---:|${prev ? '---:|---:|' : ''}`,
  );
  for (const m of Object.values(s)) {
    const p = m.previous;
    lines.push(
      `| ${m.label} | ${m.ms.toFixed(0)} | ${times(m.floor?.ratio ?? m.ms / floor)} | ${mib(m.rssBytes)} | ${m.skills ?? '?'} |${prev ? ` ${p ? p.ms.toFixed(0) : '—'} | ${p ? times(m.ms / p.ms) : '—'} |` : ''}`,
    );
  }
  for (const p of r.syntheticPeers) {
    if (!p.available) lines.push(`| ${p.peer}: unavailable (${p.reason}) | | | | |${prev ? ' | |' : ''}`);
    else
      lines.push(
        `| ${p.peer}@${p.version}: ${p.command} | ${p.ms.toFixed(0)} | ${times(p.ms / floor)} | ${mib(p.peakRssBytes)} | ${p.skills ?? '?'} |${prev ? ' — | — |' : ''}`,
      );
  }
  lines.push('');

  const e = r.embedding;
  lines.push('## Embedding: an agent host starting up', '');
  lines.push(
    `Import, then catalog + \`renderContext\` of a generated tree of ${e.ours?.skills ?? '?'} skills in one process (bench/embed.bench.ts); milliseconds after Node reached the first line, median of fresh processes. Each is set against its floor on the same tree, run alternately with it: cold against walking every folder of the roots and reading every SKILL.md, warm against stat'ing every folder and SKILL.md of that walk (the least a cache can check). The previous version runs in the same rounds, each phase alternating with this one.`,
    '',
  );
  const ratioOf = (m: Embedding | null, key: 'cold' | 'warm'): number => (m ? m[key] / m[`floor_${key}`] : Infinity);
  const overFloor = (key: 'cold' | 'warm', m = e.ours): string => (m ? times(ratioOf(m, key)) : '—');
  lines.push(
    `| phase | ms | × its floor |${prev ? ' previous ms | previous × its floor |' : ''}`,
    `|---|---:|---:|${prev ? '---:|---:|' : ''}`,
  );
  const phases = [
    ['floor, cold: walk every folder of the three roots, read every SKILL.md (nothing else)', 'floor_cold', '1.00×'],
    [
      'floor, warm: read the list of every folder and SKILL.md of that walk, stat each once (nothing else)',
      'floor_warm',
      '1.00×',
    ],
    ["import('skillgraph')", 'import', '—'],
    ['import + catalog + renderContext, cold', 'cold', overFloor('cold')],
    ['import + catalog + renderContext, warm store', 'warm', overFloor('warm')],
  ] as const;
  for (const [label, key, ratio] of phases) {
    const previousRatio = key === 'cold' || key === 'warm' ? overFloor(key, e.previous) : ratio;
    lines.push(
      `| ${label} | ${e.ours ? e.ours[key].toFixed(1) : 'failed'} | ${ratio} |${prev ? ` ${e.previous ? e.previous[key].toFixed(1) : 'failed'} | ${previousRatio} |` : ''}`,
    );
  }
  lines.push('');

  const sg = r.corpus.skillgraph;
  if (sg.length) {
    const validate = sg[0]!;
    lines.push('## Real corpus (1,048 skill folders by others)', '');
    lines.push(
      `| tool | wall ms | skillgraph validate is | peak RSS | exit | skills reported |${prev ? ' previous ms |' : ''}`,
      `|---|---:|---:|---:|---:|---:|${prev ? '---:|' : ''}`,
    );
    for (const m of sg)
      lines.push(
        `| ${m.label} | ${m.ms.toFixed(0)} | — | ${mib(m.rssBytes)} | ${m.exitCode} | ${m.skills ?? '?'} |${prev ? ` ${m.previous ? m.previous.ms.toFixed(0) : '—'} |` : ''}`,
      );
    for (const p of r.corpus.peers) {
      if (!p.available) lines.push(`| ${p.peer} | unavailable: ${p.reason} | | | | |${prev ? ' |' : ''}`);
      else
        lines.push(
          `| ${p.peer}@${p.version}: ${p.command} | ${p.ms.toFixed(0)} | ${times(p.ms / validate.ms)} faster | ${mib(p.peakRssBytes)} | ${p.exitCode} | ${p.skills ?? '?'} |${prev ? ' — |' : ''}`,
        );
    }
    lines.push('');
  }

  // The default runs (auto workers): cold, filling the cache, warm, parse cache alone.
  const defaults = [s.cold, s.fill, s.warm, s.parseCache];
  const peak = Math.max(...defaults.map((m) => m.rssBytes ?? 0));
  const prevPeak = prev ? Math.max(...defaults.map((m) => m.previous?.rssBytes ?? 0)) : 0;
  const was = (x: string | undefined): string => (prev && x !== undefined ? `; previous ${x}` : '');
  const beside = r.validateBesidePeers;
  const peerRatio = (p: PeerRun): [boolean, string] =>
    p.available ? [p.ms / beside >= 3, `${p.peer} ${times(p.ms / beside)}`] : [false, `${p.peer} n/a`];
  const peerChecks = r.syntheticPeers.map(peerRatio);
  // Each row against the floors of its own rounds.
  const over = (m: Measure): number => m.floor?.ratio ?? m.ms / floor;
  const overLeaf = (m: Measure): number => m.floor?.leafRatio ?? m.ms / s.floorLeaf.ms;
  const overPrevious = (m: Measure): string | undefined =>
    m.floor?.previousRatio === undefined ? undefined : times(m.floor.previousRatio);
  const targets: [string, boolean, string][] = [
    [
      'cold `catalog --json`, complete walk, no cache ≤ 2.5× the I/O floor',
      over(s.cold) <= 2.5,
      `${times(over(s.cold))} (auto; workers 0 ${times(over(s.cold0))}, workers 2 ${times(over(s.cold2))}): medians ${ms(s.cold.ms)} and ${ms(s.cold.floor?.complete ?? floor)}; against the leaf walk's floor ${times(overLeaf(s.cold))}${was(overPrevious(s.cold))}`,
    ],
    [
      '`validate --json` on the same tree ≥ 3× faster than skill-check and the skills-ref port',
      peerChecks.length > 0 && peerChecks.every(([ok]) => ok),
      `${peerChecks.map(([, t]) => t).join(', ')} (validate ${ms(beside)} in the peers' rounds, ${ms(s.validate.ms)} in its own)${was(s.validate.previous && ms(s.validate.previous.ms))}`,
    ],
    [
      '`audit --json` of the same tree within 2× of `validate --json`',
      over(s.audit) <= 2 * over(s.validate),
      `${times(over(s.audit) / over(s.validate))}: medians ${ms(s.audit.ms)} and ${ms(s.validate.ms)} (each against the floor of its own rounds: ${times(over(s.audit))} and ${times(over(s.validate))})${was(s.audit.previous && ms(s.audit.previous.ms))}`,
    ],
    [
      "`import('skillgraph')` ≤ 50 ms",
      (e.ours?.import ?? Infinity) <= 50,
      `${e.ours ? ms(e.ours.import) : 'failed'}${was(e.previous ? ms(e.previous.import) : undefined)}`,
    ],
    [
      'embedding, cold: import + catalog + renderContext of 300 skills within 2× its floor',
      ratioOf(e.ours, 'cold') <= 2,
      `${overFloor('cold')} (${e.ours ? `${ms(e.ours.cold)}, its floor ${ms(e.ours.floor_cold)}` : 'failed'})${was(e.previous ? `${overFloor('cold', e.previous)} (${ms(e.previous.cold)})` : undefined)}`,
    ],
    [
      'embedding, warm (cache) within 2× its floor',
      ratioOf(e.ours, 'warm') <= 2,
      `${overFloor('warm')} (${e.ours ? `${ms(e.ours.warm)}, its floor ${ms(e.ours.floor_warm)}` : 'failed'})${was(e.previous ? `${overFloor('warm', e.previous)} (${ms(e.previous.warm)})` : undefined)}`,
    ],
    [
      'warm catalog of the unchanged tree ≤ the I/O floor',
      over(s.warm) <= 1,
      `${times(over(s.warm))}: medians ${ms(s.warm.ms)} and ${ms(s.warm.floor?.complete ?? floor)}; against the leaf walk's floor ${times(overLeaf(s.warm))}${was(overPrevious(s.warm))}`,
    ],
    [
      'peak RSS ≤ 250 MB (the default catalog runs: cold, cache fill, warm)',
      peak <= 250e6,
      `${(peak / 1e6).toFixed(0)} MB (workers 0 ${((s.cold0.rssBytes ?? 0) / 1e6).toFixed(0)} MB, workers 2 ${((s.cold2.rssBytes ?? 0) / 1e6).toFixed(0)} MB)${was(prev ? `${(prevPeak / 1e6).toFixed(0)} MB` : undefined)}`,
    ],
  ];
  lines.push('## Targets', '', '| target | met | measured |', '|---|---|---|');
  for (const [what, ok, measured] of targets) lines.push(`| ${what} | ${ok ? 'yes' : '**no**'} | ${measured} |`);
  lines.push('');
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      skills: { type: 'string', default: '10000' },
      repeat: { type: 'string', default: '3' },
      previous: { type: 'string' },
      out: { type: 'string', default: join(HERE, 'RESULTS.md') },
    },
  });
  if (!existsSync(join(ROOT, 'dist', 'skillgraph.cjs'))) {
    process.stderr.write("dist/ is missing: run 'npm run build' first\n");
    process.exit(2);
  }
  const result = await runE2e({
    skills: Number(values.skills),
    repeat: Number(values.repeat),
    ...(values.previous ? { previous: resolve(values.previous) } : {}),
  });
  const text = renderResults(result);
  const out = resolve(values.out!);
  writeFileSync(`${out}.tmp`, text);
  renameSync(`${out}.tmp`, out);
  process.stdout.write(text);
}
