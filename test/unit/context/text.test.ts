import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  commentSafe,
  editDistance,
  escapeControls,
  escapeXml,
  foldDescription,
  markdownText,
  shorten,
} from '../../../src/context/text.js';

describe('escapeXml', () => {
  it('escapes the five characters the way Python html.escape does', () => {
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#x27;');
    expect(escapeXml('a &amp; b')).toBe('a &amp;amp; b');
  });

  it('returns plain text unchanged (same string)', () => {
    const text = 'Fill PDF forms — use when a PDF is mentioned.';
    expect(escapeXml(text)).toBe(text);
  });

  it('replaces characters XML 1.0 cannot hold with U+FFFD, keeping tab and pairs', () => {
    expect(escapeXml('a\u0000b\u0007c\td')).toBe('a\uFFFDb\uFFFDc\td');
    expect(escapeXml('x\uD83D\uDE00y')).toBe('x\uD83D\uDE00y');
    expect(escapeXml('lone\uD83Dz')).toBe('lone\uFFFDz');
    expect(escapeXml('lone\uDE00z')).toBe('lone\uFFFDz');
  });
});

describe('commentSafe', () => {
  it('never leaves a double hyphen or a trailing hyphen', () => {
    for (const text of ['a--b', 'a---b', '----', 'ends-', '<!-- x -->']) {
      const safe = commentSafe(text);
      expect(safe).not.toContain('--');
      expect(safe.endsWith('-')).toBe(false);
    }
  });
});

describe('foldDescription', () => {
  it('folds every kind of line break with its surrounding white space into one space', () => {
    expect(foldDescription('Use when\n  testing.\r\nThen  stop.\rDone\n')).toBe('Use when testing. Then  stop. Done');
  });

  it('folds blank lines too and trims the ends', () => {
    expect(foldDescription('\n first\n\n\n second \n')).toBe('first second');
  });

  it('leaves single-line text alone', () => {
    expect(foldDescription('one line')).toBe('one line');
  });
});

describe('shorten', () => {
  it('keeps text that fits', () => {
    expect(shorten('abc', 3)).toBe('abc');
  });

  it('cuts to at most max characters ending in one ellipsis', () => {
    const out = shorten('Summarise pull requests quickly', 10);
    expect(out).toBe(`Summarise${ELLIPSIS}`);
    expect(out.length).toBeLessThanOrEqual(10);
  });

  it('drops white space before the ellipsis', () => {
    expect(shorten('abcd    efgh', 8)).toBe(`abcd${ELLIPSIS}`);
  });

  it('never splits a surrogate pair', () => {
    const out = shorten('ab\uD83D\uDE00cdef', 4);
    expect(out).toBe(`ab${ELLIPSIS}`);
    expect(/[\uD800-\uDBFF]$/.test(out.slice(0, -1))).toBe(false);
  });

  it('handles a zero or one character budget', () => {
    expect(shorten('abc', 0)).toBe('');
    expect(shorten('abc', 1)).toBe(ELLIPSIS);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('pdf-tool', 'pdf-tools')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('escaping properties', () => {
  const unescape = (s: string) =>
    s.replace(
      /&(amp|lt|gt|quot|#x27);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[e]!,
    );
  const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

  it('never leaves a raw markup character, and round-trips text XML can hold', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const out = escapeXml(text);
        expect(out).not.toMatch(/[<>"']/);
        expect(out).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#x27;)/);
        expect(out).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
        if (!FORBIDDEN.test(text)) expect(unescape(out)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('a folded description is one line with no white space at either end', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const out = foldDescription(text);
        expect(out).not.toMatch(/[\r\n]/);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 300 },
    );
  });
});

describe('the untouched-text fast paths', () => {
  // The slow paths alone, as they were before the fast paths: the reference.
  const MARKDOWN_SPECIAL = /[\\`*[\]<>()|!#~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
  const XML_FORBIDDEN =
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  const markdownSlow = (text: string): string =>
    escapeControls(
      (/[\r\n]/.test(text) ? text.replace(/[\r\n]+/g, ' ') : text).replace(MARKDOWN_SPECIAL, (c) => `\\${c}`),
    );
  const foldSlow = (text: string): string =>
    escapeControls(text.replace(/[^\S\r\n]*(?:\r\n|\r|\n)\s*/g, ' ').trim()).replace(XML_FORBIDDEN, '\uFFFD');
  // Strings built mostly from the characters the paths treat specially, plus ordinary ones.
  const tricky = fc
    .array(
      fc.constantFrom(
        ...'ab_9 -/.é\u00a0\u2028\ufeff\t\r\n\u0000\u001b\u0085\u007f[]()<>*`|!#~\\\ud83d\ude00\ud800\udc00\ufffe\uffff'.split(
          '',
        ),
      ),
      { maxLength: 24 },
    )
    .map((chars) => chars.join(''));
  const anyText = fc.oneof(
    tricky,
    fc.string({ unit: 'grapheme', maxLength: 24 }),
    fc.string({ unit: 'binary', maxLength: 24 }),
  );

  it('markdownText gives what its slow path gives, for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(markdownText(text)).toBe(markdownSlow(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('foldDescription gives what its slow path gives, for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(foldDescription(text)).toBe(foldSlow(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('returns untouched text as the same string', () => {
    for (const text of [
      'pdf-tools',
      'sha256:0123abcdef',
      '/home/me/skills/pdf/SKILL.md',
      'Fill PDF forms. Use when a PDF is mentioned.',
    ]) {
      expect(markdownText(text)).toBe(text);
      expect(foldDescription(text)).toBe(text);
    }
    expect(markdownText('my_project')).toBe('my_project');
    expect(foldDescription(' padded ')).toBe('padded');
  });
});
