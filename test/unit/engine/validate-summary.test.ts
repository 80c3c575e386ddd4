/**
 * `validate` counts honestly: parsed skills (valid, invalid) apart from
 * SKILL.md entries it never parsed (skipped, with the reason), and a PATH
 * holding no SKILL.md at all is an error finding, not "0 checked".
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { validatePath } from '../../../src/tasks/validate-path.js';
import { _tree, type Tree } from '../discover/_tree.js';

let t: Tree | undefined;
afterEach(() => t?.cleanup());

async function cli(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd,
    env: { HOME: join(cwd, 'home'), NO_COLOR: '1' },
  });
  return { code, stdout, stderr };
}

describe('validate summary', () => {
  it('separates parsed skills from entries it did not parse, by reason', () => {
    t = _tree();
    t.skill('r/good');
    t.write('r/bad/SKILL.md', '---\nname: bad\ndescription: [unclosed\n---\n');
    mkdirSync(t.path('r/linked'));
    symlinkSync(t.path('r/good/SKILL.md'), t.path('r/linked/SKILL.md'));
    mkdirSync(t.path('r/pipe'));
    execFileSync('mkfifo', [t.path('r/pipe/SKILL.md')]);
    const r = validatePath(t.path('r'));
    expect(r.summary).toMatchObject({ files: 4, skills: 2, valid: 1, invalid: 1, skipped: 2 });
    // A link to a SKILL.md inside the tree is checked once, at its target, and counted: no warning.
    expect(r.summary.skippedBy).toMatchObject({ linked: 1, symlink: 0, 'not-regular': 1 });
    expect(r.skills.find((s) => s.file === 'linked/SKILL.md')).toMatchObject({
      skipped: 'linked',
      linkTo: 'good/SKILL.md',
      diagnostics: [],
    });
    expect(r.skills.find((s) => s.file === 'pipe/SKILL.md')?.diagnostics.map((d) => d.code)).toEqual([
      'discover.not-regular',
    ]);
  });

  it('a PATH with no SKILL.md is an error finding with its own code, exit 1', async () => {
    t = _tree();
    t.mkdir('empty/sub');
    const r = validatePath(t.path('empty'));
    expect(r.summary.errors).toBe(1);
    expect(r.skills.flatMap((s) => s.diagnostics.map((d) => d.code))).toEqual(['validate.no-skills']);
    const run = await cli(t.dir, ['validate', 'empty', '--json']);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc.summary).toMatchObject({ files: 0, skills: 0, errors: 1 });
    expect(doc.skills[0].diagnostics[0].code).toBe('validate.no-skills');
  });

  it('the human summary names what was not parsed here', async () => {
    t = _tree();
    t.skill('r/good');
    t.skill('outside/far');
    mkdirSync(t.path('r/linked'));
    symlinkSync(t.path('r/good/SKILL.md'), t.path('r/linked/SKILL.md'));
    mkdirSync(t.path('r/away'));
    symlinkSync(t.path('outside/far/SKILL.md'), t.path('r/away/SKILL.md'));
    writeFileSync(t.path('r/note.txt'), 'x');
    const run = await cli(t.dir, ['validate', 'r']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('1 skill checked');
    expect(run.stderr).toContain('2 not parsed here (1 linked, checked at the target, 1 symlinks leaving the tree)');
    expect(run.stdout).toContain('discover.symlink-skipped');
  });

  it('a SKILL.md linked to a file that is not a SKILL.md is checked where the link is, as an agent reads it', () => {
    t = _tree();
    t.write('r/commands/deploy.md', '---\nname: deploy\ndescription: Deploys. Use when shipping.\n---\nSteps.\n');
    mkdirSync(t.path('r/skills/deploy'), { recursive: true });
    symlinkSync('../../commands/deploy.md', t.path('r/skills/deploy/SKILL.md'));
    const r = validatePath(t.path('r'));
    expect(r.skills.map((s) => [s.file, s.name, s.valid])).toEqual([['skills/deploy/SKILL.md', 'deploy', true]]);
    expect(r.summary.warnings).toBe(0);
  });
});
