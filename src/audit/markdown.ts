/**
 * A Markdown file split the way the audit reads it, in one pass over its
 * lines: prose (what renders as text), code (fenced blocks and inline code
 * spans, checked as commands) and hidden markup (HTML comments, `[//]: #`
 * comments, elements styled `display:none`). Columns are kept: hidden and
 * code parts are blanked out of the prose line, never removed. Pure and
 * linear in the text (long lines are not searched for inline code).
 */

/** A piece of text at a place in the file. */
export interface Located {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column of `text`'s first character. */
  readonly column: number;
  readonly text: string;
}

/** A fenced code block: its info string's first word (lower case) and its lines. */
export interface Fence {
  readonly lang: string;
  readonly lines: readonly Located[];
}

export interface MarkdownParts {
  /** Prose lines (code spans and hidden parts blanked with spaces), frontmatter left out. */
  readonly prose: readonly Located[];
  readonly fences: readonly Fence[];
  /** Inline code spans outside fences. */
  readonly spans: readonly Located[];
  /** HTML comments and other markup that does not render, one entry per line it covers. */
  readonly hidden: readonly Located[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)/;
/** Lines longer than this are prose only: inline code is not looked for in them. */
const SPAN_LINE_LIMIT = 16 * 1024;
const REF_COMMENT = /^ {0,3}\[(?:\/\/|comment|#)\]: *(?:#|<>) *\((.*)\) *$/i;
const DISPLAY_NONE = /<(\w{1,10})\b[^>\n]{0,200}(?:display\s{0,3}:\s{0,3}none|\bhidden\b)[^>\n]{0,200}>/i;

/**
 * Split `text` (whole file). With `frontmatter`, a leading `---` block is skipped.
 *
 * @example splitMarkdown('Run `curl x | sh`\n<!-- ignore -->').spans[0].text // 'curl x | sh'
 */
export function splitMarkdown(text: string, frontmatter = false): MarkdownParts {
  const lines = text.split('\n');
  const prose: Located[] = [];
  const fences: Fence[] = [];
  const spans: Located[] = [];
  const hidden: Located[] = [];
  let i = 0;
  if (frontmatter && /^\uFEFF?---\s*$/.test(lines[0] ?? '')) {
    for (i = 1; i < lines.length && !/^(?:---|\.\.\.)\s*$/.test(lines[i]!); i++);
    i++;
  }
  let fence: { marker: string; lang: string; lines: Located[] } | undefined;
  let inComment = false;
  for (; i < lines.length; i++) {
    const raw = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    const lineNo = i + 1;
    if (fence) {
      const close = mayFence(raw) ? FENCE.exec(raw) : null;
      if (
        close &&
        close[1]![0] === fence.marker[0] &&
        close[1]!.length >= fence.marker.length &&
        raw.trim() === close[1]
      ) {
        fences.push({ lang: fence.lang, lines: fence.lines });
        fence = undefined;
      } else fence.lines.push({ line: lineNo, column: 1, text: raw });
      continue;
    }
    if (!inComment) {
      const open = mayFence(raw) ? FENCE.exec(raw) : null;
      if (open) {
        fence = { marker: open[1]!, lang: (open[2] ?? '').toLowerCase().replace(/^\{\.?|\}$/g, ''), lines: [] };
        continue;
      }
      const ref = raw.includes('[') ? REF_COMMENT.exec(raw) : null;
      if (ref) {
        hidden.push({ line: lineNo, column: raw.indexOf('(') + 2, text: ref[1]! });
        continue;
      }
    }
    // Perf: most lines hold no code span, no comment and no markup: they are prose as they are.
    if (!inComment && !raw.includes('`') && !raw.includes('<')) {
      prose.push({ line: lineNo, column: 1, text: raw });
      continue;
    }
    // HTML comments, possibly over several lines: blank them out of the prose. A `<!--` inside an
    // inline code span is code, not a comment: spans are blanked (and collected) first.
    const lineSpans: Located[] = [];
    const unspanned = !inComment && raw.length <= SPAN_LINE_LIMIT ? blankSpans(raw, lineNo, lineSpans) : raw;
    let visible = '';
    let pos = 0;
    while (pos < raw.length) {
      if (inComment) {
        const end = raw.indexOf('-->', pos);
        const stop = end < 0 ? raw.length : end;
        if (stop > pos) hidden.push({ line: lineNo, column: pos + 1, text: raw.slice(pos, stop) });
        visible += ' '.repeat(stop - pos + (end < 0 ? 0 : 3));
        pos = end < 0 ? raw.length : end + 3;
        if (end >= 0) inComment = false;
      } else {
        const start = unspanned.indexOf('<!--', pos);
        if (start < 0) {
          visible += unspanned.slice(pos);
          break;
        }
        visible += `${unspanned.slice(pos, start)}    `;
        pos = start + 4;
        inComment = true;
      }
    }
    // Spans inside a comment are hidden text, already collected as such.
    for (const span of lineSpans)
      if (
        visible.slice(span.column - 1, span.column - 1 + span.text.length).trim() === '' &&
        unspanned.slice(span.column - 1, span.column - 1 + span.text.length).trim() === '' &&
        !hidden.some((h) => h.line === lineNo && h.column <= span.column)
      )
        spans.push(span);
    const styled = visible.length <= SPAN_LINE_LIMIT ? DISPLAY_NONE.exec(visible) : null;
    if (styled) {
      const close = visible.indexOf(`</${styled[1]}`, styled.index + styled[0].length);
      const end = close < 0 ? visible.length : close;
      const inner = visible.slice(styled.index + styled[0].length, end);
      if (inner.trim() !== '') hidden.push({ line: lineNo, column: styled.index + styled[0].length + 1, text: inner });
      visible = `${visible.slice(0, styled.index)}${' '.repeat(end - styled.index)}${visible.slice(end)}`;
    }
    prose.push({ line: lineNo, column: 1, text: visible });
  }
  // An unclosed fence runs to the end of the file, as CommonMark reads it.
  if (fence) fences.push({ lang: fence.lang, lines: fence.lines });
  return { prose, fences, spans, hidden };
}

/** Whether `line` can open or close a fence: a backtick or tilde after at most three spaces. */
function mayFence(line: string): boolean {
  let at = 0;
  while (at < 3 && line.charCodeAt(at) === 0x20) at++;
  const c = line.charCodeAt(at);
  return c === 0x60 || c === 0x7e;
}

/** `line` with each inline code span replaced by spaces; the spans go to `out`. */
function blankSpans(line: string, lineNo: number, out: Located[]): string {
  if (!line.includes('`')) return line;
  let result = '';
  let pos = 0;
  // A run length with no closing run later never gets one further on: each length is searched for in vain once.
  const unmatched = new Set<number>();
  while (pos < line.length) {
    const open = line.indexOf('`', pos);
    if (open < 0) break;
    let n = open;
    while (n < line.length && line[n] === '`') n++;
    const run = line.slice(open, n);
    const close = unmatched.has(run.length) ? -1 : line.indexOf(run, n);
    if (close < 0) {
      unmatched.add(run.length);
      result += line.slice(pos, n);
      pos = n;
      continue;
    }
    out.push({ line: lineNo, column: n + 1, text: line.slice(n, close) });
    result += `${line.slice(pos, open)}${' '.repeat(close + run.length - open)}`;
    pos = close + run.length;
  }
  return result + line.slice(pos);
}
