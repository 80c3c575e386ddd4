import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanBody } from '../../../src/parse/lint.js';

const markedLines = (text: string) => scanBody(text).marked;
const countLines = (text: string) => scanBody(text).lines;

// The model the link lint used to walk: every line of `text.split('\n')`, kept when it holds a mark.
const MARKS = ['```', '~~~', '](', ']:'];
const model = (text: string) =>
  text
    .split('\n')
    .map((line, index) => ({ text: line, index }))
    .filter((l) => MARKS.some((m) => l.text.includes(m)));
const modelCount = (text: string) => (text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length);

// Texts made of the characters that matter: marks, their halves, newlines, CR and filler.
const piece = fc.constantFrom(
  '```',
  '~~~',
  '](',
  ']:',
  ']',
  '(',
  ':',
  '`',
  '``',
  '~',
  '~~',
  '\n',
  '\r\n',
  '\n\n',
  ' ',
  'a',
  '[x](references/a.md)',
  '[r]: scripts/b.py',
);
const texts = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

describe('scanBody: the marked lines', () => {
  it('gives the lines of split("\\n") that hold a mark, with their indexes', () => {
    expect([...markedLines('intro\nsee [a](references/a.md)\n\n```\ncode ]: x\n```\nend')]).toEqual([
      { text: 'see [a](references/a.md)', index: 1 },
      { text: '```', index: 3 },
      { text: 'code ]: x', index: 4 },
      { text: '```', index: 5 },
    ]);
    expect([...markedLines('no marks\nat all\n')]).toEqual([]);
    expect([...markedLines('](')]).toEqual([{ text: '](', index: 0 }]);
    expect([...markedLines('a ]( b ]: c ``` d\n~~~')]).toEqual([
      { text: 'a ]( b ]: c ``` d', index: 0 },
      { text: '~~~', index: 1 },
    ]);
  });
  it('equals the split-and-filter model on random texts', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect([...markedLines(text)]).toEqual(model(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scanBody: the line count', () => {
  it('counts a final newline as the end of the last line', () => {
    expect(countLines('')).toBe(1);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('\n\n')).toBe(2);
  });
  it('equals the split model on random texts', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(countLines(text)).toBe(modelCount(text));
      }),
      { numRuns: 2000 },
    );
  });
});
