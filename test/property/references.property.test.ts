/**
 * The reference scan only cuts out lines where a cursor stops; on any text it finds what searching every
 * line finds (test/property/_line-scan.ts), in the same order and at the same places; `findOutboundLinks` the links of it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOutboundLinks, findReferences } from '../../src/routing/index.js';
import { _lineScan } from './_line-scan.js';

// Markdown around references: fences (indented too), links, sigils, "the … skill" in any case, odd spaces.
const _piece = fc.constantFrom(
  '\n',
  '\r\n',
  ' ',
  '    ',
  '\t',
  '\u00a0',
  '\u3000',
  '```',
  '~~~',
  '`',
  '*',
  '"',
  "'",
  '_',
  '(',
  '[x]',
  '[x]:',
  '](',
  ')',
  ']:',
  '/',
  '$',
  ':',
  '-',
  '.',
  'the',
  'The',
  'THE',
  'bathe',
  'skill',
  'Skill',
  'sKILL',
  'skills',
  'skill_',
  'k',
  'K',
  '\u017fkill',
  'pdf',
  'pdf-forms',
  'Ab-Cd',
  '9',
  '../ship-it/',
  '../a-b/SKILL.md',
  'https://x.io/a-b',
  '.md',
  'the pdf-forms skill',
  'the `a-b` skill',
  "**the 'x-y' skill**",
  '`pdf`  SKILL',
  '$pdf',
  'ns:a-b',
  '/a-b/c',
  '(/a-b)',
  '[a](../b-c/x.md "t")',
  '](%2e%2e/a-b/)',
  '](.%2E/x)',
  '](references/x.md)',
);

describe('findReferences', () => {
  it('finds what a scan of every line finds', () => {
    fc.assert(
      fc.property(fc.array(_piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const all = _lineScan(text);
        expect(findReferences(text)).toEqual(all);
        expect(findOutboundLinks(text)).toEqual(all.filter((r) => r.kind === 'link' && /\.\.|%2e/i.test(r.target)));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds what a scan of every line finds in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(findReferences(text)).toEqual(_lineScan(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the links of a line in column order when a definition holds an inline link', () => {
    const text = '[x]:[a](../b-c/x.md "t")';
    expect(findOutboundLinks(text).map((r) => `${r.column} ${r.target}`)).toEqual([
      '5 [a](../b-c/x.md',
      '9 ../b-c/x.md',
    ]);
    expect(findReferences(text)).toEqual(_lineScan(text));
  });

  it('skips lines longer than the limit but still sees the fences after them', () => {
    const text = `${'x '.repeat(9000)}/ship-it\n\`\`\`\n/lint-fix\n\`\`\`\n$deploy`;
    expect(findReferences(text).map((r) => `${r.line}:${r.column} ${r.text}`)).toEqual(['5:1 $deploy']);
    expect(findReferences(text)).toEqual(_lineScan(text));
  });
});
