/**
 * Reading the project's Markdown for the documentation tests: which files are
 * user documentation, their fenced code blocks (with the line each starts on)
 * and their relative links. Plain string work, no Markdown library: the docs
 * use only fenced blocks (``` or ~~~, possibly indented inside list items),
 * inline code and `[text](target)` links.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export interface CodeBlock {
  /** Repository-relative POSIX path of the Markdown file. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** First word of the info string (`ts`, `sh`, `text`, …); '' when there is none. */
  readonly lang: string;
  /** The block's text with the fence's indentation removed, ending in a newline. */
  readonly code: string;
  /** 1-based line of the closing fence (the block after it starts later). */
  readonly endLine: number;
}

/** The user documentation: the README and every Markdown file under docs/. */
export function docFiles(): string[] {
  const files = ['README.md'];
  const docs = join(REPO, 'docs');
  if (existsSync(docs)) {
    for (const entry of readdirSync(docs, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.md'))
        files.push(relative(REPO, join(entry.parentPath, entry.name)).split('\\').join('/'));
    }
  }
  return files.sort();
}

/** The README, ARCHITECTURE.md and docs/: everything whose links and wording are checked. */
export function markdownFiles(): string[] {
  return [...docFiles(), 'ARCHITECTURE.md'].sort();
}

export function read(file: string): string {
  return readFileSync(join(REPO, file), 'utf8');
}

const FENCE = /^( *)(`{3,}|~{3,})(.*)$/;

/** Every fenced code block of one Markdown text, in order. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE.exec(lines[j]!);
      if (close && close[2]!.startsWith(fence[0]!) && close[2]!.length >= fence.length && close[3]!.trim() === '')
        break;
      const raw = lines[j]!;
      body.push(raw.startsWith(indent) ? raw.slice(indent.length) : raw.trimStart());
    }
    blocks.push({
      file,
      line: i + 1,
      endLine: j + 1,
      lang: info.trim().split(/\s+/)[0] ?? '',
      code: body.length ? `${body.join('\n')}\n` : '',
    });
    i = j;
  }
  return blocks;
}

/** The text outside fenced blocks and inline code spans: what prose checks look at. */
export function prose(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    // One output line per input line, so line numbers stay those of the file.
    const m = FENCE.exec(line);
    if (fence === undefined && m) fence = m[2]![0];
    else if (fence !== undefined && m && m[2]![0] === fence && m[3]!.trim() === '') fence = undefined;
    else if (fence === undefined) {
      out.push(line.replace(/(`+)[^`]*?\1/g, ' '));
      continue;
    }
    out.push('');
  }
  return out.join('\n');
}

export interface Link {
  readonly line: number;
  readonly target: string;
}

/** Relative link targets (`[text](target)`) outside code, without their `#fragment`. */
export function relativeLinks(text: string): Link[] {
  const links: Link[] = [];
  prose(text)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        links.push({ line: i + 1, target: target.split('#')[0]! });
      }
    });
  return links;
}
