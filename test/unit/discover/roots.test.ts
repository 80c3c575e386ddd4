import { describe, expect, it } from 'vitest';
import { PRESETS, PRESET_NAMES, makeRoot, parseRootSpec, presetRoots } from '../../../src/discover/index.js';
import { AGENT_DOT_DIRS, isSkippedDirName } from '../../../src/discover/paths.js';

describe('roots', () => {
  it('parses PATH[:scope[:precedence]][!]', () => {
    expect(parseRootSpec('skills')).toEqual({ path: 'skills', required: false });
    expect(parseRootSpec('skills:local')).toEqual({ path: 'skills', scope: 'local', required: false });
    expect(parseRootSpec('skills:vendor:25!')).toEqual({
      path: 'skills',
      scope: 'vendor',
      precedence: 25,
      required: true,
    });
    expect(parseRootSpec('a:b/c:global')).toEqual({ path: 'a:b/c', scope: 'global', required: false });
    expect(parseRootSpec('C:\\skills')).toEqual({ path: 'C:\\skills', required: false });
    expect(() => parseRootSpec(':local')).toThrow(/no path/);
  });

  it('gives well-known scopes their default precedence and demands one for custom scopes', () => {
    expect(['global', 'project', 'local'].map((scope) => makeRoot({ path: 'x', scope }, '/r').precedence)).toEqual([
      10, 20, 30,
    ]);
    expect(makeRoot({ path: 'x' }, '/r')).toEqual({ path: '/r/x', scope: 'project', precedence: 20, required: false });
    expect(makeRoot({ path: 'x', scope: 'vendor', precedence: 5 }, '/r').precedence).toBe(5);
    expect(() => makeRoot({ path: 'x', scope: 'vendor' }, '/r')).toThrow(/needs a precedence/);
    expect(() => makeRoot({ path: 'x', scope: 'Bad Scope' }, '/r')).toThrow(/scope/);
  });
});

describe('presets', () => {
  const ctx = { cwd: '/repo', home: '/home/me', env: {} };

  it('covers the agents the design names, as data', () => {
    expect(PRESET_NAMES).toEqual(['agents', 'claude', 'codex', 'copilot', 'cursor', 'gemini', 'opencode', 'windsurf']);
    expect(Object.isFrozen(PRESETS)).toBe(true);
  });

  it('maps a preset to its project folder (project scope) and user folder (global scope)', () => {
    expect(presetRoots(['agents', 'copilot'], ctx).map((r) => [r.path, r.scope])).toEqual([
      ['/repo/.agents/skills', 'project'],
      ['/home/me/.agents/skills', 'global'],
      ['/repo/.github/skills', 'project'],
      ['/home/me/.copilot/skills', 'global'],
    ]);
  });

  it('honours the environment variables agents use for their user folder', () => {
    const env = { CODEX_HOME: '/opt/codex', XDG_CONFIG_HOME: '/cfg' };
    expect(
      presetRoots(['codex', 'opencode'], { ...ctx, env })
        .filter((r) => r.scope === 'global')
        .map((r) => r.path),
    ).toEqual(['/opt/codex/skills', '/cfg/opencode/skills']);
    expect(presetRoots(['codex'], ctx)[1]!.path).toBe('/home/me/.codex/skills');
  });

  it('the walk enters exactly the dot-folders presets name, and no other', () => {
    const firsts = new Set(Object.values(PRESETS).map((p) => p.project.split('/')[0]!));
    expect([...AGENT_DOT_DIRS].sort()).toEqual([...firsts].sort());
    expect(['.claude', '.github'].map(isSkippedDirName)).toEqual([false, false]);
    expect(['.git', '.venv', '.curated', 'node_modules'].map(isSkippedDirName)).toEqual([true, true, true, true]);
  });

  it('rejects an unknown preset listing the known ones', () => {
    expect(() => presetRoots(['vim'], ctx)).toThrow(/known presets: agents, claude/);
  });
});
