/** `skillgraph init` on three layouts: the config it writes, that it loads, and that it never overwrites. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ConfigFileSchema, loadConfig } from '../../../src/discover/config.js';
import { catalogRequest } from '../../../src/cli/catalog-flags.js';
import { main } from '../../../src/cli/main.js';
import { WALK_SETTINGS } from '../../../src/cli/verbs/init.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function project(folders: readonly string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-init-'));
  for (const f of folders) {
    mkdirSync(join(dir, f, 'deploy'), { recursive: true });
    writeFileSync(
      join(dir, f, 'deploy', 'SKILL.md'),
      '---\nname: deploy\ndescription: Deploys. Use when shipping.\n---\n',
    );
  }
  return dir;
}

async function run(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: { HOME: join(dir, 'home') },
  });
  return { code, stdout, stderr };
}

const config = (): string => readFileSync(join(dir, 'skillgraph.config.yaml'), 'utf8');

describe('skillgraph init', () => {
  it('a shared-install layout (.agents/skills and .claude/skills): both are roots', async () => {
    project(['.agents/skills', '.claude/skills']);
    const r = await run(['init', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      file: 'skillgraph.config.yaml',
      written: true,
      roots: ['.agents/skills', '.claude/skills'],
      agents: ['agents', 'claude'],
      profile: 'skillgraph',
    });
    expect(parseYaml(config())).toMatchObject({
      roots: ['.agents/skills', '.claude/skills'],
      profile: 'skillgraph',
      'fail-on': 'error',
    });
    const loaded = loadConfig(join(dir, 'skillgraph.config.yaml'), { cwd: dir, home: join(dir, 'home'), env: {} });
    expect(loaded.roots.map((r) => r.path)).toEqual([join(dir, '.agents/skills'), join(dir, '.claude/skills')]);
    // The config it wrote drives validate with no PATH.
    const v = await run(['validate', '--json']);
    expect(v.code).toBe(0);
    expect((JSON.parse(v.stdout) as { summary: { skills: number } }).summary.skills).toBe(2);
  });

  it('a Claude Code project (.claude/skills only): the claude-code profile', async () => {
    project(['.claude/skills']);
    expect((await run(['init'])).stdout).toBe(
      'Wrote skillgraph.config.yaml: roots .claude/skills, profile claude-code.\n',
    );
    expect(parseYaml(config())).toMatchObject({ roots: ['.claude/skills'], profile: 'claude-code' });
  });

  it('a plain skills/ folder, and an empty project (skills/ suggested); every line but the settings is a comment', async () => {
    project(['skills']);
    await run(['init']);
    expect(parseYaml(config())).toMatchObject({ roots: ['skills'] });
    rmSync(dir, { recursive: true, force: true });
    project([]);
    const r = await run(['init']);
    expect(r.stdout).toContain('(none found yet)');
    expect(config()).toContain('No skill folder was found');
    for (const line of config()
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#')))
      expect(line).toMatch(/^(\w[\w-]*:.*|  [-\w].*)$/);
  });

  it('refuses to overwrite an existing config (exit 2) and leaves it as it was', async () => {
    project(['skills']);
    writeFileSync(join(dir, 'skillgraph.config.yaml'), 'depth: 2\n');
    const r = await run(['init']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already exists; not overwritten');
    expect(config()).toBe('depth: 2\n');
  });

  it('writes into a folder given, and refuses a path that is not one', async () => {
    project([]);
    mkdirSync(join(dir, 'sub', '.codex', 'skills'), { recursive: true });
    expect((await run(['init', 'sub'])).stdout).toBe(
      'Wrote sub/skillgraph.config.yaml: roots .codex/skills, profile codex.\n',
    );
    expect((await run(['init', 'missing'])).code).toBe(2);
  });

  it("states today's defaults: uncommented, they give the run that no setting gives", async () => {
    project(['skills']);
    await run(['init']);
    const text = config();
    expect(text).not.toMatch(/depth: 4\b|max-dirs: 2000\b/);
    const settings = WALK_SETTINGS.map((w) => `${w.key}: ${String(w.value)}`);
    for (const line of settings) expect(text).toContain(`# ${line}\n`);
    const io = {
      stdout: { write: () => true },
      stderr: { write: () => true },
      cwd: dir,
      env: { HOME: join(dir, 'home') },
    };
    const walk = (): Record<string, unknown> => {
      const { load } = catalogRequest({ 'no-cache': true }, io, 'catalog');
      return { depth: load.depth, maxDirs: load.maxDirs, followSymlinks: load.followSymlinks, nested: load.nested };
    };
    const without = walk();
    writeFileSync(
      join(dir, 'skillgraph.config.yaml'),
      text.replace(/^# ((?:depth|max-dirs|follow-symlinks|nested): .*)$/gm, '$1'),
    );
    expect(parseYaml(config())).toMatchObject(Object.fromEntries(WALK_SETTINGS.map((w) => [w.key, w.value])));
    expect(walk()).toEqual(without);
  });

  it('names every setting a config file may hold', async () => {
    project(['skills']);
    await run(['init']);
    const keys = Object.keys((ConfigFileSchema() as unknown as { shape: Record<string, unknown> }).shape);
    for (const key of keys) expect(config(), key).toMatch(new RegExp(`^(# )?${key}:`, 'm'));
  });
});
