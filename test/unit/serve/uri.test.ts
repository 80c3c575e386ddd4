import { describe, expect, it } from 'vitest';
import { fileUri, parseSkillUri, skillPath } from '../../../src/serve/uri.js';

describe('skill:// URIs', () => {
  it('writes winners at skill://<name>/<file> and shadowed copies under a scope prefix', () => {
    expect(fileUri({ name: 'pdf' }, 'SKILL.md')).toBe('skill://pdf/SKILL.md');
    expect(fileUri({ name: 'pdf' }, 'scripts/fill.py')).toBe('skill://pdf/scripts/fill.py');
    expect(fileUri({ name: 'pdf', scope: 'global' }, 'SKILL.md')).toBe('skill://shadowed/global/pdf/SKILL.md');
    expect(fileUri({ name: 'pdf' }, '')).toBe('skill://pdf');
    expect(skillPath({ name: 'pdf', scope: 'local' })).toBe('shadowed/local/pdf');
  });

  it('percent-encodes each segment and reads it back', () => {
    const uri = fileUri({ name: 'pdf' }, 'refs/a b#1.md');
    expect(uri).toBe('skill://pdf/refs/a%20b%231.md');
    const parsed = parseSkillUri(uri);
    expect(parsed.ok && parsed.uri.segments).toEqual(['pdf', 'refs', 'a b#1.md']);
  });

  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['http://pdf/SKILL.md', 'scheme'],
    ['SKILL://pdf/SKILL.md', 'scheme'],
    ['skill://pdf/../x/SKILL.md', 'dot-segment'],
    ['skill://pdf/%2e%2e/x', 'dot-segment'],
    ['skill://pdf/%2E%2E/x', 'dot-segment'],
    ['skill://pdf/./SKILL.md', 'dot-segment'],
    ['skill://pdf/a%2Fb', 'separator'],
    ['skill://pdf/a%5Cb', 'separator'],
    ['skill://pdf\\..\\x', 'separator'],
    ['skill://pdf/a%00', 'separator'],
    ['skill://pdf/%zz', 'encoding'],
    ['skill://pdf//SKILL.md', 'empty-segment'],
    ['skill://pdf/', 'empty-segment'],
    ['skill://', 'empty-segment'],
    ['skill://pdf/SKILL.md?x=1', 'query'],
    ['skill://pdf/SKILL.md#top', 'query'],
  ])('refuses %s (%s)', (uri, reason) => {
    expect(parseSkillUri(uri)).toEqual({ ok: false, reason });
  });
});
