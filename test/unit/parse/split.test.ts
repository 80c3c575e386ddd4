/**
 * The line-fenced split against a plain model that cuts the text into lines
 * first: equal on random texts of fences, line ends, blanks and BOMs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter, type SplitResult } from '../../../src/parse/split.js';

/** The split spelled out line by line: the rules as the module doc states them. */
function _model(input: string): SplitResult {
  const bom = input.startsWith('\uFEFF');
  const text = bom ? input.slice(1) : input;
  const crlf = text.includes('\r\n');
  const lines = text.split('\n');
  const bare = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);
  const fence = (line: string): boolean => /^---[ \t]*$/.test(bare(line));
  if (!fence(lines[0]!)) return { kind: 'missing', bom, crlf, text };
  for (let i = 1; i < lines.length; i++) {
    if (!fence(lines[i]!)) continue;
    const yaml = lines.slice(1, i).map(bare);
    return {
      kind: 'ok',
      yamlText: yaml.length === 0 ? '' : `${yaml.join('\n')}\n`,
      yamlLine: 2,
      closeLine: i + 1,
      body: lines.slice(i + 1).join('\n'),
      bodyLine: i + 2,
      bom,
      crlf,
    };
  }
  return { kind: 'unterminated', bom, crlf, text };
}

describe('splitFrontmatter', () => {
  it('equals the line-by-line model on random texts', () => {
    const piece = fc.constantFrom(
      '---',
      '--',
      '-',
      '\n',
      '\r',
      '\r\n',
      ' ',
      '\t',
      'a',
      'name: x',
      '\uFEFF',
      '----',
      '--- ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(splitFrontmatter(text)).toEqual(_model(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the body as written and folds CRLF in the YAML only', () => {
    const r = splitFrontmatter('---\r\nname: a\r\n---\r\nBody\r\n');
    expect(r).toMatchObject({
      kind: 'ok',
      yamlText: 'name: a\n',
      body: 'Body\r\n',
      closeLine: 3,
      bodyLine: 4,
      crlf: true,
    });
  });
});
