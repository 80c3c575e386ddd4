import { describe, expect, it } from 'vitest';
import { byteOrder, unitOrderIsByteOrder } from '../../../src/model/order.js';

const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('unitOrderIsByteOrder', () => {
  it('is true for strings without surrogates, where plain < sorts in UTF-8 byte order', () => {
    const strings = ['\uFFFF', 'b', 'a/é', '\uE000x', 'a'];
    expect(unitOrderIsByteOrder(strings)).toBe(true);
    const byUnits = [...strings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(byUnits).toEqual([...strings].sort(utf8Order));
  });

  it('is false as soon as one string holds a surrogate, where plain < is not byte order', () => {
    const strings = ['a', '\u{1F600}', '\uFFFF'];
    expect(unitOrderIsByteOrder(strings)).toBe(false);
    expect([...strings].sort()).not.toEqual([...strings].sort(utf8Order));
    expect([...strings].sort(byteOrder)).toEqual([...strings].sort(utf8Order));
  });
});
