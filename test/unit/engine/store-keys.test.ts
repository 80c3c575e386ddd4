import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeDigest, wholeCodeFingerprint } from '../../../src/engine/fingerprint.js';
import { keyText } from '../../../src/engine/store/catalogs.js';

describe('storeDigest', () => {
  it('is SHA-256 of the text as UTF-8, whichever backend makes it', () => {
    for (const text of ['', 'abc', 'ü\u0000→ 🙂', 'x'.repeat(100_000)]) {
      expect(storeDigest(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
    // A lone surrogate would hash as U+FFFD through UTF-8: such a text is hashed by its UTF-16 units.
    expect(storeDigest('a\uD800')).not.toBe(storeDigest('a\uFFFD'));
    expect(storeDigest('a\uD800')).toBe(
      createHash('sha256')
        .update(Buffer.concat([Buffer.of(0xff), Buffer.from('a\uD800', 'utf16le')]))
        .digest('hex'),
    );
    expect(storeDigest('\uDC00\uD800')).not.toBe(storeDigest('\uD800\uDC00'));
    expect(wholeCodeFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(wholeCodeFingerprint()).toBe(wholeCodeFingerprint());
  });
});

describe('keyText', () => {
  it('tells apart what JSON text would conflate', () => {
    const pairs: [unknown, unknown][] = [
      [0, -0],
      [null, undefined],
      [NaN, null],
      [['a', 'b'], ['ab']],
      [['a,b'], ['a', 'b']],
      [{ a: 1 }, { a: '1' }],
      [{ a: undefined }, {}],
      [1n, 1],
      ['s1:x', ['x']],
      [[{}], [[]]],
      [{ 'a:': 'b' }, { a: ':b' }],
      [true, 't'],
      ['\uD800', '\uFFFD'],
      [{ '\uDC00': 1 }, { '\uFFFD': 1 }],
    ];
    for (const [a, b] of pairs) {
      expect(keyText(a)).not.toBeUndefined();
      expect(keyText(b)).not.toBeUndefined();
      expect(keyText(a)).not.toBe(keyText(b));
      expect(keyText(a)).toBe(Buffer.from(keyText(a)!, 'utf8').toString('utf8')); // well-formed: hashes as itself
    }
  });

  it('gives equal plain values the same text, and refuses anything else', () => {
    const make = (): unknown => [
      { code: 'x', line: 3, hint: ['a', { b: null }] },
      10,
      { strict: true, resourceId: 'r' },
    ];
    expect(keyText(make())).toBe(keyText(make()));
    expect(keyText(Object.assign(Object.create(null), { a: 1 }))).toBe(keyText({ a: 1 }));
    const shared = { a: 1 };
    class Options {
      strict = true;
    }
    for (const bad of [
      () => 1,
      Symbol('s'),
      new Map(),
      new Date(0),
      new Options(),
      [shared, shared],
      new Array(2),
      Object.assign([1], { extra: 2 }),
      new Uint8Array(2),
    ]) {
      expect(keyText(bad)).toBeUndefined();
      expect(keyText([{ nested: bad }])).toBeUndefined();
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(keyText(cyclic)).toBeUndefined();
  });
});
