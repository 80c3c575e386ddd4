/**
 * Negative triggers are cut by one pattern; a cheap look for its first words decides whether it runs at all.
 * On any text the result is what the pattern alone gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutNegativeTriggers } from '../../src/routing/index.js';

// The pattern as src/routing/terms.ts writes it, run on every text.
const _CLAUSE = new RegExp(
  String.raw`\b(?:not|never|except|excluding|instead of|rather than|` +
    String.raw`(?:for|with) [^.;:!?()\n]{1,80}?,? (?:see|use|try) (?:the )?)\b[^.;:!?()\n\u2014\u2013]*`,
  'gi',
);

const _piece = fc.constantFrom(
  ' ',
  '.',
  ',',
  '\n',
  'not',
  'NOT',
  'Never',
  'except',
  'excluding',
  'instead of',
  'Rather Than',
  'for',
  'FOR',
  'with',
  'see',
  'use',
  'Try',
  'the',
  'pdf forms',
  'signup',
  'for signup, try the',
  'With a form see',
  'for x use y',
  '\u0130',
  '\u017f',
);

describe('withoutNegativeTriggers', () => {
  it('cuts what the pattern cuts, on any text', () => {
    fc.assert(
      fc.property(fc.array(_piece, { maxLength: 30 }), fc.string(), (pieces, other) => {
        for (const text of [pieces.join(''), other])
          expect(withoutNegativeTriggers(text)).toBe(text.replace(_CLAUSE, ' '));
      }),
      { numRuns: 3000 },
    );
  });
});
