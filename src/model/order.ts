/**
 * Compare two strings in UTF-8 byte order. Code-unit order differs only where a surrogate meets a unit in
 * U+E000–U+FFFF (4-byte 0xF0… vs 3-byte 0xEE/0xEF…); only that case is corrected.
 */
export function byteOrder(a: string, b: string): number {
  if (a === b) return 0;
  // Perf: strings sharing a first unit (locators of one root) go to the native comparison; others are settled
  // by the loop's first step.
  if (a.charCodeAt(0) === b.charCodeAt(0) && !SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  return unitLoop(a, b);
}

const SURROGATE = /[\uD800-\uDFFF]/;

function unitLoop(a: string, b: string): number {
  // Perf: no TextEncoder per comparison.
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys && (xs ? y >= 0xe000 : x >= 0xe000)) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * True when no string holds a surrogate: then plain `<` is UTF-8 byte order.
 * Perf: a large sort tests each string once instead of twice per comparison.
 */
export function unitOrderIsByteOrder(strings: readonly string[]): boolean {
  for (const s of strings) if (SURROGATE.test(s)) return false;
  return true;
}
