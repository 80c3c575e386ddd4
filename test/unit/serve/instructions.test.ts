import { describe, expect, it } from 'vitest';
import { serverInstructions } from '../../../src/serve/server.js';
import { countTokens } from '../../../src/model/tokens.js';
import { _catalog, _pkg } from '../context/_fixtures.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('serve instructions under a budget', () => {
  const catalog = _catalog(
    Array.from({ length: 30 }, (_, i) => _pkg({ name: `skill-${i}`, description: `Does task ${i}. `.repeat(10) })),
  );

  it('without a listing are the fixed text', () => {
    expect(serverInstructions(catalog, undefined)).not.toContain('skill://');
  });

  it('with a budget hold the listing by URI, fit whole, and point to search_skills for the rest', () => {
    for (const budget of ['1500t', 2500, 4000]) {
      const text = serverInstructions(catalog, { budget });
      // A token budget counts o200k tokens; a plain one UTF-8 bytes.
      if (typeof budget === 'number') expect(bytes(text)).toBeLessThanOrEqual(budget);
      else expect(countTokens(text)).toBeLessThanOrEqual(1500);
      expect(text).toContain('(file: skill://');
      expect(text).toMatch(/\d+ skills omitted/);
      expect(text).toContain('`search_skills`');
    }
  });

  it('refuse a budget the guidance alone overflows', () => {
    expect(() => serverInstructions(catalog, { budget: 500 })).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ field: 'budget' }) }),
    );
  });
});
