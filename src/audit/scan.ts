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
  let prev = ' ';
  for (const c of before) {
    if (open === undefined) {
      // A quote right after a letter closes one opened before this text began (`abgeschlossen“,`).
      if (c === '„' || c === '«' || c === '「' || c === '`') open = c;
      else if ((c === '"' || c === '“') && !/[\p{L}\p{N}]/u.test(prev)) open = c;
    } else if (
      c === (open === '“' ? '”' : open === '«' ? '»' : open === '「' ? '」' : open) ||
      // German and Polish quotes open low („) and close high (“ or ”).
      (open === '„' && (c === '“' || c === '”'))
    )
      open = undefined;
    prev = c;
  }
  return open !== undefined;
}

/** `(?=`, `(?!`, `(?<=`, `(?<!`: a lookaround may look past the end of its line. */
const LOOKAROUND = /\(\?<?[=!]/;
const MULTILINE = new WeakMap<RegExp, RegExp | null>();

/** Units with fewer lines than this are searched line by line without a first pass. */
const JOINED_MIN_LINES = 4;

/**
 * A unit's lines joined by `\n`, for `livePatterns`; undefined for a unit too short to be worth a first pass.
 *
 * @example joinLines(['a', 'b', 'c', 'd']) // 'a\nb\nc\nd'
 */
export function joinLines(lines: readonly string[]): string | undefined {
  return lines.length < JOINED_MIN_LINES ? undefined : lines.join('\n');
}

/**
 * The patterns of `res` that may match one of the lines `joined` holds (`joinLines`), found by
 * one search per pattern instead of one per line: a pattern that matches a line matches the
 * joined text under the `m` flag (`^` and `$` at line bounds, `\b` the same at a newline), so a
 * pattern left out cannot match any line. A pattern with a lookaround, which could see past its
 * line, is always kept, as are all of them without `joined`.
 *
 * @example livePatterns(joinLines(['echo hi', 'ls', 'pwd', 'cd /']), [/curl/, /ls/]) // [/ls/]
 */
export function livePatterns<T extends RegExp>(joined: string | undefined, res: readonly T[]): readonly T[] {
  if (joined === undefined) return res;
  return res.filter((re) => {
    let m = MULTILINE.get(re);
    if (m === undefined) {
      m = LOOKAROUND.test(re.source) ? null : new RegExp(re.source, `${re.flags.replace(/[gym]/g, '')}m`);
      MULTILINE.set(re, m);
    }
    return m === null || m.test(joined);
  });
}
