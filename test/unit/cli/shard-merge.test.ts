/**
 * `validate --shard i/n` runs joined by `skillgraph merge` print exactly the
 * unsharded `validate --json` document, byte for byte: on generated trees
 * of several sizes (valid, broken and unreadable entries, folder findings,
 * several PATHs) and on the real corpus in ../shared when it is there.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner, shardsEqualWhole as equalWhole } from './_cli.js';
import { shardOf } from '../../../src/tasks/shard.js';

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-shards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const CORPUS = new URL('../../../../shared/corpus/real', import.meta.url).pathname;

const run = cliRunner(scratch);

/** `size` skills: every 7th broken, every 11th with a warning, one nested, a dangling link, an empty folder beside. */
function tree(size: number): string {
  const dir = join(scratch, `tree-${size}`);
  if (existsSync(dir)) return dir;
  for (let i = 0; i < size; i++) {
    const name = `skill-${i}`;
    const folder = join(dir, 'skills', `group-${i % 5}`, name);
    mkdirSync(folder, { recursive: true });
    const description = i % 7 === 3 ? '[unclosed' : `Does thing ${i}. Use when ${i} is asked for.`;
    writeFileSync(
      join(folder, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${description}\n${i % 11 === 0 ? 'extra: 1\n' : ''}---\nBody ${i}\n`,
    );
  }
  mkdirSync(join(dir, 'skills', 'group-0', 'skill-0', 'inner'), { recursive: true });
  writeFileSync(
    join(dir, 'skills', 'group-0', 'skill-0', 'inner', 'SKILL.md'),
    '---\nname: inner\ndescription: Nested. Use when nested.\n---\n',
  );
  mkdirSync(join(dir, 'skills', 'group-1'), { recursive: true });
  symlinkSync(join(dir, 'nowhere'), join(dir, 'skills', 'group-1', 'SKILL.md'));
  mkdirSync(join(dir, 'empty'), { recursive: true });
  return dir;
}

/** Each shard checks a part only: together, each entry once. */
function shardsEqualWhole(cwd: string, paths: readonly string[], counts: readonly number[]): Promise<void> {
  const entries = (doc: unknown): number => (doc as { skills: unknown[] }).skills.length;
  return equalWhole({
    run,
    scratch,
    cwd,
    argv: ['validate', ...paths],
    counts,
    partEntries: entries,
    wholeEntries: entries,
  });
}

describe('shard and merge', () => {
  it('shardOf is a stable partition by path', () => {
    expect(shardOf('skills/a/SKILL.md', 1)).toBe(1);
    const hits = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`skills/s${i}/SKILL.md`, 4)));
    expect([...hits].sort()).toEqual([1, 2, 3, 4]);
    expect(shardOf('skills/s1/SKILL.md', 4)).toBe(shardOf('skills/s1/SKILL.md', 4));
  });

  for (const size of [1, 12, 150]) {
    it(`equals the unsharded run on a generated tree of ${size} skills`, async () => {
      const dir = tree(size);
      await shardsEqualWhole(dir, ['skills', 'empty'], size === 1 ? [1, 2, 3] : [1, 2, 3, 7]);
      await shardsEqualWhole(dir, ['skills'], [2]);
    });
  }

  it('equals the unsharded run on the real corpus', async (ctx) => {
    if (!existsSync(CORPUS)) return ctx.skip();
    await shardsEqualWhole(CORPUS, ['.'], [3]);
  }, 240_000);

  it('refuses a missing, repeated or foreign shard, naming the file', async () => {
    const dir = tree(12);
    const part = async (spec: string): Promise<string> => {
      const file = join(scratch, `p-${spec.replace('/', '-')}.json`);
      writeFileSync(file, (await run(['validate', 'skills', '--shard', spec, '--json'], dir)).stdout);
      return file;
    };
    const a = await part('1/2');
    const b = await part('2/2');
    const c = await part('1/3');
    expect((await run(['merge', a], dir)).stderr).toContain('shard 2/2 missing');
    const twice = await run(['merge', a, b, a], dir);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('are both shard 1/2');
    expect((await run(['merge', a, c], dir)).stderr).toContain('of 2 shards');
    const plain = join(scratch, 'plain.json');
    writeFileSync(plain, (await run(['validate', 'skills', '--json'], dir)).stdout);
    expect((await run(['merge', plain], dir)).stderr).toContain(
      "is not the --json document of a 'validate --shard i/n' run",
    );
    expect((await run(['validate', 'skills', '--shard', '3/2'], dir)).code).toBe(2);
  });
});
