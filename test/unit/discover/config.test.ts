import { afterEach, describe, expect, it } from 'vitest';
import { findConfigFile, loadConfig, parseConfig } from '../../../src/discover/index.js';
import { isSkillgraphError, type SkillgraphError } from '../../../src/model/errors.js';
import { _tree, type Tree } from './_tree.js';

let t: Tree | undefined;
afterEach(() => t?.cleanup());

const ctx = { cwd: '/work/proj', home: '/home/me', env: {} };
const FILE = '/work/proj/skillgraph.config.yaml';

function configError(text: string): SkillgraphError {
  try {
    parseConfig(text, FILE, ctx);
  } catch (error) {
    if (isSkillgraphError(error)) return error;
    throw error;
  }
  throw new Error('expected a config error');
}

describe('config file', () => {
  it('reads roots (object and CLI forms), presets and options; paths relative to the file, ~ to home', () => {
    const cfg = parseConfig(
      [
        'roots:',
        '  - path: shared',
        '    scope: global',
        '    required: true',
        '  - "~/mine:local:35!"',
        'presets: [claude]',
        'depth: 6',
        'max-dirs: 50',
        'follow-symlinks: true',
        'nested: true',
        'profile: lenient',
        '',
      ].join('\n'),
      FILE,
      ctx,
    );
    expect(cfg.roots.map((r) => [r.path, r.scope, r.precedence, r.required])).toEqual([
      ['/work/proj/shared', 'global', 10, true],
      ['/home/me/mine', 'local', 35, true],
      ['/work/proj/.claude/skills', 'project', 20, false],
      ['/home/me/.claude/skills', 'global', 10, false],
    ]);
    expect([cfg.depth, cfg.maxDirs, cfg.followSymlinks, cfg.nested, cfg.profile]).toEqual([
      6,
      50,
      true,
      true,
      'lenient',
    ]);
  });

  it('accepts an empty file', () => {
    expect(parseConfig('', FILE, ctx).roots).toEqual([]);
  });

  it('points at the line and column of a wrong type', () => {
    const e = configError('roots: []\ndepth: deep\n');
    expect(e.code).toBe('config.invalid');
    expect(e.details).toMatchObject({ line: 2, column: 8 });
    expect(e.message).toMatch(/skillgraph\.config\.yaml:2:8: depth/);
  });

  it('points at an unknown key', () => {
    const e = configError('depth: 2\n\nfollow_symlinks: true\n');
    expect(e.details).toMatchObject({ line: 3, column: 1 });
    expect(e.message).toMatch(/unknown key 'follow_symlinks'/);
  });

  it('points inside a root entry', () => {
    const e = configError('roots:\n  - path: a\n  - path: b\n    precedence: high\n');
    expect(e.details).toMatchObject({ line: 4, column: 17 });
  });

  it('points at a custom scope without precedence and at an unknown preset', () => {
    expect(configError('roots:\n  - path: a\n    scope: vendor\n').details).toMatchObject({ line: 2, column: 5 });
    expect(configError('presets:\n  - nope\n').message).toMatch(/unknown preset 'nope'/);
  });

  it('reports YAML syntax errors with their position', () => {
    const e = configError('roots:\n  - path: [a\n');
    expect(e.code).toBe('config.invalid');
    expect(e.details.line).toBeGreaterThanOrEqual(2);
  });

  it('is found upward from the working folder', () => {
    t = _tree();
    t.write('skillgraph.config.yaml', 'roots: [skills]\n');
    const deep = t.mkdir('a/b/c');
    const found = findConfigFile(deep);
    expect(found).toBe(t.path('skillgraph.config.yaml'));
    expect(loadConfig(found!, { cwd: deep, home: t.dir, env: {} }).roots[0]!.path).toBe(t.path('skills'));
  });
});
