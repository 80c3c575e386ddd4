/**
 * Canonical bytes behind every digest: a tag, a big-endian length or count, so no two values share an encoding.
 * ```
 * string 's' u32(byteLength) utf8      number 'n' u32(byteLength) ascii(String(n))
 * true 't'  false 'f'  null 'z'        bytes  'b' u64(byteLength) raw
 * array 'a' u32(count) value*          map    'm' u32(count) (string(key) value)*, keys in UTF-8 byte order
 * ```
 */
import { byteOrder } from './order.js';

const UTF8 = new TextEncoder();
const SHORT_STRING = 64;

/** Growable byte buffer with the canonical encoders. */
export class CanonicalWriter {
  private buf: Uint8Array;
  private view: DataView;
  private len = 0;

  constructor(initial = 1024) {
    this.buf = new Uint8Array(initial);
    this.view = new DataView(this.buf.buffer);
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  tag(ch: 's' | 'n' | 't' | 'f' | 'z' | 'a' | 'm' | 'b'): this {
    this.reserve(1);
    this.buf[this.len++] = ch.charCodeAt(0);
    return this;
  }

  u32(n: number): this {
    this.reserve(4);
    this.view.setUint32(this.len, n >>> 0, false);
    this.len += 4;
    return this;
  }

  u64(n: number): this {
    this.reserve(8);
    this.view.setBigUint64(this.len, BigInt(n), false);
    this.len += 8;
    return this;
  }

  raw(bytes: Uint8Array): this {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
    return this;
  }

  string(s: string): this {
    // Perf: encode straight into the buffer (at most 3 bytes per unit) and back-patch the length.
    const n = s.length;
    this.reserve(5 + n * 3);
    const at = this.len;
    const buf = this.buf;
    buf[at] = 0x73; // 's'
    let written = -1;
    if (n <= SHORT_STRING) {
      // Perf: short ASCII strings (most of a package's) are copied by this loop, with no native call.
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        buf[at + 5 + i] = c;
      }
      if (i === n) written = n;
    }
    if (written < 0) written = UTF8.encodeInto(s, buf.subarray(at + 5)).written;
    this.view.setUint32(at + 1, written, false);
    this.len = at + 5 + written;
    return this;
  }

  bytes(b: Uint8Array): this {
    return this.tag('b').u64(b.length).raw(b);
  }

  /** Any plain JSON-like value (YAML `toJS()` output). */
  value(v: unknown): this {
    if (v === null || v === undefined) return this.tag('z');
    if (typeof v === 'string') return this.string(v);
    if (typeof v === 'boolean') return this.tag(v ? 't' : 'f');
    if (typeof v === 'number' || typeof v === 'bigint') {
      const text = String(v);
      this.reserve(5 + text.length);
      const at = this.len;
      this.buf[at] = 0x6e; // 'n'
      this.view.setUint32(at + 1, text.length, false);
      for (let i = 0; i < text.length; i++) this.buf[at + 5 + i] = text.charCodeAt(i);
      this.len = at + 5 + text.length;
      return this;
    }
    if (Array.isArray(v)) {
      this.tag('a').u32(v.length);
      for (const item of v) this.value(item);
      return this;
    }
    if (v instanceof Date) return this.string(v.toISOString());
    if (typeof v === 'object') return this.map(v as Record<string, unknown>);
    return this.string(String(v));
  }

  /** A map with keys in UTF-8 byte order; undefined members are left out. */
  map(o: Readonly<Record<string, unknown>>): this {
    // Perf: undefined members dropped in place from the fresh key list (no closure, no second array).
    const keys = Object.keys(o);
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (o[k] !== undefined) keys[n++] = k;
    }
    keys.length = n;
    if (n > 1) keys.sort(byteOrder);
    this.tag('m').u32(n);
    for (let i = 0; i < n; i++) this.string(keys[i]!).value(o[keys[i]!]);
    return this;
  }

  /** Forget what was written, keeping the buffer. */
  reset(): this {
    this.len = 0;
    return this;
  }

  /** The bytes written so far (a view, not a copy). */
  finish(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}
