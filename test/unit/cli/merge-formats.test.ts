/**
 * `merge --format F` of validate and catalog shards prints what the unsharded verb prints with
 * `--format F`, byte for byte, in every format (the SARIF log passes Microsoft's validator);
 * `--output FORMAT=FILE` writes the same bytes to files in one run; the gate follows the shards'
 * `--fail-on` or merge's own; shards run with different result-shaping options are refused,
 * naming the option and both values.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner } from './_cli.js';

const REPO = new URL('../../../', import.meta.url).pathname;
const MULTITOOL = join(REPO, 'node_modules/.bin/sarif-multitool');
const dir = mkdtempSync(join(tmpdir(), 'skillgraph-merge-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = cliRunner(dir);
const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;

for (let i = 0; i < 14; i++) {
  const folder = join(dir, 'skills', `group-${i % 3}`, `skill-${i}`);
  mkdirSync(folder, { recursive: true });
  const description =
    i % 5 === 2 ? '[unclosed' : `Does thing ${i}. Use when ${'the user asks for it and '.repeat(i % 4)}it is ${i}.`;
  writeFileSync(
    join(folder, 'SKILL.md'),
    `---\nname: skill-${i}\ndescription: ${description}\n${i % 4 === 1 ? 'extra: 1\n' : ''}---\nBody ${i}\n`,
  );
}
// Two skills of one name in two scopes: a conflict the catalog shards resolve together.
mkdirSync(join(dir, 'team', 'skill-3'), { recursive: true });
writeFileSync(
  join(dir, 'team', 'skill-3', 'SKILL.md'),
  '---\nname: skill-3\ndescription: Team copy. Use when the team asks.\nbogus: true\n---\nBody\n',
);

async function shards(argv: readonly string[], n: number, tag: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 1; i <= n; i++) {
    const part = await run([...argv, '--shard', `${i}/${n}`, '--json'], dir);
    expect(part.stderr).toBe('');
    const file = join(dir, `${tag}-${i}.json`);
    writeFileSync(file, part.stdout);
    files.push(file);
  }
  return files;
}

describe('merge --format of validate shards', () => {
  it('prints, in every format, what the unsharded validate prints', async () => {
    for (const gateFlags of [[], ['--fail-on', 'warning']]) {
      const files = await shards(['validate', 'skills', ...gateFlags], 3, `v${gateFlags.length}`);
      for (const format of FORMATS) {
        const whole = await run(['validate', 'skills', ...gateFlags, '--format', format], dir);
        const merged = await run(['merge', ...files, '--format', format], dir);
        expect(merged.stdout === whole.stdout, `${format} ${gateFlags.join(' ')}`).toBe(true);
        expect(merged.code, format).toBe(whole.code);
      }
    }
  });

  it('writes every format from one run with --output, as validate does', async () => {
    const files = await shards(['validate', 'skills'], 2, 'o');
    const outs = FORMATS.filter((f) => f !== 'github').map((f) => `--output=${f}=out/merged.${f}`);
    const merged = await run(['merge', ...files, '--format', 'github', ...outs], dir);
    const direct = await run(
      ['validate', 'skills', '--format', 'github', ...outs.map((o) => o.replace('merged', 'direct'))],
      dir,
    );
    expect(merged.stdout).toBe(direct.stdout);
    expect(merged.code).toBe(direct.code);
    for (const f of FORMATS.filter((x) => x !== 'github')) {
      const whole = await run(['validate', 'skills', '--format', f], dir);
      expect(readFileSync(join(dir, 'out', `merged.${f}`), 'utf8') === whole.stdout, f).toBe(true);
      expect(readFileSync(join(dir, 'out', `direct.${f}`), 'utf8') === whole.stdout, f).toBe(true);
    }
  });

  it("gates with merge --fail-on over the shards' own gate", async () => {
    const files = await shards(['validate', 'skills/group-0/skill-9'], 1, 'g');
    expect((await run(['merge', ...files], dir)).code).toBe(0);
    expect((await run(['merge', ...files, '--fail-on', 'warning'], dir)).code).toBe(1);
  });

  it("the merged SARIF log passes Microsoft's SARIF validator", async (ctx) => {
    if (!existsSync(MULTITOOL)) return ctx.skip();
    const files = await shards(['validate', 'skills'], 2, 's');
    const sarif = join(dir, 'merged.sarif');
    writeFileSync(sarif, (await run(['merge', ...files, '--format', 'sarif'], dir)).stdout);
    const out = join(dir, 'validation.sarif');
    execFileSync(
      MULTITOOL,
      ['validate', sarif, '--output', out, '--log', 'ForceOverwrite', '--level', 'Error', 'Warning', 'Note'],
      { stdio: 'ignore', timeout: 120_000 },
    );
    const results = (
      JSON.parse(readFileSync(out, 'utf8')) as { runs: { results: { level?: string; ruleId: string }[] }[] }
    ).runs[0]!.results;
    expect(results.filter((r) => (r.level ?? 'warning') !== 'note').map((r) => r.ruleId)).toEqual([]);
  });

  it('refuses shards run with another profile or gate, naming the option and both values', async () => {
    const [a] = await shards(['validate', 'skills'], 2, 'pa');
    const b = join(dir, 'pb.json');
    writeFileSync(
      b,
      (await run(['validate', 'skills', '--profile', 'lenient', '--shard', '2/2', '--json'], dir)).stdout,
    );
    const refused = await run(['merge', a!, b], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${b} was run with --profile 'lenient', ${a} with --profile 'skillgraph'`);
    writeFileSync(
      b,
      (await run(['validate', 'skills', '--fail-on', 'warning', '--shard', '2/2', '--json'], dir)).stdout,
    );
    expect((await run(['merge', a!, b], dir)).stderr).toContain("--fail-on 'warning'");
  });
});

describe('merge --format of catalog shards', () => {
  const ROOTS = ['--root', 'skills:project:20', '--root', 'team:user:10', '--no-cache'];

  it('prints, in every format, what the unsharded catalog prints', async () => {
    const files = await shards(['catalog', ...ROOTS], 3, 'c');
    for (const format of FORMATS) {
      const whole = await run(['catalog', ...ROOTS, '--format', format], dir);
      const merged = await run(['merge', ...files, '--format', format], dir);
      expect(merged.stdout === whole.stdout, format).toBe(true);
      expect(merged.code, format).toBe(whole.code);
    }
    expect((await run(['merge', ...files, '--fail-on', 'warning'], dir)).code).toBe(1);
  });

  for (const [flags, option] of [
    [['--profile', 'lenient'], "--profile 'lenient'"],
    [['--depth', '3'], '--depth 3'],
    [['--nested'], '--nested true'],
    [['--no-follow-symlinks'], '--follow-symlinks false'],
  ] as const) {
    it(`refuses a shard run with ${flags.join(' ')}`, async () => {
      const [a] = await shards(['catalog', ...ROOTS], 2, 'ca');
      const b = join(dir, 'cb.json');
      writeFileSync(b, (await run(['catalog', ...ROOTS, ...flags, '--shard', '2/2', '--json'], dir)).stdout);
      const refused = await run(['merge', a!, b], dir);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${b} was run with ${option}, ${a} with`);
    });
  }

  it('keeps resolve and lock shards to their JSON document', async () => {
    const files = await shards(['resolve', ...ROOTS], 2, 'r');
    const r = await run(['merge', ...files, '--format', 'sarif'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("resolve shards merge into the document 'resolve --json' prints");
  });
});
