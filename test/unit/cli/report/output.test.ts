/**
 * `--output FORMAT=FILE`: each file holds exactly what `--format FORMAT` prints, written after
 * the run (a usage error leaves none, never an empty SARIF log); a bad spec is a usage error
 * naming it. JUnit test names are unique even when units share a name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../../../src/report/index.js';
import { junitText } from '../../../../src/report/junit.js';
import { _reportTree } from './_tree.js';

const t = _reportTree();
afterAll(() => t.cleanup());

describe('--output FORMAT=FILE', () => {
  it('writes each format as --format prints it, from one run', async () => {
    const r = await t.run([
      'validate',
      'skills',
      '--output',
      'sarif=reports/v.sarif',
      '--output',
      'junit=reports/v.xml',
      '--output',
      'json=v.json',
    ]);
    expect(r.code).toBe(1);
    for (const [format, file] of [
      ['sarif', 'reports/v.sarif'],
      ['junit', 'reports/v.xml'],
      ['json', 'v.json'],
    ] as const) {
      expect(readFileSync(join(t.dir, file), 'utf8')).toBe(
        (await t.run(['validate', 'skills', '--format', format])).stdout,
      );
    }
    const audit = await t.run(['audit', 'skills', '--format', 'github', '--output', 'text=a.txt']);
    expect(readFileSync(join(t.dir, 'a.txt'), 'utf8')).toBe((await t.run(['audit', 'skills'])).stdout);
    expect(audit.stdout).toBe((await t.run(['audit', 'skills', '--format', 'github'])).stdout);
  });

  it('refuses a bad spec, and a run that fails to start writes no file', async () => {
    for (const [spec, said] of [
      ['sarf=x.sarif', "did you mean 'sarif'?"],
      ['sarif', 'needs a file'],
      ['sarif=-', 'stdout takes --format sarif'],
    ]) {
      const r = await t.run(['validate', 'skills', '--output', spec!]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
    }
    expect(
      (await t.run(['validate', 'skills', '--output', 'sarif=a.out', '--output', 'junit=./a.out'])).stderr,
    ).toContain('names ./a.out twice');
    expect((await t.run(['validate', 'skills', '--profile', 'nope', '--output', 'sarif=never.sarif'])).code).toBe(2);
    expect(existsSync(join(t.dir, 'never.sarif'))).toBe(false);
  });
});

describe('JUnit test names', () => {
  it('are unique: a shared name becomes the file path, a shared path gets a number', () => {
    const report = buildReport({
      suite: 'skillgraph catalog',
      root: '/repo',
      findings: [],
      units: [
        { name: 'deploy', file: 'a/deploy/SKILL.md' },
        { name: 'deploy', file: 'b/deploy/SKILL.md' },
        { name: 'review', file: 'c/SKILL.md' },
        { name: 'x', file: 'd/SKILL.md' },
        { name: 'x', file: 'd/SKILL.md' },
      ],
    });
    const names = [...junitText(report).matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(['a/deploy/SKILL.md', 'b/deploy/SKILL.md', 'review', 'd/SKILL.md (1)', 'd/SKILL.md (2)']);
    expect(new Set(names).size).toBe(names.length);
  });
});
