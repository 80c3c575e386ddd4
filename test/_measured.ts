/**
 * One way to run a child Node process for the memory and hostile tests: a
 * time bound (SIGKILL past it), output collected, and the child's own peak
 * RSS read from the `@@peak-rss-kib N` line its exit hook prints last on
 * stderr (the line is taken off the stderr returned).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface MeasuredRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Peak resident set size of the child, in MiB (NaN when the child printed none). */
  readonly peakRssMiB: number;
  readonly ms: number;
  /** True when the time bound killed the child. */
  readonly timedOut: boolean;
  readonly signal: NodeJS.Signals | null;
}

export interface MeasuredOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
  /** Run as this user and group id (root only). */
  readonly uid?: number;
  readonly onSpawn?: (child: ChildProcess) => void;
}

/** The exit hook a child script adds so `spawnMeasured` can read its peak RSS. */
export const PEAK_RSS_HOOK = `process.on('exit', () => process.stderr.write('\\n@@peak-rss-kib ' + process.resourceUsage().maxRSS + '\\n'));`;

/**
 * Spawn `node ...argv` and wait for it under a time bound.
 *
 * @example const r = await spawnMeasured([script], { cwd, env: process.env }); expect(r.peakRssMiB).toBeLessThan(512);
 */
export function spawnMeasured(argv: readonly string[], options: MeasuredOptions): Promise<MeasuredRun> {
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...argv], {
      cwd: options.cwd,
      env: options.env,
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
    child.on('spawn', () => options.onSpawn?.(child));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const m = /\n@@peak-rss-kib (\d+)\n?$/.exec(stderr);
      const peakRssMiB = m ? Number(m[1]) / 1024 : Number.NaN;
      if (m) stderr = stderr.slice(0, m.index);
      done({ code: code ?? -1, stdout, stderr, peakRssMiB, ms: Date.now() - started, timedOut, signal });
    });
  });
}
