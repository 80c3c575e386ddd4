/** Frontmatter read line by line, as the Agents SDKs and Gemini CLI's fallback do: text values by key, no YAML. */

function indentOf(line: string): number {
  return line.length - line.replace(/^ +/, '').length;
}

/** A single-line value in matching quotes loses them; anything else is kept as written. */
function unquote(value: string): string {
  const q = value[0];
  return value.length >= 2 && (q === '"' || q === "'") && value.at(-1) === q ? value.slice(1, -1) : value;
}

/** Plain continuation lines join with a space; an indented or blank-separated line keeps its breaks. */
function foldLines(lines: readonly string[]): string {
  const parts: string[] = [];
  let previous = '';
  let blanks = 0;
  for (const line of lines) {
    if (!line) {
      blanks++;
      continue;
    }
    if (parts.length > 0) {
      const indented = /^[ \t]/.test(previous) || /^[ \t]/.test(line);
      parts.push(indented ? '\n'.repeat(blanks + 1) : '\n'.repeat(blanks) || ' ');
    }
    parts.push(line);
    previous = line;
    blanks = 0;
  }
  return parts.join('');
}

const BLOCK_HEADER = /^([>|])(?:([1-9])[+-]?|[+-]([1-9])?)?(?:[ \t]+#.*)?$/;

/**
 * The Agents SDK's reader (JavaScript): root-level `key: value` lines between `---` lines, plain values folded,
 * `|` and `>` blocks, one pair of matching quotes stripped; comments and nested keys skipped.
 */
export function readSdkLines(text: string): Record<string, string> | null {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return null;
  const fence = indentOf(lines[0]);
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---' && indentOf(line) <= fence);
  if (end < 0) return null;
  const out: Record<string, string> = {};
  let rootIndent: number | undefined;
  for (let i = 1; i < end;) {
    const line = lines[i++]!;
    const stripped = line.trim();
    const colon = stripped.indexOf(':');
    if (!stripped || stripped.startsWith('#') || colon < 0) continue;
    const key = stripped.slice(0, colon).trim();
    const raw = stripped.slice(colon + 1).trim();
    if (!key) continue;
    const keyIndent = indentOf(line);
    rootIndent ??= keyIndent;
    if (keyIndent !== rootIndent) continue;
    const header = BLOCK_HEADER.exec(raw);
    const explicit = header?.[2] ?? header?.[3];
    let contentIndent = explicit ? keyIndent + Number(explicit) : undefined;
    const body: string[] = [];
    for (; i < end; i++) {
      const next = lines[i]!;
      if (!header && next.trimStart().startsWith('#')) continue;
      if (next.trim()) {
        const indent = indentOf(next);
        if (indent < (contentIndent ?? keyIndent + 1)) break;
        if (header) contentIndent ??= indent;
      }
      body.push(next);
    }
    if (header) {
      const content = body.map((l) => l.slice(contentIndent ?? 0));
      out[key] = (header[1] === '|' ? content.join('\n') : foldLines(content)).trim();
    } else if (/^["']/.test(raw)) out[key] = unquote(raw);
    else out[key] = raw ? foldLines([raw, ...body.map((l) => l.trim())]) : '';
  }
  return out;
}

/** The Python SDK's reader: every line with a colon in the block is `key: value`, split at the first colon. */
export function readPythonLines(text: string): Record<string, string> | null {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length === 0 || pyStrip(lines[0]!) !== '---') return null;
  const end = lines.findIndex((line, i) => i > 0 && pyStrip(line) === '---');
  if (end < 0) return null;
  const out: Record<string, string> = {};
  for (const line of lines.slice(1, end)) {
    const stripped = pyStrip(line);
    if (stripped === '' || stripped.startsWith('#') || !stripped.includes(':')) continue;
    const colon = stripped.indexOf(':');
    out[pyStrip(stripped.slice(0, colon))] = unquote(pyStrip(stripped.slice(colon + 1)));
  }
  return out;
}

/** Python's `str.strip()`: a byte order mark is kept (unlike JavaScript's `trim`). */
function pyStrip(text: string): string {
  return text.replace(/^[^\S\uFEFF]+|[^\S\uFEFF]+$/g, '');
}

/** Gemini CLI's fallback: `name:` and `description:` lines anywhere in the block, indented continuations joined. */
export function readNameDescriptionLines(yamlText: string): { name: string; description: string } | null {
  const lines = yamlText.split(/\r?\n/);
  let name: string | undefined;
  let description: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const n = /^\s*name:\s*(.*)$/.exec(line);
    if (n) {
      name = n[1]!.trim();
      continue;
    }
    const d = /^\s*description:\s*(.*)$/.exec(line);
    if (!d) continue;
    const parts = [d[1]!.trim()];
    while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!)) parts.push(lines[++i]!.trim());
    description = parts.filter(Boolean).join(' ');
  }
  return name !== undefined && description !== undefined ? { name, description } : null;
}
