/**
 * A SKILL.md saved with CR-only line endings has no `---` line at all; the
 * finding must say so (the old message claimed the file did not start with
 * `---`, which it visibly does).
 */
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/index.js';

const parse = (text: string) =>
  parseSkill(new TextEncoder().encode(text), { locator: '/skills/a/SKILL.md', dirName: 'a' });

describe('CR-only line endings', () => {
  it('are named in the frontmatter.missing message, with or without a BOM', () => {
    for (const text of ['---\rname: a\rdescription: Use when\r---\rbody\r', '\uFEFF---\rname: a\r---\r']) {
      const missing = parse(text).diagnostics.find((d) => d.code === 'frontmatter.missing');
      expect(missing?.message).toMatch(/CR-only/);
    }
  });

  it('leave other missing-frontmatter messages alone', () => {
    expect(parse('hello\rworld').diagnostics.find((d) => d.code === 'frontmatter.missing')?.message).not.toMatch(
      /CR-only/,
    );
  });
});
