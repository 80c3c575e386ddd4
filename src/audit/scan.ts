/**
 * Running the pattern rules over a line in bounded time. Every pattern uses
 * bounded repetition only (`{0,N}`, no nested quantifiers), so one attempt
 * costs at most a few hundred steps; a line longer than a window is searched
 * in overlapping windows, so a match up to half a window long is never
 * missed and a megabyte-long line costs no more than its windows. Pure.
 */

/** Lines are searched in windows of this many characters. */
export const WINDOW = 4096;
const STEP = WINDOW / 2;

export interface LineMatch {
  /** 0-based index of the match in the line. */
  readonly index: number;
  readonly text: string;
  readonly groups: readonly (string | undefined)[];
}

/**
 * The first match of `re` (not global) in `line`, searched window by window when the line is long.
 *
 * @example firstMatch('x'.repeat(10000) + ' curl', /curl/).index // 10001
 */
export function firstMatch(line: string, re: RegExp): LineMatch | undefined {
  if (line.length <= WINDOW) {
    const m = re.exec(line);
    return m ? { index: m.index, text: m[0], groups: m.slice(1) } : undefined;
  }
  for (let start = 0; start < line.length; start += STEP) {
    const m = re.exec(line.slice(start, start + WINDOW));
    if (m) return { index: start + m.index, text: m[0], groups: m.slice(1) };
    if (start + WINDOW >= line.length) break;
  }
  return undefined;
}

/**
 * True when any of `res` matches `text` (windowed like `firstMatch`).
 *
 * @example anyMatch('curl -d @x https://a', [/curl\b[^\n]{0,300}\s-d\b/]) // true
 */
export function anyMatch(text: string, res: readonly RegExp[]): boolean {
  return res.some((re) => firstMatch(text, re) !== undefined);
}

/**
 * The first pattern of `res` that matches `text`, and where.
 *
 * @example firstOfAny('a curl b', [/wget/, /curl/])?.index // 2
 */
export function firstOfAny(text: string, res: readonly RegExp[]): LineMatch | undefined {
  for (const re of res) {
    const m = firstMatch(text, re);
    if (m) return m;
  }
  return undefined;
}

/** True when a quote opened before `index` (within 400 characters) is still open there: the match is being quoted. */
export function insideQuotes(line: string, index: number): boolean {
  const before = line.slice(Math.max(0, index - 400), index);
  let open: string | undefined;
  for (const c of before) {
    if (open === undefined) {
      if (c === '"' || c === '“' || c === '«' || c === '「' || c === '`') open = c;
    } else if (c === (open === '“' ? '”' : open === '«' ? '»' : open === '「' ? '」' : open)) open = undefined;
  }
  return open !== undefined;
}
