/**
 * Run the peer tools on a folder of skills, each as a child
 * process, and report wall time, exit status and the number of skills the
 * tool itself reported. Install them first with `npm run bench:setup`.
 *
 * - `skills-ref`: the reference validator. The Python original (PyPI
 *   `skills-ref`) cannot be installed here (no PyPI access); the npm port
 *   `skills-ref` runs instead, through `skills-ref-driver.mjs` (one process
 *   validating every folder — its CLI takes one folder per process).
 * - `skill-check check DIR --no-security-scan --format json`.
 * - vercel `skills add DIR --list` in a temporary HOME and cwd, telemetry off
 *   (`DISABLE_TELEMETRY=1`, `DO_NOT_TRACK=1`). Pinned to 1.5.26, the last
 *   version that starts on Node 20 (1.6+ imports `fs/promises.glob`).
 *
 *   node --import=tsx bench/peers/run-peers.ts DIR
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const MODULES = join(HERE, 'node_modules');
const TIMEOUT_MS = 15 * 60_000;

export type PeerName = 'skills-ref' | 'skill-check' | 'skills';

export type PeerRun =
  | {
      readonly peer: PeerName;
      readonly available: true;
      readonly version: string;
      /** The command as run (for the results table). */
      readonly command: string;
      readonly ms: number;
      readonly exitCode: number | null;
      /** Skills the tool reported, or null when its output could not be read. */
      readonly skills: number | null;
      /** Peak resident set size of the peer process (bytes), or null if not reported. */
      readonly peakRssBytes: number | null;
    }
  | { readonly peer: PeerName; readonly available: false; readonly reason: string };

// Perf note: ANSI colour and cursor codes are stripped before matching output.
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

function packageInfo(name: string): { version: string; bin: string } | null {
  const file = join(MODULES, name, 'package.json');
  if (!existsSync(file)) return null;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string; bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin?.[name] ?? Object.values(pkg.bin ?? {})[0]);
  return bin ? { version: pkg.version, bin: join(MODULES, name, bin) } : null;
}

function run(peer: PeerName, version: string, args: string[], label: string, parse: (stdout: string, stderr: string) => number | null): PeerRun {
  const home = mkdtempSync(join(tmpdir(), `skillgraph-peer-${peer}-`));
  try {
    const rssFile = join(home, 'rss.txt');
    const env = {
      PATH: process.env.PATH ?? '', HOME: home, TMPDIR: tmpdir(), DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1', NO_COLOR: '1', CI: '1',
      NO_UPDATE_NOTIFIER: '1', SKILLGRAPH_RSS_FILE: rssFile,
    };
    // Output goes to files: tools that call process.exit() with a full pipe lose output.
    const outFile = join(home, 'stdout.txt');
    const errFile = join(home, 'stderr.txt');
    const out = openSync(outFile, 'w');
    const err = openSync(errFile, 'w');
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--require', join(HERE, 'rss-probe.cjs'), ...args], { cwd: home, env, stdio: ['ignore', out, err], timeout: TIMEOUT_MS });
    const ms = performance.now() - started;
    closeSync(out);
    closeSync(err);
    if (child.error) return { peer, available: false, reason: `${label}: ${child.error.message}` };
    const skills = parse(readFileSync(outFile, 'utf8'), readFileSync(errFile, 'utf8'));
    const peakRssBytes = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : null;
    return { peer, available: true, version, command: label, ms, exitCode: child.status, skills, peakRssBytes };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const notInstalled = (peer: PeerName): PeerRun => ({ peer, available: false, reason: `${peer} is not installed; run \`npm run bench:setup\`` });

/**
 * The reference validator (npm port) over every skill folder under `dir`.
 *
 * @example runSkillsRef('bench/.data/1k').skills
 */
export function runSkillsRef(dir: string): PeerRun {
  const info = packageInfo('skills-ref');
  if (!info) return notInstalled('skills-ref');
  return run('skills-ref', info.version, [join(HERE, 'skills-ref-driver.mjs'), resolve(dir)], 'skills-ref (npm port) validate, every folder, one process', (out) => {
    const line = out.trim().split('\n').pop() ?? '';
    try {
      return (JSON.parse(line) as { skills: number }).skills;
    } catch {
      return null;
    }
  });
}

/** `skill-check check DIR --no-security-scan --format json`. */
export function runSkillCheck(dir: string): PeerRun {
  const info = packageInfo('skill-check');
  if (!info) return notInstalled('skill-check');
  return run('skill-check', info.version, [info.bin, 'check', resolve(dir), '--no-security-scan', '--format', 'json'], 'skill-check check --no-security-scan --format json', (out) => {
    try {
      return (JSON.parse(out) as { summary: { skillCount: number } }).summary.skillCount;
    } catch {
      return null;
    }
  });
}

/** vercel `skills add DIR --list`, temporary HOME, telemetry off. */
export function runVercelSkills(dir: string): PeerRun {
  const info = packageInfo('skills');
  if (!info) return notInstalled('skills');
  return run('skills', info.version, [info.bin, 'add', resolve(dir), '--list'], 'skills add --list (temp HOME, telemetry off)', (out, err) => {
    const m = /Found (\d+) skills?/.exec(`${out}\n${err}`.replace(ANSI, ''));
    return m ? Number(m[1]) : null;
  });
}

/** Every peer on the same folder, one after the other. */
export function runAllPeers(dir: string): PeerRun[] {
  return [runSkillsRef(dir), runSkillCheck(dir), runVercelSkills(dir)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('usage: node --import=tsx bench/peers/run-peers.ts DIR\n');
    process.exit(2);
  }
  for (const r of runAllPeers(dir)) {
    const rss = r.available && r.peakRssBytes !== null ? `${(r.peakRssBytes / 2 ** 20).toFixed(0)} MiB peak RSS` : 'RSS n/a';
    process.stdout.write(r.available ? `${r.peer}@${r.version}: ${r.ms.toFixed(0)} ms, exit ${r.exitCode}, ${r.skills ?? '?'} skills, ${rss} — ${r.command}\n` : `${r.peer}: unavailable — ${r.reason}\n`);
  }
}
