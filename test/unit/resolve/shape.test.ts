/**
 * The shape of `resolve --json`: entry lists only for the skills named or with
 * `--entries`, whole failure paths from the skill resolved (a cycle of 40
 * skills and an includer of it), shortened only in the human line, and the
 * same bytes whatever the backend or worker count.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';

interface SkillJson {
  name: string;
  ok: boolean;
  entries?: { key: string }[];
  error?: { type: string; message: string; path: string[] };
}

let dir = '';
const RING = 40;
const ringName = (i: number): string => `r${String((i % RING) + 1).padStart(2, '0')}`;

function skill(name: string, extra: string): void {
  mkdirSync(join(dir, 'skills', name), { recursive: true });
  writeFileSync(
    join(dir, 'skills', name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n${extra}\n---\n# ${name}\n`,
  );
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: { HOME: join(dir, 'home') },
  };
  const code = await main([...args, '--root', 'skills:project', '--no-cache'], io);
  return { code, stdout, stderr };
}

const skills = async (args: string[]): Promise<SkillJson[]> =>
  (JSON.parse((await run(['resolve', ...args, '--json'])).stdout) as { skills: SkillJson[] }).skills;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-resolve-shape-'));
  skill('base', 'tools: [read_file]');
  skill('app', 'includes: [base]\ntools: [{ name: write_file, writes: true }]');
  for (let i = 0; i < RING; i++) skill(ringName(i), `includes: [${ringName(i + 1)}]\ntools: [t${i}]`);
  skill('user', `includes: [${ringName(4)}]`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolve --json: entry lists', () => {
  it('leaves them out for the whole catalog, lists them for named skills and for every skill with --entries', async () => {
    const whole = await skills([]);
    expect(whole.length).toBe(RING + 3);
    expect(whole.every((s) => !('entries' in s))).toBe(true);
    const named = await skills(['app', 'user']);
    expect(named.map((s) => [s.name, s.entries?.map((e) => e.key)])).toEqual([
      ['app', ['read_file', 'write_file']],
      ['user', []],
    ]);
    const all = await skills(['--entries']);
    expect(all.find((s) => s.name === 'base')?.entries?.map((e) => e.key)).toEqual(['read_file']);
    expect(all.every((s) => Array.isArray(s.entries))).toBe(true);
    expect((await skills(['app', '--summary'])).every((s) => !('entries' in s))).toBe(true);
  });

  it('refuses --summary with --entries as a usage error', async () => {
    const r = await run(['resolve', '--summary', '--entries']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--entries');
  });

  it('lists entries in the human output only for named skills or with --entries', async () => {
    expect((await run(['resolve'])).stdout).not.toContain('write_file');
    expect((await run(['resolve', 'app'])).stdout).toContain('write_file');
    expect((await run(['resolve', '--entries'])).stdout).toContain('write_file');
  });
});

describe('resolve --json: failure paths', () => {
  it(`gives each skill of a ${RING}-skill cycle its whole path, from itself, in JSON`, async () => {
    const doc = await skills([]);
    for (let i = 0; i < RING; i++) {
      const s = doc.find((x) => x.name === ringName(i))!;
      expect(s.error?.type).toBe('cycle_detected');
      expect(s.error?.path).toEqual(Array.from({ length: RING + 1 }, (_, k) => ringName(i + k)));
      // The message is the human line: shortened.
      expect(s.error?.message).toContain(`... (${RING + 1 - 16} more) ...`);
    }
    const user = doc.find((s) => s.name === 'user')!;
    expect(user.error?.path).toEqual(['user', ...Array.from({ length: RING + 1 }, (_, k) => ringName(4 + k))]);
    expect(doc.find((s) => s.name === 'app')?.error).toBeUndefined();
  });

  it('gives an unknown requested skill the path of its one name', async () => {
    expect((await skills(['ghost']))[0]?.error).toEqual({
      type: 'skill_not_found',
      message: "unknown skill 'ghost'",
      path: ['ghost'],
    });
  });

  it('shortens the cycle in the human lines only', async () => {
    const r = await run(['resolve']);
    const cycleLine = r.stdout.split('\n').find((l) => l.startsWith('cycle '))!;
    expect(cycleLine).toContain('... (25 more) ...');
    expect(cycleLine.length).toBeLessThan(200);
  });
});

describe('resolve --json: deterministic', () => {
  it('is byte-identical across backends and worker counts, with and without entries', async () => {
    for (const extra of [[], ['--entries']]) {
      const texts = new Set<string>();
      for (const flags of [
        ['--backend', 'js', '--workers', '0'],
        ['--backend', 'wasm', '--workers', '0'],
        ['--backend', 'js', '--workers', '2'],
        ['--backend', 'wasm', '--workers', '2'],
      ]) {
        const out = (await run(['resolve', ...extra, ...flags, '--json'])).stdout;
        texts.add(out.replace(/"backend": "(js|wasm)"/, '"backend": "?"'));
      }
      expect(texts.size).toBe(1);
    }
  });
});
