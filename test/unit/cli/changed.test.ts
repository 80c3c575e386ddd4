/**
 * `validate --changed [REF]` in a scratch git repository: only the skill
 * folders whose files differ from the ref (committed, staged, unstaged or
 * untracked) are checked; the default ref is the merge base with main; a
 * folder that is not a repository is a clear usage error.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-changed-'));
const repo = join(scratch, 'repo');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const git = (...args: string[]): string =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@e',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(repo, rel)), { recursive: true });
  writeFileSync(join(repo, rel), text);
}

const skill = (name: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: Does ${name}. Use when ${name} is asked for.\n${extra}---\nBody\n`;

async function run(args: readonly string[], cwd = repo): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd,
    env: { HOME: join(scratch, 'home') },
  });
  return { code, stdout, stderr };
}

const dirs = (stdout: string): string[] =>
  (JSON.parse(stdout) as { skills: { dir: string }[] }).skills.map((s) => s.dir);

describe.skipIf(!hasGit())('validate --changed', () => {
  beforeAll(() => {
    mkdirSync(repo, { recursive: true });
    git('init', '-q', '-b', 'main');
    for (const name of ['alpha', 'beta', 'gamma', 'delta']) write(`skills/${name}/SKILL.md`, skill(name));
    write('skills/beta/references/guide.md', 'guide\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'skills');
    git('checkout', '-q', '-b', 'feature');
    write('skills/alpha/SKILL.md', skill('alpha', 'bogus: 1\n')); // committed on the branch
    git('commit', '-q', '-am', 'alpha');
    write('skills/beta/references/guide.md', 'guide, edited\n'); // unstaged, a file beside SKILL.md
    write('skills/epsilon/SKILL.md', skill('epsilon')); // untracked
    write('README.md', 'not a skill\n');
  });

  it('checks only the skill folders that differ from the merge base with main', async () => {
    const r = await run(['validate', 'skills', '--changed', '--json']);
    expect(r.stderr).toBe('');
    expect(dirs(r.stdout)).toEqual(['skills/alpha', 'skills/beta', 'skills/epsilon']);
  });

  it('takes the ref after --changed, or as --changed=REF', async () => {
    const head = git('rev-parse', 'HEAD').trim();
    expect(dirs((await run(['validate', 'skills', '--changed', head, '--json'])).stdout)).toEqual([
      'skills/beta',
      'skills/epsilon',
    ]);
    expect(dirs((await run(['validate', '--changed=HEAD', 'skills', '--json'])).stdout)).toEqual([
      'skills/beta',
      'skills/epsilon',
    ]);
    expect(dirs((await run(['validate', 'skills', '--changed', 'main', '--json'])).stdout)).toEqual([
      'skills/alpha',
      'skills/beta',
      'skills/epsilon',
    ]);
  });

  it('says how many folders changed, and passes with none', async () => {
    const r = await run(['validate', 'skills/gamma', '--changed']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('0 changed skill folder(s)');
  });

  it('is a usage error outside a repository, or with an unknown ref', async () => {
    const outside = join(scratch, 'plain');
    mkdirSync(join(outside, 's'), { recursive: true });
    writeFileSync(join(outside, 's', 'SKILL.md'), skill('s'));
    const r = await run(['validate', '.', '--changed', '--json'], outside);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.message).toMatch(/--changed works in a git repository/);
    expect((await run(['validate', 'skills', '--changed=no-such-ref'])).stderr).toContain(
      "'no-such-ref' is not a commit",
    );
  });
});
