/** The closest known word for a mistyped verb, flag, preset or profile. */
import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean } from '../../../src/model/wording.js';

const VERBS = ['bench', 'catalog', 'check', 'context', 'describe', 'graph', 'list', 'load', 'lock', 'validate'];

describe('closestMatch', () => {
  it('finds a word one or two edits away, swaps included', () => {
    expect(closestMatch('valdate', VERBS)).toBe('validate');
    expect(closestMatch('catlaog', VERBS)).toBe('catalog');
    expect(closestMatch('lsit', VERBS)).toBe('list');
    expect(closestMatch('CHECK', VERBS)).toBe('check');
  });

  it('takes a prefix of three letters or more', () => {
    expect(closestMatch('desc', VERBS)).toBe('describe');
  });

  it('finds nothing for a word far from every candidate, or a very long one', () => {
    expect(closestMatch('frobnicate', VERBS)).toBeUndefined();
    expect(closestMatch('x'.repeat(10_000), VERBS)).toBeUndefined();
  });

  it('reads as a clause to append to a message', () => {
    expect(didYouMean('jsno', ['json', 'help'], '--')).toBe("; did you mean '--json'?");
    expect(didYouMean('zzz', ['json'])).toBe('');
  });
});
