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

/** Every link and mention candidate in `text`, in order; the caller keeps those naming a skill. */
export function findReferences(text: string): Reference[] {
  return scan(text, CURSORS, true);
}

/**
 * The links of `findReferences(text)` that may lead out of the file's folder (a `..`, maybe percent-encoded): all
 * that `routing.missing-sibling` reads. Mentions are never looked for.
 */
export function findOutboundLinks(text: string): Reference[] {
  return scan(text, LINK_CURSORS, false);
}

// Links found where a body was parsed (in a worker, or kept in the parse cache), by package: the routing pass
// reads them instead of scanning the body again.
const knownOutboundLinks = new WeakMap<object, readonly Reference[]>();

/** Keep `findOutboundLinks(pkg.body)`, found while parsing, for `outboundLinksOf(pkg)`. */
export function keepOutboundLinks(pkg: { readonly body: string }, links: readonly Reference[]): void {
  knownOutboundLinks.set(pkg, links);
}

/** `findOutboundLinks(pkg.body)`, as kept when the package was parsed, else found now. */
export function outboundLinksOf(pkg: { readonly body: string }): readonly Reference[] {
  return knownOutboundLinks.get(pkg) ?? findOutboundLinks(pkg.body);
}

// `..` as written or percent-encoded (`%2e`): a link without one stays inside its folder.
const OUTBOUND = /\.\.|%2e/i;

function scan(text: string, cursors: readonly Cursor[], mentions: boolean): Reference[] {
  const out: Reference[] = [];
  let inFence = false;
  let line = 0;
  let counted = 0;
  // Perf: each cursor finds the next place its pattern could start with `indexOf` (several times faster
  // than one regex over the text), and only the lines holding one are sliced; most lines never are.
  const next = cursors.map((c) => c(text, 0));
  for (;;) {
    // Fences matter only before a place a reference could start: past the last such place, stop.
    let at = NONE;
    for (let k = FENCES; k < next.length; k++) if (next[k]! < at) at = next[k]!;
    if (at === NONE) break;
    at = Math.min(at, next[FENCE_TICKS]!, next[FENCE_TILDES]!);
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl;
    // A fence cursor stops only where a fence opens its line: such a line is never sliced.
    if (next[FENCE_TICKS]! < end || next[FENCE_TILDES]! < end) inFence = !inFence;
    else if (!inFence) {
      const start = text.lastIndexOf('\n', at) + 1;
      const found =
        end - start <= LINE_LIMIT
          ? scanLine(text.slice(start, text.charCodeAt(end - 1) === 0x0d ? end - 1 : end), mentions)
          : [];
      if (found.length > 0) {
        // Lines are counted only up to a line that holds a reference.
        for (let i = text.indexOf('\n', counted); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) line++;
        counted = start;
        for (const f of found)
          out.push({ kind: f.kind, target: f.target, text: f.text, line: line + 1, column: f.column });
      }
    }
    if (nl === -1) break;
    for (let k = 0; k < next.length; k++) if (next[k]! <= nl) next[k] = cursors[k]!(text, nl + 1);
  }
  return out;
}

type Found = Omit<Reference, 'line'>;

function scanLine(s: string, mentions: boolean): Found[] {
  const found: Found[] = [];
  if (s.includes('](')) {
    for (const m of s.matchAll(INLINE_LINK)) found.push(link(m[1]!, m.index + m[0].indexOf(m[1]!) + 1));
  }
  const def = s.includes(']:') ? REF_DEFINITION.exec(s) : null;
  if (def) found.push(link(def[1]!, s.indexOf(def[1]!) + 1));
  // Perf: lines are counted only for what is returned, and most links stay inside the skill.
  // A link's text is cut from the Markdown, which it would keep alive: the few links kept are copied out.
  if (!mentions)
    return found
      .filter((f) => OUTBOUND.test(f.target))
      .map((f) => link(detached(f.target), f.column))
      .sort((a, b) => a.column - b.column);
  if (SIGIL_BEFORE_NAME.test(s)) {
    for (const m of s.matchAll(SIGIL_MENTION)) {
      if (s[m.index - 1] === '(' && s[m.index - 2] === ']') continue;
      // `/word` and `a:word` are as often commands, paths or keys: only names of two words or more count.
      if (!m[1]!.startsWith('$') && !m[2]!.includes('-')) continue;
      found.push({ kind: 'mention', target: m[2]!, text: m[1]!, column: m.index + 1 });
    }
  }
  if (SKILL_WORD.test(s)) {
    for (const m of s.matchAll(PROSE_MENTION))
      found.push({ kind: 'mention', target: (m[1] ?? m[2]!).toLowerCase(), text: m[0], column: m.index + 1 });
  }
  return found.sort((a, b) => a.column - b.column);
}

/** A copy of `text` of its own: a slice of a long text (a SKILL.md) keeps all of it alive. */
export const detached = (text: string): string => ` ${text}`.slice(1);

function link(target: string, column: number): Found {
  return { kind: 'link', target, text: target, column };
}

// A cursor: the next index at or after `from` where a reference or a fence could start, else NONE.
// Each accepts every place its patterns match, and may accept more: the line is then read as before.
type Cursor = (text: string, from: number) => number;
const NONE = Number.MAX_SAFE_INTEGER;

const orNone = (i: number): number => (i === -1 ? NONE : i);
const literal =
  (s: string): Cursor =>
  (text, from) =>
    orNone(text.indexOf(s, from));
const accepting =
  (s: string, accept: (text: string, i: number) => boolean): Cursor =>
  (text, from) => {
    let i = text.indexOf(s, from);
    while (i !== -1 && !accept(text, i)) i = text.indexOf(s, i + 1);
    return orNone(i);
  };

// The fence cursors come first in both lists.
const LINK_CURSORS: readonly Cursor[] = [
  accepting('```', fenceAt),
  accepting('~~~', fenceAt),
  literal(']('),
  literal(']:'),
];
const CURSORS: readonly Cursor[] = [
  ...LINK_CURSORS,
  // `/name` and `$name` after a boundary, `ns:name`.
  accepting('/', (t, i) => isNameStart(t.charCodeAt(i + 1)) && (i === 0 || isBoundary(t.charCodeAt(i - 1)))),
  accepting('$', (t, i) => isNameStart(t.charCodeAt(i + 1)) && (i === 0 || isBoundary(t.charCodeAt(i - 1)))),
  accepting(':', (t, i) => isNameStart(t.charCodeAt(i + 1)) && isNameStart(t.charCodeAt(i - 1))),
  // "skill" in any case (its second letter is one of these two), as the end of a prose mention.
  skillCursor('k'),
  skillCursor('K'),
];
const FENCE_TICKS = 0;
const FENCE_TILDES = 1;
const FENCES = 2;

function skillCursor(k: string): Cursor {
  return (text, from) => {
    // Perf: `k` is frequent; the test of the letter before it is inline.
    for (let i = text.indexOf(k, from); i !== -1; i = text.indexOf(k, i + 1))
      if ((text.charCodeAt(i - 1) | 0x20) === 0x73 && proseSkillAt(text, i - 1)) return i;
    return NONE;
  };
}

/** At most three spaces from the start of its line (`^\s{0,3}`). */
function fenceAt(text: string, i: number): boolean {
  for (let j = i - 1, n = 0; j >= 0 && text.charCodeAt(j) !== 0x0a; j--)
    if (++n > 3 || !isSpace(text.charCodeAt(j))) return false;
  return true;
}

/** `skill` at `i` after a space, not in a longer word, and after `the name`, `the 'name'` or `` `name` ``. */
function proseSkillAt(text: string, i: number): boolean {
  if (i < 1 || !lettersAt(text, i, 'skill')) return false;
  if (isWordChar(text.charCodeAt(i + 5)) || !isSpace(text.charCodeAt(i - 1))) return false;
  let j = i - 1;
  while (j >= 0 && isSpace(text.charCodeAt(j))) j--;
  for (let q = 0; q < 2 && isQuote(text.charCodeAt(j)); q++) j--;
  if (!isAlnum(text.charCodeAt(j))) return false;
  while (j >= 0 && (isAlnum(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2d)) j--;
  if (text.charCodeAt(j) === 0x60) return true;
  for (let q = 0; q < 2 && isQuote(text.charCodeAt(j)); q++) j--;
  if (!isSpace(text.charCodeAt(j))) return false;
  while (j >= 0 && isSpace(text.charCodeAt(j))) j--;
  return j >= 2 && lettersAt(text, j - 2, 'the');
}

/** `lower` (ASCII letters) at `i` in any case, as a regular expression's `i` flag matches it. */
function lettersAt(text: string, i: number, lower: string): boolean {
  for (let k = 0; k < lower.length; k++) if ((text.charCodeAt(i + k) | 0x20) !== lower.charCodeAt(k)) return false;
  return true;
}

const isNameStart = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
const isAlnum = (c: number): boolean => isNameStart(c | 0x20) && !(c >= 0x10 && c <= 0x19);
const isWordChar = (c: number): boolean => isAlnum(c) || c === 0x5f;
const isQuote = (c: number): boolean => c === 0x60 || c === 0x2a || c === 0x22 || c === 0x27;
/** `(`, `[`, a backtick, a quote, `*` or `_`: what may come before a sigil. */
const isBoundary = (c: number): boolean =>
  c === 0x28 || c === 0x5b || c === 0x60 || c === 0x22 || c === 0x27 || c === 0x2a || c === 0x5f || isSpace(c);

/** JavaScript's `\s`. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
