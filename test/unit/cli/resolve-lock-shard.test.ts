/**
 * `resolve` and `lock --shard i/n --json` runs joined by `skillgraph merge`
 * print exactly what the unsharded `--json` run prints, byte for byte, and a
 * merged lock writes the lockfile the unsharded lock writes: on generated
 * trees of several sizes (includes across shards, a cycle, a name claimed in
 * two roots, broken skills with and without --allow-errors, scripts naming
 * hosts) and on the real corpus in ../shared when it is there. Shards of
 * different verbs or flags, missing ones and hostile documents are refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner, scopedTree, shardsEqualWhole as equalWhole } from './_cli.js';
import { walkFingerprint, renameKeys, type CatalogShardWalk } from '../../../src/tasks/shard-catalog.js';

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-resolve-lock-shards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const CORPUS = new URL('../../../../shared/corpus/real', import.meta.url).pathname;

const run = cliRunner(scratch);
const ROOTS = ['--root', 'project:project:20', '--root', 'user:user:10'];
const LOCK = 'skillgraph.lock.json';

interface ShardDoc {
  shard: { verb: string; total: number; run: string };
  walk: unknown;
  options: Record<string, unknown>;
  candidates: {
    position: unknown;
    result: { package?: unknown };
    place?: unknown;
    folder?: { ok: boolean; tree?: string };
  }[];
}

const candidates = (doc: unknown): number => (doc as ShardDoc).candidates.length;

/** `resolve` with the catalog flags `flags` and the resolve options `extra`: each candidate of the catalog in one shard. */
async function resolveEqualsWhole(
  cwd: string,
  flags: readonly string[],
  counts: readonly number[],
  extra: readonly string[] = [],
): Promise<void> {
  const files = (JSON.parse((await run(['catalog', ...flags, '--json'], cwd)).stdout) as { stats: { files: number } })
    .stats.files;
  return equalWhole({
    run,
    scratch,
    cwd,
    argv: ['resolve', ...extra, ...flags],
    counts,
    partEntries: candidates,
    wholeEntries: () => files,
  });
}

function lockEqualsWhole(cwd: string, flags: readonly string[], counts: readonly number[]): Promise<void> {
  const whole = (doc: unknown): number =>
    (doc as { files: { seen: number; same_file: number; not_catalogued: Record<string, number> } }).files.seen -
    sum(doc);
  return equalWhole({
    run,
    scratch,
    cwd,
    argv: ['lock', '--out', LOCK, ...flags],
    counts,
    partEntries: candidates,
    wholeEntries: whole,
    artifact: join(cwd, LOCK),
  });
}

/** SKILL.md files the walk saw but did not make candidates. */
function sum(doc: unknown): number {
  const f = (doc as { files: { same_file: number; not_catalogued: Record<string, number> } }).files;
  return f.same_file + Object.values(f.not_catalogued).reduce((a, b) => a + b, 0);
}

async function shardFile(name: string, argv: readonly string[], cwd: string): Promise<string> {
  const file = join(scratch, `${name}.json`);
  const part = await run([...argv, '--json'], cwd);
  expect(part.code, part.stderr).toBe(0);
  writeFileSync(file, part.stdout);
  return file;
}

describe('resolve and lock shards and merge', () => {
  for (const size of [1, 13, 120]) {
    it(`resolve: equals the unsharded run on a generated tree of ${size} skills`, async () => {
      const dir = scopedTree(scratch, size);
      const counts = size === 1 ? [1, 2] : [1, 2, 3, 7];
      if (size > 1) {
        const doc = JSON.parse((await run(['resolve', ...ROOTS, '--json'], dir)).stdout) as {
          skills: { name: string; ok: boolean; error?: { type: string } }[];
          cycles: unknown[];
        };
        expect(doc.cycles.length).toBeGreaterThan(0);
        expect(doc.skills.find((s) => s.name === 'skill-0')?.ok).toBe(true);
        expect(doc.skills.some((s) => !s.ok)).toBe(true);
      }
      await resolveEqualsWhole(dir, ROOTS, counts);
      if (size === 13) {
        await resolveEqualsWhole(dir, ROOTS, [3], ['--summary']);
        await resolveEqualsWhole(dir, ROOTS, [3], ['--entries']);
        await resolveEqualsWhole(dir, ROOTS, [2], ['skill-0', 'loop-a', 'nowhere']);
        await resolveEqualsWhole(dir, [...ROOTS, '--backend', 'js'], [3]);
      }
    });

    it(`lock: equals the unsharded run and writes the same lockfile on a generated tree of ${size} skills`, async () => {
      const dir = scopedTree(scratch, size);
      const counts = size === 1 ? [1, 2] : [1, 2, 3, 7];
      await lockEqualsWhole(dir, [...ROOTS, '--allow-errors'], counts);
      await lockEqualsWhole(dir, ROOTS, size === 1 ? [2] : [3]);
    });
  }

  it('lock: the merged lockfile seals the scripts and hosts, records the invalid skill and exits 1 without --allow-errors as the unsharded run does', async () => {
    const dir = scopedTree(scratch, 13);
    const parts = (flags: readonly string[]) =>
      Promise.all(
        [1, 2, 3].map((i) =>
          shardFile(`seal-${i}-${flags.length}`, ['lock', '--out', LOCK, ...ROOTS, ...flags, '--shard', `${i}/3`], dir),
        ),
      );
    const merged = await run(['merge', ...(await parts(['--allow-errors']))], dir);
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout)).toMatchObject({ lock: LOCK, written: true });
    const lock = JSON.parse(readFileSync(join(dir, LOCK), 'utf8')) as {
      skills: { name: string; root: string; capabilities: { hosts: string[]; scripts: { path: string }[] } }[];
      invalid: { codes: string[] }[];
    };
    rmSync(join(dir, LOCK));
    const seven = lock.skills.find((s) => s.name === 'skill-7')!;
    expect(seven.capabilities.hosts).toEqual(['api7.example.net']);
    expect(seven.capabilities.scripts.map((s) => s.path)).toEqual(['scripts/sync.sh']);
    expect(lock.skills.find((s) => s.name === 'skill-0')?.root).toBe('project');
    expect(lock.invalid.length).toBe(1);
    const strict = await run(['merge', ...(await parts([]))], dir);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({ written: true });
    expect(JSON.parse(readFileSync(join(dir, LOCK), 'utf8')).invalid).toEqual(lock.invalid);
    rmSync(join(dir, LOCK));
  });

  it('equals the unsharded resolve and lock on the real corpus', async (ctx) => {
    if (!existsSync(CORPUS)) return ctx.skip();
    await resolveEqualsWhole(CORPUS, ['--root', '.'], [3], ['--summary']);
    const out = join(scratch, 'corpus.lock.json');
    const wholeEntries = (doc: unknown): number => (doc as { files: { seen: number } }).files.seen - sum(doc);
    await equalWhole({
      run,
      scratch,
      cwd: CORPUS,
      argv: ['lock', '.', '--out', out, '--allow-errors', '--allow-incomplete'],
      counts: [3],
      partEntries: candidates,
      wholeEntries,
      artifact: out,
    });
  }, 240_000);

  it('refuses shards of different verbs or flags, and a missing shard, naming the file', async () => {
    const dir = scopedTree(scratch, 13);
    const r1 = await shardFile('r-1', ['resolve', ...ROOTS, '--shard', '1/2'], dir);
    const r2 = await shardFile('r-2', ['resolve', ...ROOTS, '--shard', '2/2'], dir);
    const r2summary = await shardFile('r-2s', ['resolve', ...ROOTS, '--summary', '--shard', '2/2'], dir);
    const r2names = await shardFile('r-2n', ['resolve', 'skill-1', ...ROOTS, '--shard', '2/2'], dir);
    const l1 = await shardFile('l-1', ['lock', '--out', LOCK, ...ROOTS, '--shard', '1/2'], dir);
    const l2 = await shardFile('l-2', ['lock', '--out', LOCK, ...ROOTS, '--shard', '2/2'], dir);
    const l2out = await shardFile('l-2o', ['lock', '--out', 'other.lock.json', ...ROOTS, '--shard', '2/2'], dir);
    const l2allow = await shardFile('l-2a', ['lock', '--out', LOCK, ...ROOTS, '--allow-errors', '--shard', '2/2'], dir);
    const c2 = await shardFile('c-2', ['catalog', ...ROOTS, '--shard', '2/2'], dir);
    for (const [a, b] of [
      [r1, l2],
      [l1, c2],
      [r1, c2],
    ]) {
      const mixed = await run(['merge', a!, b!], dir);
      expect(mixed.code).toBe(2);
      expect(mixed.stderr).toContain('shards of different verbs');
    }
    const outs = [join(dir, 'other.lock.json'), join(dir, LOCK)].map((p) => JSON.stringify(p));
    for (const [a, b, differs] of [
      [r1, r2summary, '--summary true, {a} with --summary false'],
      [r1, r2names, 'the NAME arguments ["skill-1"], {a} with the NAME arguments []'],
      [l1, l2out, `--out '${JSON.parse(outs[0]!) as string}', {a} with --out '${JSON.parse(outs[1]!) as string}'`],
      [l1, l2allow, '--allow-errors true, {a} with --allow-errors false'],
    ] as const) {
      const other = await run(['merge', a, b], dir);
      expect(other.code).toBe(2);
      expect(other.stderr).toContain(
        `${b} was run with ${differs.replace('{a}', a)}: the shards of one run share options`,
      );
    }
    for (const file of [r1, l1]) {
      const missing = await run(['merge', file], dir);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('shard 2/2 missing');
    }
    expect((await run(['merge', r1, r2], dir)).code).toBe(1);
    expect((await run(['merge', l1, l2, l1], dir)).stderr).toContain('are both shard 1/2');
    expect(existsSync(join(dir, LOCK))).toBe(false);
    for (const argv of [
      ['resolve', '--shard', '1/2'],
      ['lock', '--shard', '1/2'],
      ['resolve', '--shard', '1/2', '--json', '--timings'],
      ['lock', '--shard', '3/2', '--json'],
    ]) {
      const bad = await run([...argv, ...ROOTS], dir);
      expect(bad.code, argv.join(' ')).toBe(2);
      if (argv.includes('--json'))
        expect((JSON.parse(bad.stdout) as { error: { code: string } }).error.code).toBe('usage');
      else expect(bad.stderr).toContain('--shard prints a shard document: add --json');
    }
  });

  it('refuses hostile shard documents with a usage error naming the file, never a crash', async () => {
    const dir = scopedTree(scratch, 13);
    const l1 = await shardFile('h-1', ['lock', '--out', LOCK, ...ROOTS, '--shard', '1/2'], dir);
    const l2 = await shardFile('h-2', ['lock', '--out', LOCK, ...ROOTS, '--shard', '2/2'], dir);
    const r1 = await shardFile('hr-1', ['resolve', ...ROOTS, '--shard', '1/2'], dir);
    const r2 = await shardFile('hr-2', ['resolve', ...ROOTS, '--shard', '2/2'], dir);
    const tamper = (from: string, name: string, change: (doc: ShardDoc) => void, refingerprint = false): string => {
      const doc = JSON.parse(readFileSync(from, 'utf8')) as ShardDoc;
      change(doc);
      if (refingerprint)
        doc.shard.run = walkFingerprint(
          renameKeys(doc.walk, 'camel') as CatalogShardWalk,
          doc.shard.total,
          doc.options,
        );
      const file = join(scratch, `${name}.json`);
      writeFileSync(file, JSON.stringify(doc));
      return file;
    };
    const withFolder = (d: ShardDoc) => d.candidates.find((c) => c.folder?.ok)!;
    const cases: [string, string, string][] = [
      // [first file, second file, what the refusal says]
      [l1, tamper(l2, 'bad-position', (d) => (d.candidates[0]!.position = 'one')), 'candidates.0.position'],
      [l1, tamper(l2, 'far-position', (d) => (d.candidates[0]!.position = d.shard.total + 5)), 'past the run'],
      [l1, tamper(l2, 'bad-tree', (d) => (withFolder(d).folder!.tree = 'sha256:not-hex')), 'candidates.'],
      [l1, tamper(l2, 'md5-tree', (d) => (withFolder(d).folder!.tree = `md5:${'0'.repeat(32)}`)), '.folder'],
      [l1, tamper(l2, 'unsealed', (d) => delete withFolder(d).folder), 'has no folder seal'],
      [l1, tamper(l2, 'no-place', (d) => delete d.candidates[0]!.place), 'has no place'],
      [
        l1,
        tamper(l2, 'other-out', (d) => (d.options.out = '/elsewhere.lock.json')),
        'its run fingerprint is not that of its walk and options',
      ],
      [tamper(l2, 'relative-out', (d) => (d.options.out = 'x.json'), true), l1, 'its options are not lock'],
      [l1, tamper(l2, 'no-walk', (d) => (d.walk = 7), true), 'walk'],
      [l1, tamper(l2, 'wrong-verb', (d) => (d.shard.verb = 'resolve')), 'shards of different verbs'],
      [tamper(r2, 'bad-backend', (d) => (d.options.backend = 'gpu'), true), r1, 'its options are not resolve'],
      [tamper(r2, 'bad-names', (d) => (d.options.names = [1]), true), r1, 'its options are not resolve'],
      [
        r1,
        tamper(
          r2,
          'bad-package',
          (d) => ((d.candidates.find((c) => c.result.package)!.result.package as { body: unknown }).body = 5),
          true,
        ),
        'result.package.body',
      ],
      [
        r1,
        tamper(r2, 'placed', (d) => (d.candidates[0]!.place = { root: '/', in_root: 'x' }), true),
        "carries a lock shard's place",
      ],
    ];
    for (const [a, b, why] of cases) {
      const bad = `${a} ${b}`;
      const merged = await run(['merge', a, b], dir);
      expect(merged.code, bad).toBe(2);
      expect(merged.stderr, bad).toContain(why);
      expect(merged.stderr, bad).not.toContain('internal error');
      expect(merged.stdout, bad).toBe('');
    }
    expect(existsSync(join(dir, LOCK))).toBe(false);
  });
});
