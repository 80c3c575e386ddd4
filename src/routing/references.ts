// Links and mentions (`/name`, `$name`, `plugin:name`, "the name skill") of other skills in
// Markdown. Fenced code is skipped: there `/usr`, `$HOME` and `a:b` are paths, variables and keys.

export interface Reference {
  readonly kind: 'link' | 'mention';
  /** The link target as written, or the mentioned name (lower case). */
  readonly target: string;
  readonly text: string;
  /** 1-based, within the text scanned (the caller adds the text's first line). */
  readonly line: number;
  readonly column: number;
}

const INLINE_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REF_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const NAME = '[a-z0-9]+(?:-[a-z0-9]+)*';
const BEFORE = '(?<=^|[\\s(\\[`"\'*_])';
// Not a longer word, path or file name (`/api/users`, `/run.sh`, `$a_b`).
const AFTER = '(?![\\w/-]|\\.\\w)';
const SIGIL_MENTION = new RegExp(`${BEFORE}((?:[/$]|${NAME}:)(${NAME}))${AFTER}`, 'g');
const PROSE_MENTION = new RegExp(`(?:\\bthe\\s+[\`*"']{0,2}(${NAME})[\`*"']{0,2}|\`(${NAME})\`)\\s+skill\\b`, 'gi');
/** Longer lines are minified or generated text: not searched for mentions. */
const LINE_LIMIT = 16 * 1024;

/** Every link and mention candidate in `text`, in order; the caller keeps those naming a skill. */
export function findReferences(text: string): Reference[] {
  const out: Reference[] = [];
  let inFence = false;
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const raw = text.slice(start, end);
    start = end + 1;
    if ((raw.includes('```') || raw.includes('~~~')) && FENCE.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (!inFence && raw.length <= LINE_LIMIT) scanLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw, line + 1, out);
    if (nl === -1) break;
  }
  return out;
}

function scanLine(s: string, line: number, out: Reference[]): void {
  const found: Reference[] = [];
  if (s.includes('](')) {
    for (const m of s.matchAll(INLINE_LINK)) found.push(link(m[1]!, line, m.index + m[0].indexOf(m[1]!) + 1));
  }
  const def = s.includes(']:') ? REF_DEFINITION.exec(s) : null;
  if (def) found.push(link(def[1]!, line, s.indexOf(def[1]!) + 1));
  // Perf: most lines hold no sigil; the mention patterns run only on those that do.
  if (s.includes('/') || s.includes('$') || s.includes(':')) {
    for (const m of s.matchAll(SIGIL_MENTION)) {
      if (s[m.index - 1] === '(' && s[m.index - 2] === ']') continue;
      // `/word` and `a:word` are as often commands, paths or keys: only names of two words or more count.
      if (!m[1]!.startsWith('$') && !m[2]!.includes('-')) continue;
      found.push({ kind: 'mention', target: m[2]!, text: m[1]!, line, column: m.index + 1 });
    }
  }
  if (/skill/i.test(s)) {
    for (const m of s.matchAll(PROSE_MENTION))
      found.push({ kind: 'mention', target: (m[1] ?? m[2]!).toLowerCase(), text: m[0], line, column: m.index + 1 });
  }
  out.push(...found.sort((a, b) => a.column - b.column));
}

function link(target: string, line: number, column: number): Reference {
  return { kind: 'link', target, text: target, line, column };
}
