// SHA-256 over a packed batch: many inputs, one call.
//
// The host packs every input back to back into linear memory behind an
// offsets table, calls `hashRun(count)` once, and reads `count` digests.
//
//   dynamic area (from __heap_base, 16-byte aligned), laid out by hashPrepare:
//
//   hashOffsets ─► ┌──────────────────────────────────────────┐
//                  │ u32 offsets[count + 1]  (byte offsets    │
//                  │ into data; input i = [off[i], off[i+1]))│
//   hashData ────► ├──────────────────────────────────────────┤
//                  │ u8 data[total]   inputs back to back     │
//   hashOut ─────► ├──────────────────────────────────────────┤ (16-aligned)
//                  │ u8 digests[count * 32]  big-endian words │
//                  └──────────────────────────────────────────┘
//
//   static regions (memory.data): K[64] round constants, W[64] message
//   schedule, PAD[128] for the final one or two padded blocks.

import { align16, dynamicBase, ensureMemory } from './memory';

// FIPS 180-4 round constants: the first 32 bits of the fractional parts of
// the cube roots of the first 64 primes.
const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,]);
const W: usize = memory.data(64 * 4, 16);
const PAD: usize = memory.data(128, 16);

let h0: u32 = 0;
let h1: u32 = 0;
let h2: u32 = 0;
let h3: u32 = 0;
let h4: u32 = 0;
let h5: u32 = 0;
let h6: u32 = 0;
let h7: u32 = 0;

let hashOffsetsPtr: usize = 0;
let hashDataPtr: usize = 0;
let hashOutPtr: usize = 0;

/** Compress one 64-byte block at `block` into h0..h7. */
function compress(block: usize): void {
  for (let i: usize = 0; i < 16; i++) {
    store<u32>(W + (i << 2), bswap<u32>(load<u32>(block + (i << 2))));
  }
  for (let i: usize = 16; i < 64; i++) {
    const w15 = load<u32>(W + ((i - 15) << 2));
    const w2 = load<u32>(W + ((i - 2) << 2));
    const s0 = rotr<u32>(w15, 7) ^ rotr<u32>(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr<u32>(w2, 17) ^ rotr<u32>(w2, 19) ^ (w2 >>> 10);
    store<u32>(W + (i << 2), load<u32>(W + ((i - 16) << 2)) + s0 + load<u32>(W + ((i - 7) << 2)) + s1);
  }
  let a = h0;
  let b = h1;
  let c = h2;
  let d = h3;
  let e = h4;
  let f = h5;
  let g = h6;
  let h = h7;
  for (let i: usize = 0; i < 64; i++) {
    const S1 = rotr<u32>(e, 6) ^ rotr<u32>(e, 11) ^ rotr<u32>(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = h + S1 + ch + load<u32>(K + (i << 2)) + load<u32>(W + (i << 2));
    const S0 = rotr<u32>(a, 2) ^ rotr<u32>(a, 13) ^ rotr<u32>(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + S0 + maj;
  }
  h0 += a;
  h1 += b;
  h2 += c;
  h3 += d;
  h4 += e;
  h5 += f;
  h6 += g;
  h7 += h;
}

/** SHA-256 of `len` bytes at `ptr`, 32 digest bytes written to `out`. */
function hashOne(ptr: usize, len: usize, out: usize): void {
  // Initial hash value: first 32 bits of the fractional parts of the square roots of the first 8 primes.
  h0 = 0x6a09e667;
  h1 = 0xbb67ae85;
  h2 = 0x3c6ef372;
  h3 = 0xa54ff53a;
  h4 = 0x510e527f;
  h5 = 0x9b05688c;
  h6 = 0x1f83d9ab;
  h7 = 0x5be0cd19;
  const full = len >> 6;
  for (let b: usize = 0; b < full; b++) compress(ptr + (b << 6));
  const rem = len & 63;
  memory.fill(PAD, 0, 128);
  memory.copy(PAD, ptr + (full << 6), rem);
  store<u8>(PAD + rem, 0x80);
  const blocks: usize = rem < 56 ? 1 : 2;
  store<u64>(PAD + (blocks << 6) - 8, bswap<u64>(<u64>len << 3));
  compress(PAD);
  if (blocks == 2) compress(PAD + 64);
  store<u32>(out, bswap<u32>(h0));
  store<u32>(out + 4, bswap<u32>(h1));
  store<u32>(out + 8, bswap<u32>(h2));
  store<u32>(out + 12, bswap<u32>(h3));
  store<u32>(out + 16, bswap<u32>(h4));
  store<u32>(out + 20, bswap<u32>(h5));
  store<u32>(out + 24, bswap<u32>(h6));
  store<u32>(out + 28, bswap<u32>(h7));
}

/** Lay out a batch of `count` inputs totalling `total` bytes; 0 when memory cannot grow. */
export function hashPrepare(count: i32, total: i32): i32 {
  hashOffsetsPtr = dynamicBase();
  hashDataPtr = hashOffsetsPtr + ((<usize>count + 1) << 2);
  hashOutPtr = align16(hashDataPtr + <usize>total);
  return ensureMemory(hashOutPtr + (<usize>count << 5)) ? 1 : 0;
}

/** Where the host writes the offsets table. */
export function hashOffsets(): usize {
  return hashOffsetsPtr;
}

/** Where the host writes the packed input bytes. */
export function hashData(): usize {
  return hashDataPtr;
}

/** Where the digests are read from after hashRun. */
export function hashOut(): usize {
  return hashOutPtr;
}

/** Hash every input of the prepared batch. */
export function hashRun(count: i32): void {
  for (let i = 0; i < count; i++) {
    const from = load<u32>(hashOffsetsPtr + (<usize>i << 2));
    const to = load<u32>(hashOffsetsPtr + ((<usize>i + 1) << 2));
    hashOne(hashDataPtr + <usize>from, <usize>(to - from), hashOutPtr + (<usize>i << 5));
  }
}
