/**
 * A `--root` typed on the command line that does not exist is named, as a warning beside a root
 * that exists and as an error (exit 1) when no given root exists; config and preset roots may
 * be missing without a word but a note.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner } from './_cli.js';

const dir = mkdtempSync(join(tmpdir(), 'skillgraph-given-roots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = cliRunner(dir);
mkdirSync(join(dir, 'skills', 'a'), { recursive: true });
writeFileSync(join(dir, 'skills', 'a', 'SKILL.md'), '---\nname: a\ndescription: Does a. Use when a.\n---\nBody.\n');

interface Doc {
  diagnostics: { code: string; severity: string; file: string; hint: string }[];
}

describe('a --root that does not exist', () => {
  it('alone: named on stderr, an error in the JSON, exit 1', async () => {
    const text = await run(['catalog', '--root', './no-such-dir', '--no-cache'], dir);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('No skills found.\n');
    expect(text.stderr).toMatch(/error no-such-dir discover\.root-missing .*no-such-dir/);
    const json = await run(['catalog', '--root', './no-such-dir', '--no-cache', '--json'], dir);
    expect(json.code).toBe(1);
    const found = (JSON.parse(json.stdout) as Doc).diagnostics.filter((d) => d.code === 'discover.root-missing');
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: join(dir, 'no-such-dir'),
        hint: expect.stringContaining('--root ./no-such-dir'),
      }),
    ]);
    expect((await run(['list', '--root', './no-such-dir', '--no-cache'], dir)).code).toBe(1);
  });

  it('beside one that exists: a warning naming it, exit 0', async () => {
    const r = await run(['catalog', '--root', './no-such-dir', '--root', 'skills', '--no-cache'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning no-such-dir discover\.root-missing/);
    expect(r.stdout).toContain(' a ');
  });

  it('from a config file: still a note only, exit 0', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, 'skills', 'b'), { recursive: true });
    writeFileSync(
      join(project, 'skills', 'b', 'SKILL.md'),
      '---\nname: b\ndescription: Does b. Use when b.\n---\nBody.\n',
    );
    writeFileSync(join(project, 'skillgraph.config.yaml'), 'roots:\n  - skills\n  - not-yet\n');
    const r = await run(['catalog', '--no-cache', '--json'], project);
    expect(r.code).toBe(0);
    const missing = (JSON.parse(r.stdout) as Doc).diagnostics.filter((d) => d.code === 'discover.root-missing');
    expect(missing.map((d) => d.severity)).toEqual(['info']);
  });
});
