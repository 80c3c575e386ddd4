/**
 * Step 1 of parsing: cut a SKILL.md into frontmatter and body by
 * LINES. The frontmatter opens with a first line that is exactly `---` and
 * closes at the next line that is exactly `---` (trailing spaces or tabs
 * allowed). A `---` inside a value (`description: a---b`) or a Markdown rule in
 * the body never cuts anything — unlike validators that split the text at the
 * first literal `---`.
 */

/** Result of the line-fenced split. Line numbers are 1-based lines of SKILL.md. */
export type SplitResult =
  | {
      readonly kind: 'ok';
      /** YAML between the fences, line endings normalised to `\n`. */
      readonly yamlText: string;
      /** File line of the first YAML line (the line after the opening fence). */
      readonly yamlLine: number;
      /** File line of the closing fence. */
      readonly closeLine: number;
      /** Everything after the closing fence line, line endings as in the file. */
      readonly body: string;
      /** File line where the body starts. */
      readonly bodyLine: number;
      readonly bom: boolean;
      /** The file uses CRLF line endings (anywhere). */
      readonly crlf: boolean;
    }
  | {
      readonly kind: 'missing' | 'unterminated';
      readonly bom: boolean;
      readonly crlf: boolean;
      /** The text without a BOM (the whole file is the body). */
      readonly text: string;
    };

/** True when `text[start, end)` is a fence line: `---` then only spaces/tabs (one trailing `\r` ignored). */
function isFenceAt(text: string, start: number, end: number): boolean {
  if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
  if (
    end - start < 3 ||
    text.charCodeAt(start) !== 0x2d ||
    text.charCodeAt(start + 1) !== 0x2d ||
    text.charCodeAt(start + 2) !== 0x2d
  )
    return false;
  for (let i = start + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}

/**
 * Split SKILL.md text into frontmatter YAML and body.
 *
 * @example splitFrontmatter('---\nname: a\n---\nBody\n').kind // 'ok'
 */
export function splitFrontmatter(input: string): SplitResult {
  const bom = input.charCodeAt(0) === 0xfeff;
  const text = bom ? input.slice(1) : input;
  // Perf: one indexOf instead of a regex over a possibly large body.
  const crlf = text.indexOf('\r\n') !== -1;

  // Perf: lines are found by offset, never sliced one by one; the YAML is one slice of the
  // text (every frontmatter line ends with a line feed), CRLF folded only when the file has any.
  const eol = (from: number): number => {
    const nl = text.indexOf('\n', from);
    return nl === -1 ? text.length : nl;
  };
  let end = eol(0);
  if (!isFenceAt(text, 0, end)) return { kind: 'missing', bom, crlf, text };
  const yamlStart = end + 1;
  let lineNo = 1;
  // `end + 1 > text.length`: the last line had no line feed, so no line follows it.
  for (let lineStart = yamlStart; lineStart <= text.length; lineStart = end + 1) {
    lineNo++;
    end = eol(lineStart);
    if (!isFenceAt(text, lineStart, end)) continue;
    const yaml = text.slice(yamlStart, lineStart);
    return {
      kind: 'ok',
      yamlText: crlf ? yaml.replaceAll('\r\n', '\n') : yaml,
      yamlLine: 2,
      closeLine: lineNo,
      body: end + 1 > text.length ? '' : text.slice(end + 1),
      bodyLine: lineNo + 1,
      bom,
      crlf,
    };
  }
  return { kind: 'unterminated', bom, crlf, text };
}
