/**
 * Skill text is untrusted: a NUL, an ESC, DEL or a C1 control must not reach
 * the model (or a terminal) raw through any listing. Every format shows them
 * as `\xNN` (the one sanitiser, `escapeControls`); lone surrogates and U+FFFF,
 * which XML cannot hold, become U+FFFD.
 */
import { describe, expect, it } from 'vitest';
import { escapeControls, foldDescription, markdownText } from '../../../src/context/index.js';

const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe('control characters in descriptions', () => {
  it('foldDescription escapes C0 controls, DEL and C1, replaces lone surrogates and U+FFFF, keeps tab and folds line breaks', () => {
    expect(foldDescription('Use when\u0000 a\u001b[2J b\uD800 c\uFFFF')).toBe(
      'Use when\\x00 a\\x1b[2J b\uFFFD c\uFFFD',
    );
    expect(foldDescription('Use when x\u007f y\u0085 z\u009b2J')).toBe('Use when x\\x7f y\\x85 z\\x9b2J');
    expect(foldDescription('Use when\tx\r\n  y')).toBe('Use when\tx y');
    expect(foldDescription('emoji \uD83D\uDE00 stays')).toBe('emoji \uD83D\uDE00 stays');
  });
});

describe('escapeControls, the one sanitiser', () => {
  it('shows every C0 (but tab and line feed), DEL and C1 code as \\xNN, whatever the sequence', () => {
    for (let c = 0; c <= 0x9f; c++) {
      const ch = String.fromCharCode(c);
      const out = escapeControls(`a${ch}b`);
      if (c === 0x09 || c === 0x0a || (c >= 0x20 && c < 0x7f)) expect(out).toBe(`a${ch}b`);
      else expect(out).toBe(`a\\x${c.toString(16).padStart(2, '0')}b`);
    }
    expect(escapeControls('\u001b]0;pwned\u0007 \u001b[32mPASS\u001b[0m')).toBe(
      '\\x1b]0;pwned\\x07 \\x1b[32mPASS\\x1b[0m',
    );
    expect(escapeControls('plain text, ünïcödé, \u00a0')).toBe('plain text, ünïcödé, \u00a0');
    // A CRLF line end stays; a carriage return that would overwrite the line does not.
    expect(escapeControls('line one\r\nline two\rfake')).toBe('line one\r\nline two\\x0dfake');
  });
});

describe('markdownText for names and locations', () => {
  it('escapes Markdown metacharacters and controls, folds line breaks, leaves spec names and plain paths alone', () => {
    expect(markdownText('pdf-tools')).toBe('pdf-tools');
    expect(markdownText('/home/me/my_project/.claude/skills/pdf/SKILL.md')).toBe(
      '/home/me/my_project/.claude/skills/pdf/SKILL.md',
    );
    expect(markdownText('x](http://evil) *b* `c` <!-- _d_')).toBe(
      'x\\]\\(http://evil\\) \\*b\\* \\`c\\` \\<\\!-- \\_d\\_',
    );
    expect(markdownText('a\nb\r\nc')).toBe('a b c');
    const osc = markdownText('/s/evil\u001b]0;title\u0007/SKILL.md');
    expect(osc).not.toMatch(RAW_CONTROL);
    expect(osc).toBe('/s/evil\\x1b\\]0;title\\x07/SKILL.md');
  });
});
