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

/** True for a fence line: `---` followed only by spaces/tabs (a trailing `\r` is already removed). */
function isFence(line: string): boolean {
  if (!line.startsWith('---')) return false;
  for (let i = 3; i < line.length; i++) {
    const c = line.charCodeAt(i);
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

  let lineStart = 0;
  let lineNo = 1;
  const readLine = (): string | undefined => {
    if (lineStart > text.length) return undefined;
    const nl = text.indexOf('\n', lineStart);
    const end = nl === -1 ? text.length : nl;
    let line = text.slice(lineStart, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    lineStart = nl === -1 ? text.length + 1 : nl + 1;
    return line;
  };

  const first = readLine();
  if (first === undefined || !isFence(first)) return { kind: 'missing', bom, crlf, text };

  const yamlLines: string[] = [];
  // Perf: only the frontmatter is cut into lines; the body stays one slice.
  for (;;) {
    const line = readLine();
    lineNo++;
    if (line === undefined) return { kind: 'unterminated', bom, crlf, text };
    if (isFence(line)) {
      const body = lineStart > text.length ? '' : text.slice(lineStart);
      return {
        kind: 'ok',
        yamlText: yamlLines.length === 0 ? '' : `${yamlLines.join('\n')}\n`,
        yamlLine: 2,
        closeLine: lineNo,
        body,
        bodyLine: lineNo + 1,
        bom,
        crlf,
      };
    }
    yamlLines.push(line);
  }
}
