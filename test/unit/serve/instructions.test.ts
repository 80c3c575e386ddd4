import { describe, expect, it } from 'vitest';
import { serverInstructions } from '../../../src/serve/server.js';
import { _catalog, _pkg } from '../context/_fixtures.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('serve instructions under a budget', () => {
  const catalog = _catalog(Array.from({ length: 30 }, (_, i) => _pkg({ name: `skill-${i}`, description: `Does task ${i}. `.repeat(10) })));

  it('without a listing are the fixed text', () => {
    expect(serverInstructions(catalog, undefined)).not.toContain('skill://');
  });

  it('with a budget hold the listing by URI, fit whole, and point to search_skills for the rest', () => {
    for (const budget of ['800t', 2500, 4000]) {
      const text = serverInstructions(catalog, { budget });
      const chars = typeof budget === 'number' ? budget : 3200;
      expect(bytes(text)).toBeLessThanOrEqual(chars);
      expect(text).toContain('(file: skill://');
      expect(text).toMatch(/\d+ skills omitted/);
      expect(text).toContain('`search_skills`');
    }
  });

  it('refuse a budget the guidance alone overflows', () => {
    expect(() => serverInstructions(catalog, { budget: 500 })).toThrow(expect.objectContaining({ details: expect.objectContaining({ field: 'budget' }) }));
  });
});
