/**
 * Run a snippet of library code in a child process (node + tsx) under a time
 * bound, optionally as another user (root cannot be denied a read, so an
 * EACCES case runs as `nobody`), reporting the child's peak RSS. The
 * snippet imports from `SRC` (the repository's `src/`) and prints its result
 * on stdout.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PEAK_RSS_HOOK, spawnMeasured, type MeasuredRun } from '../../_measured.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
/** `src/` as a file URL prefix for the snippet's imports: `${SRC}/tasks/tree-digest.ts`. */
export const SRC = pathToFileURL(join(REPO, 'src')).href;
/** The CLI entry, for snippets that run a verb. */
export const MAIN = `${SRC}/cli/main.ts`;

/** uid/gid of `nobody`, for runs that must be denied reads. */
export const NOBODY = 65534;
/** True when this process can start children as another user. */
export const CAN_DROP_PRIVILEGES = typeof process.getuid === 'function' && process.getuid() === 0;

/** A library run in a child: output, exit, time, whether the bound killed it, peak RSS. */
export type LibRun = MeasuredRun;

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
 * @example const r = await _runLib(`import { treeDigestResults } from '${SRC}/tasks/tree-digest.ts'; console.log(JSON.stringify(treeDigestResults(['/x'])));`);
 */
export function _runLib(script: string, options: LibRunOptions = {}): Promise<LibRun> {
  return spawnMeasured([`--import=${TSX}`, '--input-type=module', '-e', `${script}\n${PEAK_RSS_HOOK}\n`], {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, ...(options.env ?? {}) } as NodeJS.ProcessEnv,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.uid !== undefined ? { uid: options.uid } : {}),
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
