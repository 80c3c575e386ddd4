/**
 * `catalog --shard i/n --json` runs joined by `skillgraph merge` print exactly
 * the unsharded `catalog --json` document, byte for byte: on generated trees
 * of several sizes with two scoped roots (names claimed in both: conflicts
 * decided across shards), includes that cross shards (and some that do not
 * resolve), broken skills; and on the real corpus in ../shared when it is there.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner, scopedTree, shardsEqualWhole as equalWhole } from './_cli.js';
import { shardOf } from '../../../src/tasks/shard.js';
import { candidatePath } from '../../../src/tasks/shard-catalog.js';

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-catalog-shards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const CORPUS = new URL('../../../../shared/corpus/real', import.meta.url).pathname;

const run = cliRunner(scratch);

const tree = (size: number): string => scopedTree(scratch, size);

/** Catalog shards hold candidates; the whole run counts them as `stats.files`. */
function shardsEqualWhole(cwd: string, flags: readonly string[], counts: readonly number[]): Promise<void> {
  return equalWhole({
    run,
    scratch,
    cwd,
    argv: ['catalog', ...flags],
    counts,
    partEntries: (doc) => (doc as { candidates: unknown[] }).candidates.length,
    wholeEntries: (doc) => (doc as { stats: { files: number } }).stats.files,
  });
}

const ROOTS = ['--root', 'project:project:20', '--root', 'user:user:10'];

describe('catalog shards and merge', () => {
  it('splits by the path inside the root, not where the tree is checked out', () => {
    expect(candidatePath({ root: '/a/skills', locator: '/a/skills/x/SKILL.md' })).toBe('x/SKILL.md');
    expect(candidatePath({ root: '/b/skills', locator: '/b/skills/x/SKILL.md' })).toBe('x/SKILL.md');
    expect(shardOf(candidatePath({ root: '/a', locator: '/a/x/SKILL.md' }), 3)).toBe(shardOf('x/SKILL.md', 3));
  });

  for (const size of [1, 13, 120]) {
    it(`equals the unsharded catalog on a generated tree of ${size} skills`, async () => {
      const dir = tree(size);
      const whole = JSON.parse((await run(['catalog', ...ROOTS, '--json'], dir)).stdout) as {
        conflicts: unknown[];
        skills: { skill_metadata: unknown }[];
      };
      if (size > 1) {
        expect(whole.conflicts.length).toBeGreaterThan(0);
        expect(whole.skills.some((s) => s.skill_metadata === null)).toBe(true);
        expect(whole.skills.some((s) => s.skill_metadata !== null)).toBe(true);
      }
      await shardsEqualWhole(dir, ROOTS, size === 1 ? [1, 2] : [1, 2, 3, 7]);
    });
  }

  it('equals the unsharded catalog on the real corpus', async (ctx) => {
    if (!existsSync(CORPUS)) return ctx.skip();
    await shardsEqualWhole(CORPUS, ['--root', '.'], [3]);
  }, 240_000);

  it('refuses a missing, repeated, foreign or tampered shard, naming the file', async () => {
    const dir = tree(13);
    const part = async (spec: string, flags: readonly string[] = ROOTS): Promise<string> => {
      const file = join(scratch, `c-${spec.replace('/', '-')}-${flags.length}.json`);
      writeFileSync(file, (await run(['catalog', ...flags, '--shard', spec, '--json'], dir)).stdout);
      return file;
    };
    const a = await part('1/2');
    const b = await part('2/2');
    const c = await part('1/3');
    const other = await part('2/2', ['--root', 'project:project:20']);
    expect((await run(['merge', a], dir)).stderr).toContain('shard 2/2 missing');
    const twice = await run(['merge', a, b, a], dir);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('are both shard 1/2');
    expect((await run(['merge', a, c], dir)).stderr).toContain('of another run');
    expect((await run(['merge', a, other], dir)).stderr).toContain(`${other} is shard 2/2 of another run`);
    const tampered = join(scratch, 'tampered.json');
    const doc = JSON.parse((await run(['catalog', ...ROOTS, '--shard', '2/2', '--json'], dir)).stdout) as {
      walk: { backend: string };
    };
    doc.walk.backend = 'forged';
    writeFileSync(tampered, JSON.stringify(doc));
    expect((await run(['merge', a, tampered], dir)).stderr).toContain(
      "is not the --json document of a 'catalog --shard i/n' run",
    );
    const v = join(scratch, 'validate-part.json');
    writeFileSync(v, (await run(['validate', 'project', '--shard', '2/2', '--json'], dir)).stdout);
    expect((await run(['merge', a, v], dir)).stderr).toContain('shards of different verbs');
    const plain = await run(['catalog', ...ROOTS, '--shard', '1/2'], dir);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('--shard prints a shard document: add --json');
  });
});
