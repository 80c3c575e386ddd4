/**
 * Cut a SKILL.md into frontmatter and body by lines: the fences are whole `---` lines, so a `---` inside a value
 * or a Markdown rule in the body never cuts anything.
 */

/** Result of the line-fenced split. Line numbers are 1-based lines of SKILL.md. */
export type SplitResult =
  | {
      readonly kind: 'ok';
      /** YAML between the fences, line endings normalised to `\n`. */
      readonly yamlText: string;
      /** File line of the first YAML line. */
      readonly yamlLine: number;
      readonly closeLine: number;
      /** Everything after the closing fence line, line endings as in the file. */
      readonly body: string;
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

/** True when `text[start, end)` is `---` then only spaces/tabs (one trailing `\r` ignored). */
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

/** Split SKILL.md text into frontmatter YAML and body. */
export function splitFrontmatter(input: string): SplitResult {
  const bom = input.charCodeAt(0) === 0xfeff;
  const text = bom ? input.slice(1) : input;
  const crlf = text.indexOf('\r\n') !== -1;

  // Perf: lines found by offset, never sliced one by one; the YAML is one slice of the text.
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
