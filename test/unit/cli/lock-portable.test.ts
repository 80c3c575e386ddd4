/**
 * Lockfiles travel: a root is named relative to the lockfile's folder, or
 * `~/…` under the home folder, never by an absolute path; with no roots
 * given, lock and check use the project's folders only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { portableRoot } from '../../../src/tasks/lock.js';
import { _tree, type Tree } from '../discover/_tree.js';

let t: Tree | undefined;
afterEach(() => t?.cleanup());

async function cli(
  cwd: string,
  home: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd,
    env: { HOME: home, NO_COLOR: '1' },
  });
  return { code, stdout, stderr };
}

describe('portableRoot', () => {
  it('is relative to the lockfile folder inside it, ~/ under home, else relative with ..', () => {
    expect(portableRoot('/repo/.claude/skills', '/repo', '/home/me')).toBe('.claude/skills');
    expect(portableRoot('/repo', '/repo', '/home/me')).toBe('.');
    expect(portableRoot('/home/me/.claude/skills', '/repo', '/home/me')).toBe('~/.claude/skills');
    expect(portableRoot('/home/me/repo/skills', '/home/me/repo', '/home/me')).toBe('skills');
    expect(portableRoot('/srv/skills', '/repo/sub', '/home/me')).toBe('../../srv/skills');
  });
});

describe('lock with no roots given', () => {
  it("locks the project's folders only; --include-user adds the user's", async () => {
    t = _tree();
    t.skill('project/.claude/skills/deploy');
    t.skill('home/.claude/skills/personal');
    const project = t.path('project');
    const home = t.path('home');
    expect((await cli(project, home, ['lock'])).code).toBe(0);
    const names = (): string[] =>
      (
        JSON.parse(readFileSync(join(project, 'skillgraph.lock.json'), 'utf8')) as { skills: { name: string }[] }
      ).skills.map((s) => s.name);
    expect(names()).toEqual(['deploy']);
    expect((await cli(project, home, ['check'])).code).toBe(0);
    expect((await cli(project, home, ['lock', '--include-user'])).code).toBe(0);
    expect(names()).toEqual(['deploy', 'personal']);
    const lock = readFileSync(join(project, 'skillgraph.lock.json'), 'utf8');
    expect(lock).toContain('"root": "~/.claude/skills"');
    expect(lock).not.toContain(t.dir);
  });

  it('writes a complete lock with an invalid skill recorded as invalid, exits 1 naming it; --allow-errors exits 0', async () => {
    t = _tree();
    t.skill('project/.claude/skills/deploy');
    const project = t.path('project');
    const home = t.path('home');
    expect((await cli(project, home, ['lock'])).code).toBe(0);
    t.write('project/.claude/skills/broken/SKILL.md', '---\nname: broken\n---\n');
    const locked = await cli(project, home, ['lock']);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('description.missing');
    expect(locked.stderr).toContain('1 invalid (broken)');
    const lock = JSON.parse(readFileSync(join(project, 'skillgraph.lock.json'), 'utf8'));
    expect(lock.skills.map((e: { name: string }) => e.name)).toEqual(['deploy']);
    expect(lock.invalid).toEqual([
      {
        root: '.claude/skills',
        path: 'broken/SKILL.md',
        status: 'invalid',
        codes: ['description.missing'],
        findings: [{ code: 'description.missing', line: 2, column: 1 }],
        tree: expect.stringMatching(/^sha256:/),
      },
    ]);
    const allowed = await cli(project, home, ['lock', '--allow-errors', '--json']);
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ written: true, skills: 1 });
    // check keeps reporting the invalid skill, recorded or not.
    const check = await cli(project, home, ['check', '--json']);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout).invalid_now).toMatchObject([
      { root: '.claude/skills', path: 'broken/SKILL.md', recorded: true },
    ]);
  });
});
