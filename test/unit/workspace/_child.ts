/**
 * Run a snippet of library code in a child process (node + tsx) under a time
 * bound, optionally as another user (root cannot be denied a read, so an
 * EACCES case runs as `nobody`), reporting the child's peak RSS. The
 * snippet imports from `SRC` (the repository's `src/`) and prints its result
 * on stdout.
 */
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
/** `src/` as a file URL prefix for the snippet's imports: `${SRC}/discover/resources.ts`. */
export const SRC = pathToFileURL(join(REPO, 'src')).href;
/** The CLI entry, for snippets that run a verb. */
export const MAIN = `${SRC}/cli/main.ts`;

/** uid/gid of `nobody`, for runs that must be denied reads. */
export const NOBODY = 65534;
/** True when this process can start children as another user. */
export const CAN_DROP_PRIVILEGES = typeof process.getuid === 'function' && process.getuid() === 0;

export interface LibRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly peakRssMiB: number;
  readonly ms: number;
  readonly timedOut: boolean;
}

export interface LibRunOptions {
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** Run as this uid (and gid), e.g. `NOBODY`. */
  readonly uid?: number;
  readonly env?: Record<string, string | undefined>;
}

/**
 * Run `script` (an ES module body) in a child and collect its output and peak RSS.
 *
 * @example const r = await _runLib(`import { treeDigestResults } from '${SRC}/discover/resources.ts'; console.log(JSON.stringify(treeDigestResults(['/x'])));`);
 */
export function _runLib(script: string, options: LibRunOptions = {}): Promise<LibRun> {
  const started = Date.now();
  const body = `${script}\nprocess.on('exit', () => process.stderr.write('\\n@@peak-rss-kib ' + process.resourceUsage().maxRSS + '\\n'));\n`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [`--import=${TSX}`, '--input-type=module', '-e', body], {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...(options.env ?? {}) } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /\n@@peak-rss-kib (\d+)\n?$/.exec(stderr);
      if (m) stderr = stderr.slice(0, m.index);
      done({ code: code ?? -1, stdout, stderr, peakRssMiB: m ? Number(m[1]) / 1024 : Number.NaN, ms: Date.now() - started, timedOut });
    });
  });
}

/**
 * Make everything under `dir` (and `dir`'s ancestors up to the temp folder)
 * readable and writable by every user, so a child run as `nobody` can use
 * it; the test then takes rights away from the one hostile file.
 *
 * @example _openToAll(p.dir); chmodSync(secret, 0);
 */
export function _openToAll(dir: string): void {
  const visit = (path: string): void => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return;
    chmodSync(path, st.isDirectory() ? 0o777 : 0o666);
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  for (let up = dirname(dir); up.length > 1 && up !== '/tmp'; up = dirname(up)) chmodSync(up, 0o777);
}
