/**
 * Skill descriptions are untrusted: a NUL, an ESC or a lone surrogate must
 * not reach the model raw through the Markdown or JSON listing (the XML block
 * already replaced them). Every format shows U+FFFD instead.
 */
import { describe, expect, it } from 'vitest';
import { foldDescription } from '../../../src/context/index.js';

describe('control characters in descriptions', () => {
  it('foldDescription replaces C0 controls, lone surrogates and U+FFFF with U+FFFD, keeps tab and folds line breaks', () => {
    expect(foldDescription('Use when\u0000 a\u001b[2J b\uD800 c\uFFFF')).toBe('Use when\uFFFD a\uFFFD[2J b\uFFFD c\uFFFD');
    expect(foldDescription('Use when\tx\r\n  y')).toBe('Use when\tx y');
    expect(foldDescription('emoji \uD83D\uDE00 stays')).toBe('emoji \uD83D\uDE00 stays');
  });
});
