/** The catalog verbs in-process: determinism of full runs, human rendering, lock/check files. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { cutToWidth } from '../../../src/cli/width.js';
import { _tree, type Tree } from '../discover/_tree.js';

let t: Tree;
afterEach(() => t?.cleanup());

async function run(args: string[], columns = 80): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s), columns },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: t.dir,
    env: { HOME: t.path('home') },
  });
  return { code, stdout, stderr };
}

const ROOTS = ['--root', 'g:global', '--root', 'p:project', '--root', 'l:local'];

function conflictTree(): void {
  t = _tree();
  t.skill('g/deploy', 'deploy', 'global');
  t.skill('p/deploy', 'deploy', 'project');
  t.skill('l/deploy', 'deploy', 'local');
  t.skill('g/lint', 'lint', 'same');
  t.skill('p/lint', 'lint', 'same');
  t.skill('p/notes');
}

describe('catalog verb', () => {
  it('full CLI runs over a tree with conflicts print byte-identical JSON', async () => {
    conflictTree();
    const first = await run(['catalog', ...ROOTS, '--json']);
    expect(first.code).toBe(0);
    for (let i = 0; i < 5; i++) expect((await run(['catalog', ...ROOTS, '--json'])).stdout).toBe(first.stdout);
    const doc = JSON.parse(first.stdout);
    expect(Object.keys(doc)).toEqual([
      'schemaVersion',
      'digest',
      'skills',
      'conflicts',
      'diagnostics',
      'complete',
      'incomplete',
      'files',
      'stats',
    ]);
    expect(doc.conflicts.map((c: { name: string; identical: boolean }) => [c.name, c.identical])).toEqual([
      ['deploy', false],
      ['deploy', false],
      ['lint', true],
    ]);
  });

  it('the table goes to stdout cut to the terminal width, the summary and conflicts to stderr', async () => {
    conflictTree();
    const r = await run(['catalog', ...ROOTS], 50);
    expect(r.stdout).not.toContain('Conflicts:');
    const rows = r.stdout.split('\n');
    expect(rows[0]).toMatch(/^SCOPE\s+NAME\s+DESCRIPTION$/);
    for (const row of rows.slice(1, 4)) expect([...row].length).toBeLessThanOrEqual(50);
    expect(r.stderr).toContain('Conflicts:');
    expect(r.stderr).toContain('lint: p/lint/SKILL.md shadows g/lint/SKILL.md (identical copy)');
  });

  it('list prints one line per skill and the same JSON as catalog', async () => {
    conflictTree();
    const list = await run(['list', ...ROOTS]);
    expect(
      list.stdout
        .split('\n')
        .slice(0, 3)
        .map((l) => l.split(' ')[0]),
    ).toEqual(['deploy', 'lint', 'notes']);
    // Each shadowed copy is named (regression: the short form printed the bare name once per copy).
    expect(list.stderr).toContain('  deploy: p/deploy/SKILL.md shadowed\n  deploy: g/deploy/SKILL.md shadowed\n');
    expect(list.stderr).toContain('  lint: g/lint/SKILL.md shadowed (identical copy)\n');
    expect((await run(['list', ...ROOTS, '--json'])).stdout).toBe((await run(['catalog', ...ROOTS, '--json'])).stdout);
  });

  it('bad flags are usage errors naming the flag', async () => {
    t = _tree();
    expect((await run(['catalog', '--depth', 'deep'])).stderr).toMatch(/--depth/);
    expect((await run(['catalog', '--root', 'x:vendor'])).code).toBe(2);
    expect((await run(['catalog', '--preset', 'vim'])).stderr).toMatch(/unknown preset/);
  });

  it('cutToWidth counts columns and marks the cut', () => {
    expect(cutToWidth('abcdef', 4)).toBe('abc…');
    expect(cutToWidth('a\n  b', 10)).toBe('a b');
    expect(cutToWidth('ééé', 3)).toBe('ééé');
  });
});

describe('lock and check', () => {
  it('lock writes atomically (no temp file left) with roots relative to the lockfile; check passes, then finds drift', async () => {
    conflictTree();
    const lock = await run(['lock', ...ROOTS, '--json']);
    expect(lock.code).toBe(0);
    expect(readdirSync(t.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const written = JSON.parse(readFileSync(t.path('skillgraph.lock.json'), 'utf8'));
    expect(
      written.skills.map((s: { name: string; root: string; path: string; scope: string }) => [
        s.name,
        s.scope,
        s.root,
        s.path,
      ]),
    ).toEqual([
      ['deploy', 'local', 'l', 'deploy/SKILL.md'],
      ['lint', 'project', 'p', 'lint/SKILL.md'],
      ['notes', 'project', 'p', 'notes/SKILL.md'],
    ]);
    expect((await run(['check', ...ROOTS])).code).toBe(0);

    t.skill('p/extra');
    t.write('p/notes/SKILL.md', '---\nname: notes\ndescription: changed. Use when testing.\n---\nnew\n');
    const drift = await run(['check', ...ROOTS, '--json']);
    expect(drift.code).toBe(1);
    const doc = JSON.parse(drift.stdout);
    expect(doc.added.map((e: { name: string }) => e.name)).toEqual(['extra']);
    expect(doc.changed.map((c: { name: string; fields: string[] }) => [c.name, c.fields])).toEqual([
      ['notes', ['digest', 'tree']],
    ]);
  });

  it('check without a lockfile is a usage error', async () => {
    t = _tree();
    const r = await run(['check', '--root', 'p']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/run 'skillgraph lock' first/);
    expect(existsSync(t.path('skillgraph.lock.json'))).toBe(false);
  });
});
