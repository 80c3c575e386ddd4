import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredNeedles, holds, needleGroup, needlesIn, needlesOf } from '../../../src/audit/needles.js';

const words = (re: RegExp): string[][] => needlesOf(re).map((s) => s.map((n) => n.word));

describe('needlesOf', () => {
  it('spells out alternatives and optional groups, each with its literal runs', () => {
    expect(words(/\.(?:bash_|z)?profile\b/)).toEqual([['.profile'], ['.bash_profile'], ['.zprofile']]);
    expect(words(/curl\s{1,4}-d\b/)).toEqual([['curl', '-d']]);
    expect(words(/[Cc]ookie|\$\(/)).toEqual([['cookie'], ['cookie'], ['$(']]);
  });

  it('reads \\b and a lookbehind that excludes word characters as boundaries', () => {
    const [[rm]] = needlesOf(/(?<![-\w])rm\s{1,4}-r/) as [[{ word: string; start: boolean; end: boolean }]];
    expect(rm).toEqual({ word: 'rm', start: true, end: false });
    expect(needlesOf(/\bnc\b/)).toEqual([[{ word: 'nc', start: true, end: true }]]);
  });

  it('reads no literal into an escape', () => {
    expect(words(/a\x41b\u{1F600}c\p{L}d/u)).toEqual([['a', 'b', 'c', 'd']]);
    expect(words(new RegExp(String.raw`(x)\12y`))).toEqual([['x', 'y']]);
  });

  it('keeps a family on for a spelling with no literal, and for `iu` patterns', () => {
    expect(needlesOf(/\w+\s\d/)).toEqual([[]]);
    expect(needlesOf(/secret/iu)).toEqual([[]]);
  });
});

describe('needlesIn', () => {
  const patterns = [
    /\bcurl\b[^\n]{0,40}\|\s{0,4}(?:ba|z)?sh\b/i,
    /(?<![-\w])rm\s{1,4}-\w{0,3}r/,
    /\.(?:ssh|aws)\/(?:id_\w+|credentials)\b/,
    /ignore\s+(?:all\s+)?previous/i,
    /[Cc]ookie|\$\(\s{0,2}whoami\)/,
  ];
  const group = needleGroup(patterns);

  it('never leaves out a family one of whose patterns matches', () => {
    const text = fc.string({
      unit: fc.constantFrom(
        'curl',
        'CURL',
        ' | ',
        '|',
        'sh',
        'bash',
        ' ',
        '\n',
        'rm',
        '-rf',
        '-r',
        '.ssh/',
        '.aws/',
        'id_rsa',
        'credentials',
        'ignore',
        'IGNORE',
        'all ',
        'previous',
        'Cookie',
        '$(',
        'whoami)',
        'x',
        '-',
        '_',
        'é',
      ),
      maxLength: 24,
    });
    fc.assert(
      fc.property(text, (t) => {
        if (patterns.some((re) => re.test(t))) expect(holds(needlesIn(t), group)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('says no for text none of the needles are in', () => {
    expect(holds(needlesIn('Review the chart, then format the report.'), group)).toBe(false);
    expect(holds(needlesIn('terraform apply'), group)).toBe(false);
    expect(holds(needlesIn('sudo rm -rf /'), group)).toBe(true);
  });

  it('keeps a family with a pattern of no literal on for any text', () => {
    const open = needleGroup([/\w+\s\d/, /never-here/]);
    expect(holds(needlesIn(''), open)).toBe(true);
  });

  it('lists its families with their patterns', () => {
    expect(declaredNeedles().families.some((f) => f.bit === group.bit && f.patterns === patterns)).toBe(true);
  });
});
