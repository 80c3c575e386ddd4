/**
 * Run the CLI in-process with captured stdout and stderr, HOME and the cache under `scratch`;
 * check that `--shard i/n` runs joined by `merge` print the unsharded document (and write the
 * same file); generate the scoped trees the catalog, resolve and lock shard tests share.
 *
 * @example const run = cliRunner(scratch); const { code, stdout } = await run(['validate', '--json'], dir);
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** A file the run writes (a lockfile): the merge must write the same bytes, or none when the run writes none. */
  readonly artifact?: string;
}

/** The bytes of `file`, or null when there is none; the file is removed for the next run. */
function takeFile(file: string | undefined): string | null {
  if (file === undefined || !existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  rmSync(file);
  return text;
}

/** For each n in `counts`: n shards, each a part only, together each entry once; merged in reverse order, the unsharded bytes and exit code. */
export async function shardsEqualWhole(c: ShardCase): Promise<void> {
  takeFile(c.artifact);
  const whole = await c.run([...c.argv, '--json'], c.cwd);
  const written = takeFile(c.artifact);
  expect(whole.stdout.length).toBeGreaterThan(0);
  const all = c.wholeEntries(JSON.parse(whole.stdout));
  for (const n of c.counts) {
    const files: string[] = [];
    const sizes: number[] = [];
    for (let i = 1; i <= n; i++) {
      const part = await c.run([...c.argv, '--shard', `${i}/${n}`, '--json'], c.cwd);
      expect(part.stderr).toBe('');
      if (c.artifact !== undefined) expect(existsSync(c.artifact), 'a shard writes no file').toBe(false);
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
    if (c.artifact !== undefined)
      expect(takeFile(c.artifact) === written, `${n} shards write the unsharded file`).toBe(true);
  }
}

/**
 * A tree of `size` skills in `project`, every 4th also in `user` (a name conflict across roots),
 * each including the next but every 5th (includes that cross shards); every 9th broken; the last
 * includes a missing skill; two skills including each other (a cycle); every 6th has a script
 * naming a host. Made once per size under `scratch`.
 *
 * @example const dir = scopedTree(scratch, 13); await run(['catalog', '--root', 'project:project:20', '--json'], dir);
 */
export function scopedTree(scratch: string, size: number): string {
  const dir = join(scratch, `tree-${size}`);
  if (existsSync(dir)) return dir;
  const write = (root: string, folder: string, body: string): string => {
    const at = join(dir, root, folder);
    mkdirSync(at, { recursive: true });
    writeFileSync(join(at, 'SKILL.md'), body);
    return at;
  };
  for (let i = 0; i < size; i++) {
    const includes =
      i % 5 === 4 ? '' : i + 1 < size ? `includes: [skill-${i + 1}]\n` : i > 0 ? 'includes: [nowhere]\n' : '';
    const description = i % 9 === 5 ? '[unclosed' : `Does thing ${i}. Use when ${i} is asked for.`;
    const at = write(
      'project',
      join(`group-${i % 3}`, `skill-${i}`),
      `---\nname: skill-${i}\ndescription: ${description}\n${includes}tools: [t${i % 4}]\n---\nBody ${i}\n`,
    );
    if (i % 6 === 1) {
      mkdirSync(join(at, 'scripts'));
      writeFileSync(join(at, 'scripts', 'sync.sh'), `#!/bin/sh\ncurl -s https://api${i}.example.net/status\n`);
    }
    if (i % 4 === 0)
      write(
        'user',
        join(`group-${i % 3}`, `skill-${i}`),
        `---\nname: skill-${i}\ndescription: User copy ${i}. Use when asked.\ntools: [u${i}]\n---\n`,
      );
  }
  if (size > 1) {
    write(
      'project',
      join('loops', 'loop-a'),
      '---\nname: loop-a\ndescription: Half of a cycle. Use when looping.\nincludes: [loop-b]\n---\n',
    );
    write(
      'project',
      join('loops', 'loop-b'),
      '---\nname: loop-b\ndescription: The other half. Use when looping.\nincludes: [loop-a]\ntools: [spin]\n---\n',
    );
  }
  return dir;
}
