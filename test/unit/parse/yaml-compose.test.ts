/**
 * The bounded yaml reader: the same document as `parseDocument` wherever it
 * is within bounds, nesting counted on the CST parser's stack, and the linear
 * alias and duplicate-key checks agreeing with yaml's own rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { boundedDocument, checkAliases, duplicateKeyOffsets } from '../../../src/parse/yaml-compose.js';

function ok(text: string, maxDepth = 64) {
  const r = boundedDocument(text, { uniqueKeys: false }, maxDepth);
  if (r.kind !== 'ok') throw new Error(`too deep at ${r.offset}`);
  return r.doc;
}

describe('boundedDocument', () => {
  it.each([
    'a: 1\nb: [x, {y: z}]\n',
    '- a\n- - b\n  - c\n',
    '? a\n: b\n',
    'a: |\n  text\n',
    '',
    '# only a comment\n',
    'a: [unclosed\n',
    '--- a\n--- b\n',
    'a: 1\na: 2\n',
  ])('composes %j like parseDocument (values and errors)', (text) => {
    const doc = ok(text);
    const ref = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
    expect(doc.toJS()).toEqual(ref.toJS());
    expect(doc.errors.map((e) => [e.code, e.pos])).toEqual(ref.errors.map((e) => [e.code, e.pos]));
  });

  it('counts collections (the root mapping is level 1) and points at the first one over the limit', () => {
    expect(boundedDocument('a: [[1]]\n', {}, 3).kind).toBe('ok');
    expect(boundedDocument('a: [[1]]\n', {}, 2)).toMatchObject({ kind: 'too-deep', offset: 4 });
    expect(boundedDocument("a: [b', [[x]]]\n", {}, 3)).toMatchObject({ kind: 'too-deep', offset: 9 });
    expect(boundedDocument('- - - x\n', {}, 2)).toMatchObject({ kind: 'too-deep', offset: 4 });
  });

  it('refuses 30,000 levels without touching the stack, at the first level over the limit', () => {
    // Time is bounded in the hostile child-process tests; here: no RangeError, and the cut is at level 65.
    expect(boundedDocument('['.repeat(30_000), {}, 64)).toMatchObject({ kind: 'too-deep', offset: 64 });
    for (const text of ['- '.repeat(30_000), '{a: '.repeat(15_000), '? '.repeat(30_000)]) {
      expect(boundedDocument(text, {}, 64).kind).toBe('too-deep');
    }
  });
});

describe('boundedDocument alias count', () => {
  it('stops at the first alias over the limit, at the same offset checkAliases gives', () => {
    const text = 'x: &x 1\nl: [*x, *x, *x]\n';
    expect(boundedDocument(text, {}, 64, 2)).toMatchObject({ kind: 'too-many-aliases', offset: 20 });
    expect(checkAliases(ok(text), 2)?.offset).toBe(20);
  });

  it('does not count scalar text that starts with * (block scalars, quotes) as aliases', () => {
    expect(boundedDocument('x: &x 1\nb: |\n  *x\n  *x\n  *x\nq: "*x"\n', {}, 64, 1).kind).toBe('ok');
  });

  it('leaves a document with an alias before its anchor to checkAliases (the first problem is reported)', () => {
    const text = 'a: *y\nx: &x 1\nl: [*x, *x, *x]\n';
    expect(boundedDocument(text, {}, 64, 2).kind).toBe('ok');
    expect(checkAliases(ok(text), 2)).toMatchObject({ kind: 'unresolved', offset: 3 });
  });

  it('stops a 20,000-alias flood at the 101st alias, before anything is built', () => {
    const text = `a: &a x\nl: [${Array(20_000).fill('*a').join(',')}]\n`;
    // '*a' entries start at offset 12 and sit 3 characters apart: the 101st is at 12 + 100 × 3.
    expect(boundedDocument(text, {}, 64, 100)).toMatchObject({ kind: 'too-many-aliases', offset: 12 + 100 * 3 });
  });
});

describe('checkAliases', () => {
  it('an alias before its anchor or of no anchor is unresolved, at the alias', () => {
    expect(checkAliases(ok('a: *x\nb: &x 1\n'), 100)).toEqual({ kind: 'unresolved', offset: 3, source: 'x' });
    expect(checkAliases(ok('a: &x 1\nb: *x\n'), 100)).toBeUndefined();
    // An anchor counts from its own node on, as alias.resolve has it.
    expect(checkAliases(ok('a: &x [*x]\n'), 100)).toBeUndefined();
  });

  it('the alias after the limit is too-many', () => {
    expect(checkAliases(ok('x: &x 1\nl: [*x, *x, *x]\n'), 2)).toEqual({ kind: 'too-many', offset: 20, source: 'x' });
  });

  it('agrees with yaml on which documents have an alias without an anchor (property)', () => {
    const name = fc.constantFrom('a', 'b');
    const item = fc.oneof(
      name.map((n) => `*${n}`),
      name.map((n) => `&${n} v`),
      fc.constant('v'),
    );
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (items) => {
        const text = `l: [${items.join(', ')}]\n`;
        let yamlSays = false;
        try {
          parseDocument(text).toJS({ maxAliasCount: -1 });
        } catch (error) {
          yamlSays = /Unresolved alias/.test(String(error));
        }
        expect(checkAliases(ok(text), 1000)?.kind === 'unresolved').toBe(yamlSays);
      }),
      { numRuns: 300 },
    );
  });
});

describe('duplicateKeyOffsets', () => {
  it('finds what uniqueKeys: true finds, at the repeated key', () => {
    expect(duplicateKeyOffsets(ok('a: 1\nb: 2\na: 3\n'))).toEqual([10]);
    expect(duplicateKeyOffsets(ok('{1: a, 1.0: b}\n'))).toEqual([7]);
    expect(duplicateKeyOffsets(ok('.nan: a\n.nan: b\n'))).toEqual([]);
    expect(duplicateKeyOffsets(ok('"1": a\n1: b\n'))).toEqual([]);
  });

  it('flags the same keys as yaml does (property)', () => {
    const key = fc.constantFrom('a', 'b', '1', '1.0', '"1"', 'null', '~', 'true', '.nan');
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 6 }), (keys) => {
        const text = keys.map((k, i) => `${k}: ${i}\n`).join('');
        const ref = parseDocument(text, { uniqueKeys: true })
          .errors.filter((e) => e.code === 'DUPLICATE_KEY')
          .map((e) => e.pos[0]);
        expect(duplicateKeyOffsets(ok(text))).toEqual(ref);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parse options', () => {
  it('a caller cannot raise the nesting limit to where a stack size decides', async () => {
    const { resolveParseOptions, MAX_YAML_DEPTH } = await import('../../../src/parse/options.js');
    expect(
      resolveParseOptions({ locator: '/s/a/SKILL.md', limits: { maxDepth: MAX_YAML_DEPTH } }).limits.maxDepth,
    ).toBe(MAX_YAML_DEPTH);
    expect(() => resolveParseOptions({ locator: '/s/a/SKILL.md', limits: { maxDepth: MAX_YAML_DEPTH + 1 } })).toThrow(
      /limits\.maxDepth/,
    );
  });
});
