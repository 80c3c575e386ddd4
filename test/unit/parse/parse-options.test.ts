/** resolveParseOptions: the check of options repeated file after file gives what a first check gives. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_YAML_LIMITS } from '../../../src/parse/index.js';
import { resolveParseOptions, type ParseOptions } from '../../../src/parse/options.js';

describe('resolveParseOptions', () => {
  it('resolves each of a mixed sequence of options as if it were the first', () => {
    const cases: [ParseOptions, Record<string, unknown>][] = [
      [
        { locator: '/a/SKILL.md', dirName: 'a' },
        {
          locator: '/a/SKILL.md',
          dirName: 'a',
          scope: 'project',
          root: '',
          precedence: 20,
          unicode: 'nfkc',
          maxFileBytes: 8 * 1024 * 1024,
        },
      ],
      [
        { locator: '/b/SKILL.md', dirName: 'b' },
        { locator: '/b/SKILL.md', dirName: 'b', scope: 'project', root: '', precedence: 20 },
      ],
      [
        { locator: '/c/SKILL.md', scope: 'global', root: '/g' },
        { locator: '/c/SKILL.md', dirName: undefined, scope: 'global', root: '/g', precedence: 10 },
      ],
      [
        { locator: '/d/SKILL.md', scope: 'global', root: '/g', precedence: 7 },
        { locator: '/d/SKILL.md', scope: 'global', root: '/g', precedence: 7 },
      ],
      [
        { locator: '/e/SKILL.md', profile: 'strict-compat' },
        { locator: '/e/SKILL.md', unicode: 'ascii' },
      ],
      [
        { locator: '/f/SKILL.md', profile: 'strict-compat', unicode: 'nfkc' },
        { locator: '/f/SKILL.md', unicode: 'nfkc' },
      ],
      [
        { locator: '/g/SKILL.md', maxFileBytes: 10 },
        { locator: '/g/SKILL.md', maxFileBytes: 10 },
      ],
      [
        { locator: '/h/SKILL.md' },
        { locator: '/h/SKILL.md', maxFileBytes: 8 * 1024 * 1024, unicode: 'nfkc', scope: 'project' },
      ],
    ];
    for (const [options, expected] of cases) {
      const r = resolveParseOptions(options);
      expect(r, JSON.stringify(options)).toMatchObject(expected);
      expect(r.profile.name).toBe(options.profile ?? 'skillgraph');
      expect(r.limits).toEqual(DEFAULT_YAML_LIMITS);
      // Asked again, the same answer.
      expect(resolveParseOptions(options)).toEqual(r);
    }
  });

  it('checks the locator, the folder name and given limits on every call', () => {
    resolveParseOptions({ locator: '/a/SKILL.md', dirName: 'a' });
    expect(() => resolveParseOptions({ locator: 1 as unknown as string, dirName: 'a' })).toThrow(/locator/);
    expect(() => resolveParseOptions({ locator: '/a/SKILL.md', dirName: 2 as unknown as string })).toThrow(/dirName/);
    const limits = { maxDepth: 3 };
    expect(resolveParseOptions({ locator: '/a/SKILL.md', limits }).limits.maxDepth).toBe(3);
    limits.maxDepth = 0;
    expect(() => resolveParseOptions({ locator: '/a/SKILL.md', limits })).toThrow(/limits\.maxDepth/);
    expect(() => resolveParseOptions({ locator: '/a/SKILL.md', scope: '' })).toThrow(/scope/);
    expect(() => resolveParseOptions({ locator: '/a/SKILL.md', precedence: Number.NaN })).toThrow(/precedence/);
  });
});
