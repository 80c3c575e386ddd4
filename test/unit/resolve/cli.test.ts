/** `skillgraph resolve` and `skillgraph graph` in-process, over SKILL.md files in a temp root. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';

let dir = '';

function skill(name: string, extra: string): void {
  mkdirSync(join(dir, 'skills', name), { recursive: true });
  writeFileSync(
    join(dir, 'skills', name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n${extra}\n---\n# ${name}\n`,
  );
}

async function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: { HOME: join(dir, 'home'), ...env },
  });
  return { code, stdout, stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-resolve-cli-'));
  skill('base', 'tools: [read_file, { name: write_file, writes: true }]');
  skill('app', 'includes: [base]\nmcp: [{ server: db, tools: [query] }]');
  skill('loop', 'includes: [loop]');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skillgraph resolve', () => {
  it('prints one JSON document with entries, cycles, counts and stats; exit 0 when all requested resolve', async () => {
    const r = await run(['resolve', 'app', '--root', 'skills:project', '--json', '--backend', 'js']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.schemaVersion).toBe(2);
    expect(doc.skills[0].entries.map((e: { key: string }) => e.key)).toEqual([
      'read_file',
      'write_file',
      'mcp:db/query',
    ]);
    expect(doc.counts).toEqual({ skills: 1, ok: 1, failed: 0, cycles: 0, entries: 3 });
    expect(doc.stats.backend).toBe('js');
    // No timings unless asked for: the document is the same on every run.
    expect(doc.stats.timings_ms).toBeUndefined();
    expect((await run(['resolve', 'app', '--root', 'skills:project', '--json', '--backend', 'js'])).stdout).toBe(
      r.stdout,
    );
    const timed = JSON.parse(
      (await run(['resolve', 'app', '--root', 'skills:project', '--json', '--backend', 'js', '--timings'])).stdout,
    );
    expect(Object.keys(timed.stats.timings_ms)).toEqual(['catalog', 'encode', 'kernel', 'results']);
  });

  it('exits 1 when a skill fails, and --summary leaves entries out', async () => {
    const r = await run(['resolve', '--root', 'skills:project', '--json', '--summary']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.skills.map((s: { name: string; ok: boolean }) => [s.name, s.ok])).toEqual([
      ['app', true],
      ['base', true],
      ['loop', false],
    ]);
    expect(doc.skills.every((s: object) => !('entries' in s))).toBe(true);
    expect(doc.cycles).toEqual([{ skills: ['loop'], path: ['loop', 'loop'] }]);
  });

  it('reports an unknown requested skill as a failure (exit 1) and an unknown backend as usage (exit 2)', async () => {
    const missing = await run(['resolve', 'nope', '--root', 'skills:project', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout).skills[0].error).toEqual({
      type: 'skill_not_found',
      message: "unknown skill 'nope'",
      path: ['nope'],
    });
    expect((await run(['resolve', '--root', 'skills:project', '--backend', 'gpu'])).code).toBe(2);
    expect((await run(['resolve', '--root', 'skills:project'], { SKILLGRAPH_BACKEND: 'gpu' })).code).toBe(2);
  });

  it('gives byte-identical skills and cycles on both backends', async () => {
    const docs = await Promise.all(
      ['js', 'wasm'].map(async (b) =>
        JSON.parse((await run(['resolve', '--root', 'skills:project', '--json', '--backend', b])).stdout),
      ),
    );
    expect(JSON.stringify([docs[0].skills, docs[0].cycles])).toBe(JSON.stringify([docs[1].skills, docs[1].cycles]));
    expect(docs.map((d) => d.stats.backend)).toEqual(['js', 'wasm']);
  });

  it('names the skill files left out of the catalog by errors instead of dropping them silently', async () => {
    mkdirSync(join(dir, 'broken', 'bad'), { recursive: true });
    writeFileSync(
      join(dir, 'broken', 'bad', 'SKILL.md'),
      '---\nname: bad\ndescription: Broken. Use when testing.\nincludes: [{ nope: 1 }]\n---\n',
    );
    mkdirSync(join(dir, 'broken', 'fine'), { recursive: true });
    writeFileSync(
      join(dir, 'broken', 'fine', 'SKILL.md'),
      '---\nname: fine\ndescription: Fine. Use when testing.\n---\n',
    );
    const doc = JSON.parse((await run(['resolve', '--root', 'broken:project', '--json'])).stdout);
    expect(doc.skills.map((s: { name: string }) => s.name)).toEqual(['fine']);
    expect(doc.diagnostics.map((d: { code: string; file: string }) => [d.code, d.file])).toEqual([
      ['includes.invalid', join(dir, 'broken', 'bad', 'SKILL.md')],
    ]);
    expect((await run(['resolve', '--root', 'broken:project'])).stderr).toMatch(
      /left out: .*bad\/SKILL\.md:4:\d+ includes\.invalid/,
    );
    expect(JSON.parse((await run(['resolve', '--root', 'skills:project', '--json'])).stdout).diagnostics).toEqual([]);
  });

  it('writes the listing to stdout and the counts to stderr', async () => {
    const r = await run(['resolve', 'app', '--root', 'skills:project']);
    expect(r.stdout).toContain('✓ app  3 tools, writes [tool_ref, mcp]');
    expect(r.stdout).toContain('mcp:db/query');
    expect(r.stderr).toContain('1 skills: 1 resolved');
  });
});

describe('skillgraph graph', () => {
  it('prints Mermaid on stdout and exits 1 on a cycle', async () => {
    const r = await run(['graph', '--root', 'skills:project']);
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith('flowchart LR\n')).toBe(true);
    expect(r.stdout).toContain('==>');
  });

  it('rejects an unknown format with exit 2', async () => {
    expect((await run(['graph', '--format', 'svg', '--root', 'skills:project'])).code).toBe(2);
  });
});
