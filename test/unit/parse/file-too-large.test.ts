import { describe, expect, it } from 'vitest';
import { fileTooLargeDiagnostic } from '../../../src/parse/messages.js';
import { PROFILES, PROFILE_NAMES, parseSkill } from '../../../src/parse/index.js';

describe('fileTooLargeDiagnostic (the engine and validate skip oversized files unread)', () => {
  for (const profile of PROFILE_NAMES) {
    it(`says what parseSkill says about an oversized file (profile ${profile})`, () => {
      const unread = fileTooLargeDiagnostic(profile, '/r/a/SKILL.md', 20, 10);
      const level = PROFILES[profile].rules['file.too-large'];
      expect(unread).toMatchObject({
        code: 'file.too-large',
        file: '/r/a/SKILL.md',
        line: 0,
        column: 0,
        severity: level === 'off' ? 'error' : level,
      });
      const parsed = parseSkill('x'.repeat(20), { locator: '/r/a/SKILL.md', profile, maxFileBytes: 10 });
      expect(parsed.package).toBeUndefined();
      const found = parsed.diagnostics.find((d) => d.code === 'file.too-large');
      if (level !== 'off') expect(found).toEqual(unread);
    });
  }
});
