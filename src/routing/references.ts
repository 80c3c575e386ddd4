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
// Cheap tests a line must pass before the mention patterns run: a sigil right before a name
// character, and "skill" as a word after a space.
const SIGIL_BEFORE_NAME = /[/$:][a-z0-9]/;
const SKILL_WORD = /\sskill\b/i;
/** Longer lines are minified or generated text: not searched for mentions. */
const LINE_LIMIT = 16 * 1024;

/** Whatever a line must hold to matter: a link, a sigil, the word "skill", or a fence. */
const TRIGGER = /\]\(|\]:|[/$:]|skill|```|~~~/gi;

/** Every link and mention candidate in `text`, in order; the caller keeps those naming a skill. */
export function findReferences(text: string): Reference[] {
  const out: Reference[] = [];
  let inFence = false;
  // Lines without a trigger can neither hold a reference nor open a fence: only the others are sliced.
  let line = 0;
  let lineStart = 0;
  TRIGGER.lastIndex = 0;
  for (let m = TRIGGER.exec(text); m !== null; m = TRIGGER.exec(text)) {
    const start = text.lastIndexOf('\n', m.index) + 1;
    for (let i = text.indexOf('\n', lineStart); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) line++;
    const nl = text.indexOf('\n', m.index);
    const end = nl === -1 ? text.length : nl;
    const raw = text.slice(start, end);
    if ((raw.includes('```') || raw.includes('~~~')) && FENCE.test(raw)) inFence = !inFence;
    else if (!inFence && raw.length <= LINE_LIMIT) scanLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw, line + 1, out);
    if (nl === -1) break;
    line++;
    lineStart = TRIGGER.lastIndex = nl + 1;
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
  if (SIGIL_BEFORE_NAME.test(s)) {
    for (const m of s.matchAll(SIGIL_MENTION)) {
      if (s[m.index - 1] === '(' && s[m.index - 2] === ']') continue;
      // `/word` and `a:word` are as often commands, paths or keys: only names of two words or more count.
      if (!m[1]!.startsWith('$') && !m[2]!.includes('-')) continue;
      found.push({ kind: 'mention', target: m[2]!, text: m[1]!, line, column: m.index + 1 });
    }
  }
  if (SKILL_WORD.test(s)) {
    for (const m of s.matchAll(PROSE_MENTION))
      found.push({ kind: 'mention', target: (m[1] ?? m[2]!).toLowerCase(), text: m[0], line, column: m.index + 1 });
  }
  out.push(...found.sort((a, b) => a.column - b.column));
}

function link(target: string, line: number, column: number): Reference {
  return { kind: 'link', target, text: target, line, column };
}
