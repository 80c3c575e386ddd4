/**
 * Include chains for the resolve hostile tests: `chain-00000` includes
 * `chain-00001`, … each declaring one tool (`tool-NNNNN`; the head's writes),
 * written beside the two normal skills of a hostile project; and a child run
 * whose stdout is counted, not kept (the harness's `runChild` keeps it).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { HostileProject } from './_harness.js';

/** The name of link `i` of a chain. */
export function chainName(i: number): string {
  return `chain-${String(i).padStart(5, '0')}`;
}

/**
 * Write an `n`-long include chain into the project's skill root (~220 bytes a skill).
 *
 * @example writeChain(hostileProject(), 10_000);
 */
export function writeChain(p: HostileProject, n: number): void {
  for (let i = 0; i < n; i++) {
    const name = chainName(i);
    const dir = join(p.root, name);
    mkdirSync(dir, { recursive: true });
    const include = i + 1 < n ? `includes:\n  - ${chainName(i + 1)}\n` : '';
    const tool =
      i === 0
        ? `  - { name: tool-${String(i).padStart(5, '0')}, writes: true }`
        : `  - tool-${String(i).padStart(5, '0')}`;
    writeFileSync(
      join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when a test needs link ${i} of an include chain.\n${include}tools:\n${tool}\n---\nBody.\n`,
    );
  }
}

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
// As the harness's child: the CLI from src/ through tsx, its own peak RSS on stderr's last line.
const CHILD_MAIN = `
import { main, processIo } from ${JSON.stringify(join(REPO, 'src', 'cli', 'main.ts'))};
process.on('exit', () => process.stderr.write('\\n@@peak-rss-kib ' + process.resourceUsage().maxRSS + '\\n'));
main(process.argv.slice(1), processIo()).then((code) => { process.exitCode = code; });
`;

export interface CountedRun {
  readonly code: number;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly ms: number;
  readonly peakRssMiB: number;
  readonly stderr: string;
  /** Bytes the child wrote to stdout (never held: a chain's document is gigabytes). */
  readonly stdoutBytes: number;
  /** First and last 256 bytes of stdout. */
  readonly head: string;
  readonly tail: string;
  /** Occurrences of each pattern in stdout, counted across chunk boundaries. */
  readonly counts: Readonly<Record<string, number>>;
}

/**
 * `runChild` for huge outputs: stdout goes to a counter, not a string.
 *
 * @example const r = await runChildCounted(p, ['resolve', '--json'], ['"kind": "tool_ref"'], 300_000);
 */
export function runChildCounted(
  p: HostileProject,
  args: readonly string[],
  patterns: readonly string[],
  timeoutMs: number,
): Promise<CountedRun> {
  const started = Date.now();
  const env = { ...process.env, HOME: p.home, XDG_CACHE_HOME: p.cache, NO_COLOR: '1' };
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [`--import=${TSX}`, '--input-type=module', '-e', CHILD_MAIN, ...args], {
      cwd: p.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const needles = patterns.map((s) => Buffer.from(s));
    const keep = Math.max(0, ...needles.map((b) => b.length - 1));
    const counts: Record<string, number> = Object.fromEntries(patterns.map((s) => [s, 0]));
    let carry = Buffer.alloc(0);
    let bytes = 0;
    let head = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < 256) head = Buffer.concat([head, chunk.subarray(0, 256 - head.length)]);
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      needles.forEach((needle, k) => {
        // A match must end past the carried bytes, or it was counted with the previous chunk.
        for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1))
          if (at + needle.length > carry.length) counts[patterns[k]!]!++;
      });
      carry = Buffer.from(buf.subarray(Math.max(0, buf.length - Math.max(keep, 256))));
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const m = /\n@@peak-rss-kib (\d+)\n?$/.exec(stderr);
      const peakRssMiB = m ? Number(m[1]) / 1024 : Number.NaN;
      if (m) stderr = stderr.slice(0, m.index);
      const tail = carry.subarray(Math.max(0, carry.length - 256)).toString('utf8');
      done({
        code: code ?? -1,
        signal,
        timedOut,
        ms: Date.now() - started,
        peakRssMiB,
        stderr,
        stdoutBytes: bytes,
        head: head.toString('utf8'),
        tail,
        counts,
      });
    });
  });
}
