// Tables pad and cut by display width, so rows of CJK text fit the terminal as ASCII rows do.

// Unicode 15 East_Asian_Width W and F ranges (inclusive), merged and sorted: the blocks, not every point.
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26ce, 0x26ce],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f3],
  [0x26f5, 0x26f5],
  [0x26fa, 0x26fa],
  [0x26fd, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x274e, 0x274e],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18aff],
  [0x1b000, 0x1b2ff],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f202],
  [0x1f210, 0x1f23b],
  [0x1f240, 0x1f248],
  [0x1f250, 0x1f251],
  [0x1f260, 0x1f265],
  [0x1f300, 0x1f320],
  [0x1f32d, 0x1f335],
  [0x1f337, 0x1f37c],
  [0x1f37e, 0x1f393],
  [0x1f3a0, 0x1f3ca],
  [0x1f3cf, 0x1f3d3],
  [0x1f3e0, 0x1f3f0],
  [0x1f3f4, 0x1f3f4],
  [0x1f3f8, 0x1f43e],
  [0x1f440, 0x1f440],
  [0x1f442, 0x1f4fc],
  [0x1f4ff, 0x1f53d],
  [0x1f54b, 0x1f54e],
  [0x1f550, 0x1f567],
  [0x1f57a, 0x1f57a],
  [0x1f595, 0x1f596],
  [0x1f5a4, 0x1f5a4],
  [0x1f5fb, 0x1f64f],
  [0x1f680, 0x1f6c5],
  [0x1f6cc, 0x1f6cc],
  [0x1f6d0, 0x1f6d2],
  [0x1f6d5, 0x1f6d7],
  [0x1f6dc, 0x1f6df],
  [0x1f6eb, 0x1f6ec],
  [0x1f6f4, 0x1f6fc],
  [0x1f7e0, 0x1f7eb],
  [0x1f7f0, 0x1f7f0],
  [0x1f90c, 0x1f93a],
  [0x1f93c, 0x1f945],
  [0x1f947, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

// Marks, format characters and variation selectors take no column. Perf: compiled on first use, not at import.
let zero: RegExp | undefined;
const ZERO = (): RegExp => (zero ??= /^[\p{Mn}\p{Me}\p{Cf}]$/u);

/** Columns one code point takes: 0, 1 or 2. */
export function charWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? 0 : 1;
  if (cp < 0x1100) return ZERO().test(String.fromCodePoint(cp)) ? 0 : 1;
  let lo = 0;
  let hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = WIDE[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return 2;
  }
  return ZERO().test(String.fromCodePoint(cp)) ? 0 : 1;
}

/** Columns `text` takes on a terminal, e.g. `displayWidth('中文 ok')` → 7. */
export function displayWidth(text: string): number {
  let n = 0;
  for (const ch of text) n += charWidth(ch.codePointAt(0)!);
  return n;
}

/** `text` padded with spaces to `width` columns (never cut). */
export function padEndWidth(text: string, width: number): string {
  const w = displayWidth(text);
  return w >= width ? text : text + ' '.repeat(width - w);
}

/** `text` with white space runs made one space, cut to `width` columns with '…'; a straddling wide char is left out. */
export function cutToWidth(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (width <= 0) return '';
  if (displayWidth(flat) <= width) return flat;
  let out = '';
  let used = 0;
  for (const ch of flat) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/** Columns assumed when stdout is not a terminal. */
export const DEFAULT_COLUMNS = 80;

/** The longest start of `text` within `width` columns (at least one character). */
export function headToWidth(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width && out.length > 0) break;
    out += ch;
    used += w;
  }
  return out;
}

/** A window of at most `width` columns of `text` around 1-based `column`, and where `column` falls in it. */
export function cutAround(text: string, column: number, width: number): { text: string; column: number } {
  if (displayWidth(text) <= width) return { text, column };
  const at = Math.max(0, Math.min(column - 1, text.length));
  // The finding's column sits about a third of the way in.
  const before = displayWidth(text.slice(0, at));
  let start = 0;
  if (before > Math.floor(width / 3)) {
    let skip = before - Math.floor(width / 3) + 1;
    while (start < at && skip > 0) {
      const cp = text.codePointAt(start)!;
      skip -= charWidth(cp);
      start += cp > 0xffff ? 2 : 1;
    }
  }
  const lead = start > 0 ? '…' : '';
  const room = width - (lead ? 1 : 0);
  const rest = text.slice(start);
  const body = displayWidth(rest) <= room ? rest : `${headToWidth(rest, room - 1)}…`;
  return { text: lead + body, column: lead.length + (at - start) + 1 };
}
