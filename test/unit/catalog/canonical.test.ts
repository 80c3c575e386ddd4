/** The canonical string encoding: tag, big-endian UTF-8 byte length, UTF-8 bytes — whatever path writes it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalWriter } from '../../../src/catalog/canonical.js';

function _expected(s: string): Uint8Array {
  const utf8 = new TextEncoder().encode(s);
  const out = new Uint8Array(5 + utf8.length);
  out[0] = 0x73;
  new DataView(out.buffer).setUint32(1, utf8.length, false);
  out.set(utf8, 5);
  return out;
}

describe('CanonicalWriter.string', () => {
  it('writes the UTF-8 of any string, short or long, ASCII or not', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), (strings) => {
        // One writer for all, so a string follows others in the buffer as in a package.
        const w = new CanonicalWriter(8);
        for (const s of strings) w.string(s);
        const parts = strings.map(_expected);
        const expected = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          expected.set(p, at);
          at += p.length;
        }
        expect(Buffer.from(w.finish()).equals(Buffer.from(expected))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('handles the lengths around the short-string path the same way', () => {
    for (const n of [0, 1, 63, 64, 65, 200]) {
      for (const s of [
        'a'.repeat(n),
        `${'a'.repeat(Math.max(0, n - 1))}é`,
        `${'a'.repeat(Math.max(0, n - 1))}\uD800`,
      ]) {
        expect(Buffer.from(new CanonicalWriter(4).string(s).finish()).equals(Buffer.from(_expected(s)))).toBe(true);
      }
    }
  });
});
