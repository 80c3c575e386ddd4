import { describe, expect, it } from 'vitest';
import { parseFlatFrontmatter } from '../../../src/parse/fast-yaml.js';
import { C_BAD, CHAR, isBadChar } from '../../../src/parse/fast-yaml-scalars.js';
import { DEFAULT_YAML_LIMITS, parseYamlFrontmatter } from '../../../src/parse/yaml-doc.js';
import type { YamlPath } from '../../../src/parse/yaml-types.js';

/** Fast path must accept `text`; its value must equal both `expected` and the yaml path's value. */
function accepted(text: string, expected: unknown): ReturnType<typeof parseFlatFrontmatter> & object {
  const fast = parseFlatFrontmatter(text, DEFAULT_YAML_LIMITS);
  expect(fast, `fast path declined ${JSON.stringify(text)}`).not.toBeNull();
  const general = parseYamlFrontmatter(text, DEFAULT_YAML_LIMITS);
  expect(general.issues).toEqual([]);
  expect(fast!.value).toStrictEqual(expected);
  expect(fast!.value).toStrictEqual(general.value);
  expect(fast!.issues).toEqual([]);
  return fast!;
}

function declined(text: string): void {
  expect(parseFlatFrontmatter(text, DEFAULT_YAML_LIMITS), JSON.stringify(text)).toBeNull();
}

function sameLocations(text: string, paths: YamlPath[]): void {
  const fast = parseFlatFrontmatter(text, DEFAULT_YAML_LIMITS)!;
  const lazy = parseFlatFrontmatter(text, DEFAULT_YAML_LIMITS, true)!;
  const general = parseYamlFrontmatter(text, DEFAULT_YAML_LIMITS);
  expect(lazy.value).toStrictEqual(fast.value);
  for (const path of paths) {
    for (const part of ['key', 'value'] as const) {
      expect(fast.locate(path, part), `${JSON.stringify(path)} ${part}`).toEqual(general.locate(path, part));
      expect(lazy.locate(path, part), `lazy ${JSON.stringify(path)} ${part}`).toEqual(general.locate(path, part));
    }
  }
}

describe('parseFlatFrontmatter: plain scalars and core-schema resolution', () => {
  it('keeps YAML 1.1 booleans as strings (core schema)', () => {
    accepted('a: yes\nb: no\nc: on\nd: off\ne: Yes\n', { a: 'yes', b: 'no', c: 'on', d: 'off', e: 'Yes' });
  });
  it('resolves null, booleans, ints and floats exactly as yaml core does', () => {
    accepted(
      'a: ~\nb: null\nc: NULL\nd: true\ne: False\nf: 0x1F\ng: 0o17\nh: 017\ni: 1e3\nj: .inf\nk: -.Inf\nl: -0\nm: +5\nn: 1.\n',
      {
        a: null,
        b: null,
        c: null,
        d: true,
        e: false,
        f: 31,
        g: 15,
        h: 17,
        i: 1000,
        j: Infinity,
        k: -Infinity,
        l: -0,
        m: 5,
        n: 1,
      },
    );
    const nan = accepted('a: .NaN\n', { a: NaN });
    expect(Number.isNaN((nan.value as { a: number }).a)).toBe(true);
  });
  it('leaves near-numbers as strings', () => {
    accepted('a: 1_000\nb: 0x\nc: 1.2.3\nd: 0b101\ne: "1"\nf: v1.0\n', {
      a: '1_000',
      b: '0x',
      c: '1.2.3',
      d: '0b101',
      e: '1',
      f: 'v1.0',
    });
  });
  it('trims trailing spaces and strips comments', () => {
    accepted('name: a b   \nurl: https://x.io/a#frag # note\n', { name: 'a b', url: 'https://x.io/a#frag' });
  });
  it('folds multi-line plain scalars, including a value that starts on the next line', () => {
    accepted('d: one\n  two\n\n  three\nn: x\n', { d: 'one two\nthree', n: 'x' });
    accepted('d:\n  React patterns\n  for apps.\nl: MIT\n', { d: 'React patterns for apps.', l: 'MIT' });
    accepted('d: foo\n  - bar\n', { d: 'foo - bar' });
  });
  it('treats an empty value as null and places it after the colon and spaces', () => {
    accepted('a:\nb:   \nc: # c\n', { a: null, b: null, c: null });
    sameLocations('a:\nb:   \nc: # c\n', [['a'], ['b'], ['c']]);
  });
});

describe('parseFlatFrontmatter: quoted scalars', () => {
  it('reads single quotes with doubled quotes', () => {
    accepted("a: 'it''s # not a comment'\nb: ''\n", { a: "it's # not a comment", b: '' });
  });
  it('reads double quotes with every escape yaml knows', () => {
    accepted('a: "q\\"\\\\ \\/ \\n\\t\\0\\a\\e\\_\\N\\L\\P\\x41\\u00e9\\U0001F34C"\n', {
      a: 'q"\\ / \n\t\0\x07\x1b\u00a0\u0085\u2028\u2029A\u00e9\u{1F34C}',
    });
  });
  it('keeps quoted literals as strings', () => {
    accepted('a: "true"\nb: \'~\'\n', { a: 'true', b: '~' });
  });
});

describe('parseFlatFrontmatter: block scalars', () => {
  it('literal with clip, strip and keep chomping', () => {
    accepted('a: |\n  x\n   y\n\n  z\n\nb: |-\n  x\nc: |+\n  x\n\n\nd: 1\n', {
      a: 'x\n y\n\nz\n',
      b: 'x',
      c: 'x\n\n\n',
      d: 1,
    });
  });
  it('folded with empty and more-indented lines', () => {
    accepted('a: >\n  one\n  two\n\n  three\n    code\n  four\nb: >-\n  x\n  y\n', {
      a: 'one two\nthree\n  code\nfour\n',
      b: 'x y',
    });
  });
  it('allows a header comment and keeps `#` in content', () => {
    accepted('a: | # c\n  # not a comment\n', { a: '# not a comment\n' });
  });
  it('keep chomping at the end of the text without a final line feed', () => {
    accepted('a: |+\n  x', { a: 'x\n' });
  });
});

describe('parseFlatFrontmatter: collections', () => {
  it('block sequences, indented or at the key column', () => {
    accepted('t:\n  - a\n  - "b"\n  - 3\nu:\n- x\n- y # c\n', { t: ['a', 'b', 3], u: ['x', 'y'] });
  });
  it('flow sequences of scalars', () => {
    accepted('t: [a, \'b c\', "d", 1, null]\ne: []\n', { t: ['a', 'b c', 'd', 1, null], e: [] });
  });
  it('one level of nested mapping', () => {
    accepted('metadata:\n  author: me\n  version: "1.0"\n  # c\n  note: >-\n    long\n    text\nname: x\n', {
      metadata: { author: 'me', version: '1.0', note: 'long text' },
      name: 'x',
    });
  });
  it('flow mappings and nested flow collections', () => {
    accepted('t: [read, {name: write, writes: true}]\nm: {a: [1, 2], b: {}}\n', {
      t: ['read', { name: 'write', writes: true }],
      m: { a: [1, 2], b: {} },
    });
  });
  it('compact mappings as sequence items and deeper block nesting', () => {
    const text =
      'mcp:\n  - server: github\n    tools: [search, { name: create, writes: true }]\n  - server: x\n    tools:\n      - a\nincludes:\n- skill: project/b\n  overrides:\n    w: { writes: false }\n';
    accepted(text, {
      mcp: [
        { server: 'github', tools: ['search', { name: 'create', writes: true }] },
        { server: 'x', tools: ['a'] },
      ],
      includes: [{ skill: 'project/b', overrides: { w: { writes: false } } }],
    });
    sameLocations(text, [
      ['mcp', 0],
      ['mcp', 0, 'server'],
      ['mcp', 0, 'tools', 1, 'writes'],
      ['mcp', 1, 'tools', 0],
      ['includes', 0, 'overrides', 'w', 'writes'],
    ]);
  });
  it('locates keys, values and items like the yaml path', () => {
    const text = '# lead\nname: a\nd: |\n  x\nt:\n  - a\n  - b\nf: [x, y]\nm:\n  k: v\n  e:\n';
    accepted(text, { name: 'a', d: 'x\n', t: ['a', 'b'], f: ['x', 'y'], m: { k: 'v', e: null } });
    sameLocations(text, [
      [],
      ['name'],
      ['d'],
      ['t'],
      ['t', 0],
      ['t', 1],
      ['t', 2],
      ['f', 1],
      ['m'],
      ['m', 'k'],
      ['m', 'e'],
      ['m', 'zz'],
      ['zz'],
      ['name', 'x'],
      ['t', '0'],
    ]);
    const fast = parseFlatFrontmatter(text, DEFAULT_YAML_LIMITS)!;
    expect(fast.locate(['t', 1])).toEqual({ line: 7, column: 5 });
    expect(fast.locate(['m', 'k'], 'key')).toEqual({ line: 10, column: 3 });
  });
});

describe('parseFlatFrontmatter: declines what it does not reproduce exactly', () => {
  const cases: [string, string][] = [
    ['anchor and alias', 'a: &x 1\nb: *x\n'],
    ['tag', 'a: !!str 1\n'],
    ['nesting deeper than the fast path reads', 'a:\n b:\n  c:\n   d:\n    e:\n     f:\n      g: 1\n'],
    ['nested sequence item', 'a:\n  - - x\n'],
    ['block sequence at the key column below the root', 'a:\n  b:\n  - x\n'],
    ['flow key without a space', 'a: {b:1}\n'],
    ['flow key without a value', 'a: {b}\n'],
    ['multi-line flow collection', 'a: [x,\n  y]\n'],
    ['misaligned compact mapping', 'a:\n  - b: 1\n   c: 2\n'],
    ['duplicate key', 'a: 1\na: 2\n'],
    ['tab', 'a:\tb\n'],
    ['CRLF', 'a: b\r\n'],
    ['explicit key', '? a\n: b\n'],
    ['quoted key', '"a": b\n'],
    ['numeric key', '1: b\n'],
    ['boolean key', 'true: b\n'],
    ['__proto__ key', '__proto__: b\n'],
    ['document marker', '---\na: 1\n'],
    ['multi-line double quotes', 'a: "x\n  y"\n'],
    ['multi-line single quotes', "a: 'x\n  y'\n"],
    ['mapping inside a plain scalar', 'a: b: c\n'],
    ['trailing colon', 'a: when:\n'],
    ['indentation indicator', 'a: |2\n   x\n'],
    ['empty block scalar', 'a: |\nb: 1\n'],
    ['more-indented blank line in a block scalar', 'a: |\n  x\n     \n  y\n'],
    ['reserved indicator', 'a: @x\n'],
    ['trailing comma in flow', 'a: [x,]\n'],
    ['text after a quoted scalar', 'a: "x" y\n'],
    ['comment glued to a quote', 'a: "x"#c\n'],
    ['indented root', '  a: 1\n'],
    ['empty text', ''],
    ['comment only', '# c\n'],
    ['invalid escape', 'a: "\\q"\n'],
    ['null item', 'a:\n  -\n'],
    ['comment before an indented value', 'a: # c\n  x\n'],
    ['over the size limit', `a: ${'x'.repeat(DEFAULT_YAML_LIMITS.maxChars)}\n`],
  ];
  it.each(cases)('%s', (_name, text) => declined(text));

  it('declines when the depth limit is below what the value needs', () => {
    expect(parseFlatFrontmatter('a: [1]\n', { ...DEFAULT_YAML_LIMITS, maxDepth: 1 })).toBeNull();
    expect(parseFlatFrontmatter('a: 1\n', { ...DEFAULT_YAML_LIMITS, maxDepth: 1 })).not.toBeNull();
  });
});

describe('the character classes of the fast path', () => {
  it('mark exactly the characters isBadChar rejects, over all of the BMP', () => {
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) if ((CHAR[c] === C_BAD) !== isBadChar(c)) wrong.push(c);
    expect(wrong).toEqual([]);
  });
});
