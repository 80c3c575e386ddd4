/** resolveParseOptions: each call resolves as if it were the first, whatever the calls before it. */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_YAML_LIMITS } from '../../../src/parse/index.js';
import { PARSE_KEYS, resolveParseOptions, type ParseOptions } from '../../../src/parse/options.js';

/** Two valid values of every option (a new option needs its row): a memo of earlier calls must tell them apart. */
const VALUES: { readonly [K in keyof Required<ParseOptions>]: readonly [ParseOptions[K], ParseOptions[K]] } = {
  locator: ['/a/SKILL.md', '/b/SKILL.md'],
  dirName: ['a', 'b'],
  profile: ['skillgraph', 'strict-compat'],
  unicode: ['nfkc', 'ascii'],
  scope: ['project', 'global'],
  root: ['/r', '/g'],
  precedence: [20, 7],
  maxFileBytes: [1000, 2000],
  limits: [{ maxDepth: 10 }, { maxDepth: 20 }],
};

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

  it('tells apart two calls that differ in any one option, whatever the last call was', async () => {
    expect(Object.keys(VALUES).sort()).toEqual(PARSE_KEYS.list);
    const base = Object.fromEntries(
      Object.entries(VALUES).map(([key, [first]]) => [key, first]),
    ) as unknown as ParseOptions;
    for (const key of PARSE_KEYS.list) {
      for (const omit of [false, true]) {
        // One option changed from the call before, with and without `limits` (an object a caller may change in place).
        const shared = omit ? { ...base, limits: undefined } : base;
        const changed = { ...shared, [key]: VALUES[key as keyof ParseOptions][1] } as ParseOptions;
        vi.resetModules();
        const fresh = await import('../../../src/parse/options.js');
        const expected = fresh.resolveParseOptions(changed);
        resolveParseOptions(shared);
        expect(resolveParseOptions(changed), `${key}${omit ? ' (no limits)' : ''}`).toEqual(expected);
        expect(resolveParseOptions(shared)).toEqual(fresh.resolveParseOptions(shared));
      }
    }
  });
});
