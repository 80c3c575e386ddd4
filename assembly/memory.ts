// Linear-memory helpers shared by the kernels. No allocator: `runtime: "stub"`
// and every buffer is either a static `memory.data` region or a slice of the
// dynamic area that starts at `__heap_base` and is laid out per call.

/** Load i32 element `i` of the array at `p`. */
@inline export function ld(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}

/** Store i32 element `i` of the array at `p`. */
@inline export function st(p: usize, i: i32, v: i32): void {
  store<i32>(p + (<usize>i << 2), v);
}

/** Round up to a multiple of 16 bytes. */
@inline export function align16(p: usize): usize {
  return (p + 15) & ~(<usize>15);
}

/** First byte of the dynamic area. */
export function dynamicBase(): usize {
  return align16(__heap_base);
}

/** Grow memory so that bytes [0, end) are addressable; false when the host refuses. */
export function ensureMemory(end: usize): bool {
  const have = <usize>memory.size() << 16;
  if (end <= have) return true;
  const need = <i32>((end - have + 0xffff) >> 16);
  // Perf: grow at least by the current size (doubling) so a growing arena pays O(log n) grows.
  const more = need > memory.size() ? need : memory.size();
  if (memory.grow(more) >= 0) return true;
  return memory.grow(need) >= 0;
}
