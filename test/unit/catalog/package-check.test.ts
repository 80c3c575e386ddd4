/**
 * `buildCatalog` on hand-built packages: a name the parser refuses in every
 * profile, or an empty description, is a `skill.invalid` SkillgraphError; two
 * packages of one name under `strict` are a conflict error, one file or two.
 * The engine's trusted packages skip the check, which holds because the
 * profile table keeps those rules errors everywhere (asserted here).
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/index.js';
import type { SkillPackage } from '../../../src/model/package.js';
import { PROFILES, PROFILE_NAMES } from '../../../src/parse/index.js';
import { _pkg } from './_pkg.js';

const refused = (pkg: SkillPackage, field: string, problem: RegExp | string): void => {
  expect(() => buildCatalog([_pkg({ name: 'fine' }), pkg])).toThrow(
    expect.objectContaining({
      name: 'SkillgraphError',
      code: 'skill.invalid',
      details: expect.objectContaining({ field, problem: expect.stringMatching(problem) }),
    }),
  );
};

describe('buildCatalog: hand-built packages', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['../evil', /separator/],
    ['a/b', /separator/],
    ['a\\b', /separator/],
    ['..', /dot/],
    ['．．', /dot/],
    ['bad\u001b[31m', /control/],
    ['rtl\u202eexe', /control/],
    [' padded', 'not trimmed'],
  ])('refuses the name %j (%s)', (name, problem) => {
    refused(_pkg({ name, locator: '/p/x/SKILL.md' }), 'name', problem);
  });

  it('refuses a name that is not text, naming the file', () => {
    const pkg = _pkg({ name: 'x' });
    const bad = { ...pkg, descriptor: { ...pkg.descriptor, name: 42 as unknown as string } };
    expect(() => buildCatalog([bad])).toThrow(
      expect.objectContaining({
        code: 'skill.invalid',
        details: { field: 'name', problem: 'not text', file: '/project/x/SKILL.md' },
      }),
    );
  });

  it.each(['', '  \n '])('refuses the description %j', (description) => {
    refused(_pkg({ name: 'quiet', description }), 'description', 'empty');
  });

  it('accepts what some profile of the parser accepts: upper case, long names, other scripts', () => {
    const c = buildCatalog([_pkg({ name: 'My-Skill' }), _pkg({ name: 'x'.repeat(80) }), _pkg({ name: 'データ' })]);
    expect(c.skills).toHaveLength(3);
  });

  it('refuses the same name twice under strict, from two files or one', () => {
    const twice = [
      _pkg({ name: 'dup', locator: '/a/dup/SKILL.md' }),
      _pkg({ name: 'dup', locator: '/b/dup/SKILL.md' }),
    ];
    expect(() => buildCatalog(twice, { strict: true })).toThrow(
      expect.objectContaining({
        code: 'catalog.duplicate-name',
        details: { name: 'dup', files: ['/a/dup/SKILL.md', '/b/dup/SKILL.md'] },
      }),
    );
    expect(() =>
      buildCatalog([_pkg({ name: 'dup', body: '1' }), _pkg({ name: 'dup', body: '2' })], { strict: true }),
    ).toThrow(expect.objectContaining({ code: 'catalog.duplicate-name' }));
    // Without strict one wins and the other is a visible conflict.
    expect(buildCatalog(twice).conflicts).toHaveLength(1);
  });

  it("leaves the engine's own packages to the parser's guarantee: those rules are errors in every profile (or filled in)", () => {
    for (const profile of PROFILE_NAMES) {
      for (const code of ['name.missing', 'name.path-segment', 'description.missing'] as const) {
        // claude-code and lenient take a missing name from the folder, which passes the same path-segment check.
        if (code === 'name.missing' && PROFILES[profile].features.nameFromDirectory) continue;
        // openai-agents gives a missing description the SDK's text, so no package has an empty one.
        if (code === 'description.missing' && PROFILES[profile].features.descriptionFallback) continue;
        expect(PROFILES[profile].rules[code], `${profile} ${code}`).toBe('error');
      }
    }
  });
});
