/**
 * Shared set-up for the hostile-input tests: a scratch project holding two
 * normal skills beside whatever hostile thing a test adds, the CLI run either
 * in-process (fast) or in a child process under a time bound with its peak
 * RSS measured (for hangs and memory bounds), and a snapshot of everything
 * outside the project so a test can assert nothing there changed.
 */
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PEAK_RSS_HOOK, spawnMeasured, type MeasuredRun } from '../_measured.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The child may run in a folder with no node_modules of its own: load tsx by its file URL.
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** The names of the two normal skills every hostile project holds. */
export const NORMAL_SKILLS = ['normal-alpha', 'normal-beta'] as const;

export interface HostileProject {
  /** Project folder (the working folder of every run). */
  readonly dir: string;
  /** The project's skill root, `.claude/skills` inside `dir`. */
  readonly root: string;
  /** A private HOME (empty unless a test writes to it). */
  readonly home: string;
  /** A private cache folder. */
  readonly cache: string;
  /** Absolute path inside the project. */
  path(rel: string): string;
  /** Write a file under the project, creating folders. */
  write(rel: string, content: string | Uint8Array): string;
  /** Write `<root>/<name>/SKILL.md` with a valid frontmatter (extra lines appended) and body. */
  skill(name: string, extra?: string, body?: string): string;
}

const scratchDirs: string[] = [];
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

/**
 * A fresh project: `.claude/skills/normal-alpha` and `normal-beta`, valid.
 *
 * @example const p = hostileProject(); p.write('.claude/skills/bad/SKILL.md', '---\n[[[\n---\n');
 */
export function hostileProject(): HostileProject {
  const base = mkdtempSync(join(tmpdir(), 'skillgraph-hostile-'));
  scratchDirs.push(base);
  const dir = join(base, 'project');
  const home = join(base, 'home');
  const cache = join(base, 'cache');
  mkdirSync(home, { recursive: true });
  const path = (rel: string): string => join(dir, rel);
  const write = (rel: string, content: string | Uint8Array): string => {
    const file = path(rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };
  const skill = (name: string, extra = '', body = '# Steps\n\nDo the thing.\n'): string =>
    write(
      join('.claude', 'skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when a test needs a normal skill named ${name}.\n${extra}---\n${body}`,
    );
  for (const name of NORMAL_SKILLS) skill(name);
  return { dir, root: path('.claude/skills'), home, cache, path, write, skill };
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment every hostile run gets: the project's HOME and cache, no colour. */
export function hostileEnv(
  p: HostileProject,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return { HOME: p.home, XDG_CACHE_HOME: p.cache, NO_COLOR: '1', ...extra };
}

/**
 * Run the CLI in-process in the project folder.
 *
 * @example const { code, stdout } = await runInProcess(p, ['catalog', '--json']);
 */
export async function runInProcess(
  p: HostileProject,
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: p.dir,
    env: hostileEnv(p, env),
  });
  return { code, stdout, stderr };
}

/** A child run: output, exit, wall time, whether the bound killed it, and its peak RSS. */
export type ChildRun = MeasuredRun;

export interface ChildOptions {
  /** Kill the child after this many ms (default 60 000). */
  readonly timeoutMs?: number;
  readonly env?: Record<string, string | undefined>;
  /** Working folder (default: the project folder). */
  readonly cwd?: string;
  /** Run the compiled CLI in dist/ instead of src/ through tsx (dist/ must be built and current). */
  readonly built?: boolean;
  /** Called with the child once it is spawned (a SIGINT test sends its signal from here). */
  readonly onSpawn?: (child: import('node:child_process').ChildProcess) => void;
}

// The child runs the CLI from src/ through tsx and prints its own peak RSS on stderr's last line.
// It is a file, not `node -e`: worker threads inherit the parent's flags, and `--input-type` with a
// worker's file path is refused (ERR_INPUT_TYPE_NOT_ALLOWED).
const CHILD_MAIN = `
import { main, processIo } from ${JSON.stringify(pathToFileURL(join(REPO, 'src', 'cli', 'main.ts')).href)};
${PEAK_RSS_HOOK}
main(process.argv.slice(2), processIo()).then((code) => { process.exitCode = code; });
`;
const childFiles = new Map<boolean, string>();
function childMain(built: boolean): string {
  let file = childFiles.get(built);
  if (file === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'skillgraph-hostile-child-'));
    scratchDirs.push(dir);
    file = join(dir, 'child.mjs');
    const entry = pathToFileURL(join(REPO, built ? 'dist/skillgraph.cjs' : 'src/cli/main.ts')).href;
    const from = built
      ? `import core from ${JSON.stringify(entry)};\nconst { main, processIo } = core.cli();`
      : `import { main, processIo } from ${JSON.stringify(entry)};`;
    writeFileSync(file, CHILD_MAIN.replace(/import \{ main, processIo \} from "[^"]+";/, from));
    childFiles.set(built, file);
  }
  return file;
}

/**
 * Run the CLI in a child process (node + tsx) under a time bound, measuring peak RSS.
 *
 * @example const r = await runChild(p, ['lock'], { timeoutMs: 20_000 }); expect(r.peakRssMiB).toBeLessThan(512);
 */
export function runChild(
  p: HostileProject | undefined,
  args: readonly string[],
  options: ChildOptions = {},
): Promise<ChildRun> {
  const env = { ...process.env, ...(p ? hostileEnv(p) : {}), ...(options.env ?? {}) };
  // `built`: the compiled CLI in dist/ (what users run; tsx's loader adds its own memory).
  const runner = options.built === true ? [childMain(true)] : [`--import=${TSX}`, childMain(false)];
  return spawnMeasured([...runner, ...args], {
    cwd: options.cwd ?? p?.dir ?? REPO,
    env: env as NodeJS.ProcessEnv,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.onSpawn ? { onSpawn: options.onSpawn } : {}),
  });
}

/**
 * Every path under `dir` with its type, size and mtime, to compare before and after a run.
 *
 * @example const before = snapshot(p.home); await runInProcess(p, ['lock']); expect(snapshot(p.home)).toEqual(before);
 */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (abs: string, rel: string): void => {
    let st;
    try {
      st = lstatSync(abs);
    } catch {
      return;
    }
    const kind = st.isDirectory() ? 'd' : st.isFile() ? 'f' : st.isSymbolicLink() ? 'l' : 'o';
    out[rel || '.'] = `${kind}:${st.isDirectory() ? '' : st.size}:${st.mtimeMs}`;
    if (st.isDirectory())
      for (const name of readdirSync(abs).sort()) visit(join(abs, name), rel ? `${rel}/${name}` : name);
  };
  visit(dir, '');
  return out;
}

/** The names of the skills a `catalog --json` document lists. */
export function catalogNames(stdout: string): string[] {
  const doc = JSON.parse(stdout) as { skills: { name: string }[] };
  return doc.skills.map((s) => s.name);
}
