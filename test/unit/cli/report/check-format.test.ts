/** `check --format`: drift as findings at each skill's SKILL.md, in every report format. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { _reportTree } from './_tree.js';

const t = _reportTree();
afterAll(() => t.cleanup());

describe('check --format', () => {
  it('reports added, changed and removed skills as errors at their SKILL.md', async () => {
    expect((await t.run(['lock', 'skills', '--allow-errors'])).code).toBe(0);
    // The broken skill is recorded as invalid in the lock, and every check reports it until it is fixed.
    const before = await t.run(['check', 'skills', '--format', 'github']);
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(/^::error file=skills\/broken\/SKILL\.md,line=\d+,col=\d+,title=yaml\.invalid::/);
    expect(before.stdout.trim().split('\n')).toHaveLength(1);
    t.write('skills/new/SKILL.md', '---\nname: new\ndescription: New. Use when new.\n---\n');
    writeFileSync(
      join(t.dir, 'skills/ok/SKILL.md'),
      '---\nname: ok\ndescription: Checks more things. Use when asked to check.\n---\nBody\n',
    );
    const gh = await t.run(['check', 'skills', '--format', 'github']);
    expect(gh.code).toBe(1);
    expect(gh.stderr).toBe('');
    expect(gh.stdout).toContain(
      '::error file=skills/new/SKILL.md,title=check.added::new (project) is not in skillgraph.lock.json',
    );
    expect(gh.stdout).toMatch(
      /::error file=skills\/ok\/SKILL\.md,title=check\.changed::ok changed since skillgraph\.lock\.json: digest, tree/,
    );
    const sarif = JSON.parse((await t.run(['check', 'skills', '--format', 'sarif'])).stdout) as {
      runs: { results: { ruleId: string }[]; tool: { driver: { rules: { id: string }[] } } }[];
    };
    expect(sarif.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(
      expect.arrayContaining(['check.added', 'check.changed']),
    );
    const junit = (await t.run(['check', 'skills', '--format', 'junit'])).stdout;
    expect(junit).toMatch(
      /<testcase classname="skillgraph\.check" name="ok" file="skills\/ok\/SKILL\.md">\n\s+<failure type="check\.changed"/,
    );
  });
});

describe('catalog and list --format', () => {
  it("report the catalog's findings at each file, one JUnit case per skill", async () => {
    const gh = await t.run(['catalog', '--root', 'skills', '--format', 'github']);
    expect(gh.code).toBe(1);
    expect(gh.stdout).toMatch(/^::error file=skills\/broken\/SKILL\.md,line=\d+,col=\d+,title=yaml\.invalid::/m);
    expect((await t.run(['list', '--root', 'skills', '--format', 'github'])).stdout).toBe(gh.stdout);
    const junit = (await t.run(['catalog', '--root', 'skills', '--format', 'junit'])).stdout;
    expect(junit).toContain('<testcase classname="skillgraph.catalog" name="skills/ok" file="skills/ok/SKILL.md"/>');
    const sarif = JSON.parse((await t.run(['catalog', '--root', 'skills', '--format', 'sarif'])).stdout) as {
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toContain('yaml.invalid');
  });
});
