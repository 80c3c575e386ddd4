/**
 * Run the CLI in-process with captured stdout and stderr, HOME and the cache under `scratch`;
 * check that `--shard i/n` runs joined by `merge` print the unsharded document.
 *
 * @example const run = cliRunner(scratch); const { code, stdout } = await run(['validate', '--json'], dir);
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../../src/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function cliRunner(scratch: string): (args: readonly string[], cwd: string) => Promise<CliRun> {
  return async (args, cwd) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, {
      stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
      stderr: { write: (s: string) => (stderr += s) },
      cwd,
      env: { HOME: join(scratch, 'home'), XDG_CACHE_HOME: join(scratch, 'cache') },
    });
    return { code, stdout, stderr };
  };
}

/** What `shardsEqualWhole` runs and counts: `argv` without `--json`; the entries each document holds. */
export interface ShardCase {
  readonly run: (args: readonly string[], cwd: string) => Promise<CliRun>;
  readonly scratch: string;
  readonly cwd: string;
  readonly argv: readonly string[];
  readonly counts: readonly number[];
  readonly partEntries: (doc: unknown) => number;
  readonly wholeEntries: (doc: unknown) => number;
}

/** For each n in `counts`: n shards, each a part only, together each entry once; merged in reverse order, the unsharded bytes and exit code. */
export async function shardsEqualWhole(c: ShardCase): Promise<void> {
  const whole = await c.run([...c.argv, '--json'], c.cwd);
  expect(whole.stdout.length).toBeGreaterThan(0);
  const all = c.wholeEntries(JSON.parse(whole.stdout));
  for (const n of c.counts) {
    const files: string[] = [];
    const sizes: number[] = [];
    for (let i = 1; i <= n; i++) {
      const part = await c.run([...c.argv, '--shard', `${i}/${n}`, '--json'], c.cwd);
      expect(part.stderr).toBe('');
      const file = join(c.scratch, `${c.argv[0]}-part-${i}-of-${n}.json`);
      writeFileSync(file, part.stdout);
      files.push(file);
      sizes.push(c.partEntries(JSON.parse(part.stdout)));
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(all);
    if (n > 1 && all >= 12) expect(Math.max(...sizes)).toBeLessThan(all);
    const merged = await c.run(['merge', ...files.reverse()], c.cwd);
    expect(merged.stderr).toBe('');
    expect(merged.code, `${n} shards`).toBe(whole.code);
    expect(merged.stdout === whole.stdout, `${n} shards give the unsharded bytes`).toBe(true);
  }
}
