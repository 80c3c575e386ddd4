/**
 * `validate --json` against the peers, side by side in one run: on the
 * generated tree (bench/.data/e2e-N, made by bench/e2e.ts or here), each
 * round runs skillgraph's `validate TREE --json` (this build, and with
 * `--previous DIR` an earlier built checkout), `skill-check check
 * --no-security-scan` and the `skills-ref` port, exactly as bench/e2e.ts
 * runs them, in turn, so machine noise hits every tool alike. Prints the
 * median wall time of each, the ratio of each peer to this build, and the
 * median CPU time (user + system) of each child process (Linux), which a
 * loaded machine disturbs less than wall time.
 *
 *   npm run build:ts && npm run bench:setup && node --import=tsx bench/validate.bench.ts [--skills 10000] [--tree DIR] [--repeat 5] [--previous DIR]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTree } from './_generate.js';
import { runSkillCheck, runSkillsRef, type PeerRun } from './peers/run-peers.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const PROBE = join(HERE, 'peers', 'rss-probe.cjs');

interface Run {
  readonly ms: number;
  readonly cpuMs: number | null;
  readonly skills: number | null;
}

/** `validate TREE --json` by the checkout's bin, in a fresh process: wall ms, the child's CPU ms, skills reported. */
function validate(checkout: string, tree: string): Run {
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-validate-bench-'));
  try {
    const started = performance.now();
    const r = spawnSync(
      process.execPath,
      ['--require', PROBE, join(checkout, 'bin', 'skillgraph.js'), 'validate', tree, '--json'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: scratch },
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      },
    );
    const ms = performance.now() - started;
    if (r.error) throw r.error;
    let skills: number | null = null;
    try {
      skills = (JSON.parse(r.stdout) as { summary: { skills: number } }).summary.skills;
    } catch {
      skills = null;
    }
    return { ms, cpuMs: childCpuMs(), skills };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

let cpuSeen = 0;
/** CPU time (ms) of the children reaped since the last call. */
function childCpuMs(): number | null {
  // Node reports no children's rusage; Linux has it in /proc (elsewhere: not reported).
  if (!existsSync('/proc/self/stat')) return null;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]); // cutime + cstime, in clock ticks (100 Hz)
  const total = ticks * 10;
  const delta = total - cpuSeen;
  cpuSeen = total;
  return delta;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const { values } = parseArgs({
  options: {
    skills: { type: 'string', default: '10000' },
    tree: { type: 'string' },
    repeat: { type: 'string', default: '5' },
    previous: { type: 'string' },
  },
});

const tree = resolve(values.tree ?? join(HERE, '.data', `e2e-${values.skills}`));
if (!existsSync(join(tree, 'manifest.json'))) {
  mkdirSync(dirname(tree), { recursive: true });
  rmSync(tree, { recursive: true, force: true });
  process.stderr.write(`generating ${values.skills} skills into ${tree}…\n`);
  generateTree(tree, { skills: Number(values.skills), seed: 1, shape: 'local', symlinks: true });
}
const repeat = Number(values.repeat);
const checkouts: [string, string][] = [['skillgraph validate --json', ROOT]];
if (values.previous !== undefined) checkouts.push(['previous build, validate --json', resolve(values.previous)]);
const ours: Run[][] = checkouts.map(() => []);
const peers: Record<'skill-check' | 'skills-ref', PeerRun[]> = { 'skill-check': [], 'skills-ref': [] };
const peerCpu: Record<'skill-check' | 'skills-ref', number[]> = { 'skill-check': [], 'skills-ref': [] };
/** A peer's run, with the CPU time of its process (the peers run as children of this one, one at a time). */
const peerRun = (peer: 'skill-check' | 'skills-ref', run: (dir: string) => PeerRun): void => {
  childCpuMs();
  peers[peer].push(run(tree));
  const cpu = childCpuMs();
  if (cpu !== null) peerCpu[peer].push(cpu);
};

childCpuMs();
for (let i = 0; i < repeat; i++) {
  checkouts.forEach(([, checkout], k) => ours[k]!.push(validate(checkout, tree)));
  peerRun('skill-check', runSkillCheck);
  peerRun('skills-ref', runSkillsRef);
  process.stderr.write(
    `  round ${i + 1}/${repeat}: ${ours.map((r) => `${r.at(-1)!.ms.toFixed(0)} ms`).join(', ')}, skill-check ${ms(peers['skill-check'].at(-1)!)}, skills-ref ${ms(peers['skills-ref'].at(-1)!)}\n`,
  );
}

function ms(r: PeerRun): string {
  return r.available ? `${r.ms.toFixed(0)} ms` : 'n/a';
}

const mine = median(ours[0]!.map((r) => r.ms));
const mineCpus = ours[0]!.map((r) => r.cpuMs).filter((x): x is number => x !== null);
const mineCpu = mineCpus.length ? median(mineCpus) : null;
const lines = [`validate on ${tree} (${repeat} rounds, medians of wall time)`, ''];
checkouts.forEach(([label], k) => {
  const rs = ours[k]!;
  const cpu = rs.map((r) => r.cpuMs).filter((x): x is number => x !== null);
  lines.push(
    `${label}: ${median(rs.map((r) => r.ms)).toFixed(0)} ms wall, ${cpu.length ? `${median(cpu).toFixed(0)} ms CPU` : 'CPU n/a'}, ${rs.at(-1)!.skills ?? '?'} skills`,
  );
});
for (const [peer, runs] of Object.entries(peers)) {
  const ok = runs.filter((r): r is Extract<PeerRun, { available: true }> => r.available);
  if (ok.length === 0) {
    lines.push(`${peer}: unavailable (${runs[0]?.available === false ? runs[0].reason : 'no run'})`);
    continue;
  }
  const peerMs = median(ok.map((r) => r.ms));
  const cpu = peerCpu[peer as keyof typeof peerCpu];
  const cpuText =
    cpu.length && mineCpu !== null
      ? `, ${median(cpu).toFixed(0)} ms CPU (${(median(cpu) / mineCpu).toFixed(2)}× skillgraph's)`
      : '';
  lines.push(
    `${peer}@${ok[0]!.version}: ${peerMs.toFixed(0)} ms wall${cpuText}, ${ok.at(-1)!.skills ?? '?'} skills; skillgraph validate is ${(peerMs / mine).toFixed(2)}× faster`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
