import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMatch, joinLines, livePatterns } from '../../../src/audit/scan.js';

const PATTERNS: readonly RegExp[] = [
  /^\s{0,3}rm\b/,
  /curl\s{1,4}-\S{1,4}$/,
  /\bsudo\b/i,
  /a[bc]{1,3}d/,
  /x(?=\s|$)/,
  /(?<!\w)env\b/,
  /\bdig\s{1,4}\S{1,20}\.[a-z]{2,4}\b/i,
];

describe('livePatterns', () => {
  it('never leaves out a pattern that matches one of the lines', () => {
    const line = fc.string({
      unit: fc.constantFrom(
        'a',
        'b',
        'c',
        'd',
        'x',
        ' ',
        '\t',
        'rm',
        'curl',
        '-f',
        'SUDO',
        'env',
        'dig',
        '.io',
        '=',
        '/',
      ),
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const live = new Set(livePatterns(joinLines(lines), PATTERNS));
        for (const re of PATTERNS)
          if (lines.some((l) => firstMatch(l, re) !== undefined)) expect(live.has(re)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('drops what no line can match, keeps lookarounds and every pattern of a short unit', () => {
    const lines = ['echo hi', 'ls -la', 'pwd', 'cd /tmp'];
    expect(livePatterns(joinLines(lines), [/curl/, /\bls\b/, /x(?=y)/])).toEqual([/\bls\b/, /x(?=y)/]);
    expect(livePatterns(joinLines(['echo hi']), [/curl/])).toEqual([/curl/]);
  });
});
