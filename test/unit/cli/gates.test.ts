/**
 * The CI gate of validate: --fail-on, --max-warnings, and the config file's
 * profile, per-rule severities and gate, with file:line errors for a bad one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gate } from '../../../src/report/index.js';
import { _reportTree } from './report/_tree.js';

const t = _reportTree();
afterAll(() => t.cleanup());

const json = async (
  args: string[],
): Promise<{
  code: number;
  doc: {
    summary: { errors: number; warnings: number; valid: number };
    skills: { dir: string; valid: boolean; diagnostics: { code: string; severity: string }[] }[];
  };
  stderr: string;
}> => {
  const r = await t.run([...args, '--json']);
  return { code: r.code, doc: JSON.parse(r.stdout), stderr: r.stderr };
};

describe('gate', () => {
  const w = { code: 'x.y', severity: 'warning' as const, message: '', file: 'f', line: 0, column: 0, hint: '' };
  it('fails on errors; on warnings only when asked; on more warnings than allowed', () => {
    expect(gate([w], { failOn: 'error' }).passed).toBe(true);
    expect(gate([w], { failOn: 'warning' }).reasons).toEqual(['1 warning (--fail-on warning)']);
    expect(gate([w, w], { failOn: 'error', maxWarnings: 1 }).passed).toBe(false);
    expect(gate([w], { failOn: 'error', maxWarnings: 1 }).passed).toBe(true);
    expect(gate([{ ...w, severity: 'error' }], { failOn: 'error', maxWarnings: 9 }).reasons).toEqual(['1 error']);
  });
});

describe('validate gates', () => {
  it('passes warnings by default, fails them with --fail-on warning or --max-warnings', async () => {
    expect((await t.run(['validate', 'skills/ok', 'skills/team a'])).code).toBe(0);
    expect((await t.run(['validate', 'skills/ok', 'skills/team a', '--fail-on', 'warning'])).code).toBe(1);
    expect((await t.run(['validate', 'skills/ok', 'skills/team a', '--max-warnings', '0'])).code).toBe(1);
    expect((await t.run(['validate', 'skills/ok', 'skills/team a', '--max-warnings', '1'])).code).toBe(0);
    const failed = await t.run(['validate', 'skills/team a', '--max-warnings', '0']);
    expect(failed.stderr).toContain('failed: 1 warnings, more than --max-warnings 0');
  });

  it('rejects a bad gate value with a usage error naming the flag', async () => {
    expect((await t.run(['validate', 'skills', '--fail-on', 'info'])).stderr).toContain(
      '--fail-on must be error or warning',
    );
    expect((await t.run(['validate', 'skills', '--max-warnings', 'x'])).code).toBe(2);
    expect((await t.run(['validate', 'skills', '--format', 'sarf'])).stderr).toContain("did you mean 'sarif'?");
  });
});

describe('validate and skillgraph.config.yaml', () => {
  it('turns a rule off, down or up, and recounts validity', async () => {
    t.write('cfg/off.yaml', 'rules:\n  yaml.invalid: warning\n  field.unknown: error\n');
    const { code, doc } = await json(['validate', 'skills/broken', 'skills/team a', '--config', 'cfg/off.yaml']);
    expect(code).toBe(1);
    const byDir = new Map(doc.skills.map((s) => [s.dir, s]));
    expect(byDir.get('skills/broken')).toMatchObject({
      valid: true,
      diagnostics: [{ code: 'yaml.invalid', severity: 'warning' }],
    });
    expect(byDir.get('skills/team a/odd')).toMatchObject({
      valid: false,
      diagnostics: [{ code: 'field.unknown', severity: 'error' }],
    });
    expect(doc.summary).toMatchObject({ errors: 1, warnings: 1, valid: 1 });
    t.write('cfg/quiet.yaml', 'rules:\n  field.unknown: off\n');
    const quiet = await json(['validate', 'skills/team a', '--config', 'cfg/quiet.yaml']);
    expect(quiet.doc.skills[0]!.diagnostics).toEqual([]);
    expect(quiet.doc.summary.warnings).toBe(0);
  });

  it('takes the gate and the profile from the nearest config file', async () => {
    t.write('skillgraph.config.yaml', 'fail-on: warning\n');
    try {
      expect((await t.run(['validate', 'skills/team a'])).code).toBe(1);
      // The flag wins over the file.
      expect((await t.run(['validate', 'skills/team a', '--fail-on', 'error'])).code).toBe(0);
      t.write('skillgraph.config.yaml', 'profile: spec\n');
      expect((await t.run(['validate', 'skills/ok'])).stderr).toContain('(profile spec)');
      expect((await t.run(['validate', 'skills/ok', '--profile', 'lenient'])).stderr).toContain('(profile lenient)');
    } finally {
      t.write('skillgraph.config.yaml', '');
    }
  });

  it('points config errors at their line and column', async () => {
    t.write('cfg/typo.yaml', '# rules for CI\nrules:\n  field.unknown: error\n  name.chrset: off\n');
    const typo = await t.run(['validate', 'skills', '--config', 'cfg/typo.yaml']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/cfg\/typo\.yaml:4:3: unknown rule 'name\.chrset'; did you mean 'name\.charset'\?/);
    t.write('cfg/level.yaml', 'rules:\n  field.unknown: loud\n');
    expect((await t.run(['validate', 'skills', '--config', 'cfg/level.yaml'])).stderr).toMatch(
      /cfg\/level\.yaml:2:18: rules\.field\.unknown/,
    );
    t.write('cfg/gate.yaml', 'depth: 2\nmax-warnings: -1\n');
    expect((await t.run(['validate', 'skills', '--config', 'cfg/gate.yaml'])).stderr).toMatch(
      /cfg\/gate\.yaml:2:15: max-warnings/,
    );
    t.write('cfg/profile.yaml', '\n\nprofile: claude\n');
    expect((await t.run(['validate', 'skills', '--config', 'cfg/profile.yaml'])).stderr).toMatch(
      /cfg\/profile\.yaml:3:1: profile must be one of .*did you mean 'claude-code'\?/,
    );
  });

  it('validates the config roots when no PATH is given', async () => {
    t.write('cfg/roots.yaml', 'roots:\n  - ../skills/ok\n  - ../skills/team a\n');
    const r = await json(['validate', '--config', 'cfg/roots.yaml']);
    expect(r.doc.skills.map((s) => s.dir)).toEqual(['skills/ok', 'skills/team a/odd']);
    t.write('cfg/none.yaml', 'depth: 3\n');
    expect((await t.run(['validate', '--config', 'cfg/none.yaml'])).stderr).toContain('missing PATH');
  });
});
