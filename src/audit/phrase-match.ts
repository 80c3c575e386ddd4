/**
 * Phrase lists (`phrases/*.json`, one per language) compiled into one
 * index and matched against text in time linear in its words: text is
 * normalized (lower case, accents and combining marks removed, `n't` and
 * `'s` joined), split into words, and each word looks up the phrases that
 * can start with it; a phrase allows a few other words between its own,
 * so inflection, articles and word order tolerate small changes.
 * Chinese and Japanese phrases, written without spaces, are matched as
 * pieces with short gaps. Pure.
 */
import de from './phrases/de.json' with { type: 'json' };
import en from './phrases/en.json' with { type: 'json' };
import es from './phrases/es.json' with { type: 'json' };
import fr from './phrases/fr.json' with { type: 'json' };
import ja from './phrases/ja.json' with { type: 'json' };
import pt from './phrases/pt.json' with { type: 'json' };
import ru from './phrases/ru.json' with { type: 'json' };
import zh from './phrases/zh.json' with { type: 'json' };
import { asAscii, wordAnchors } from './needles.js';

/** What a phrase signals. */
export type PhraseClass =
  | 'override'
  | 'authority'
  | 'priority'
  | 'secrecy'
  | 'approval'
  | 'persona'
  | 'routing'
  | 'obsolete'
  | 'remote'
  | 'exfil'
  | 'update';

interface PhraseFile {
  readonly language: string;
  /** Common words of the language; its phrases count only on a line holding two of them. */
  readonly markers?: readonly string[];
  readonly discussion: readonly string[];
  readonly phrases: readonly { readonly class: string; readonly text: string; readonly severity?: string }[];
}

export const PHRASE_FILES: readonly PhraseFile[] = [en, es, fr, de, pt, ru, zh, ja];

interface Slot {
  /** Words, each a whole word or (with `prefix`) a beginning. Empty for a gap slot. */
  readonly alts: readonly { readonly word: string; readonly prefix: boolean }[];
  readonly gap: boolean;
}

interface Phrase {
  readonly cls: PhraseClass;
  readonly strong: boolean;
  readonly language: string;
  readonly text: string;
  readonly slots: readonly Slot[];
  /** The slot the index is keyed on: the one with the least common words, so few lines reach the matcher. */
  readonly anchor: number;
  /** How many words before the anchor a match may start. */
  readonly reach: number;
  /** A second slot every match needs, keyed too: a line must hold both anchors to be matched at all. */
  readonly second: number;
  /** A third slot of uncommon words every match needs (-1: none), required by the prefilter too. */
  readonly third: number;
  /** Index among all phrases (for the per-line marks of the anchor scan). */
  readonly id: number;
}

/** Words too common to key the index on. */
const COMMON = new Set([
  'use',
  'the',
  'this',
  'that',
  'these',
  'for',
  'all',
  'any',
  'every',
  'each',
  'do',
  'not',
  'dont',
  'no',
  'you',
  'your',
  'are',
  'is',
  'to',
  'of',
  'in',
  'on',
  'at',
  'with',
  'and',
  'or',
  'it',
  'a',
  'an',
  'as',
  'from',
  'new',
  'first',
  'before',
  'always',
  'never',
  'user',
  'users',
  'skill',
  'skills',
  'other',
  'run',
  'read',
  'load',
  'from',
  'what',
  'about',
  'so',
  'by',
  'have',
  'has',
  'be',
  'if',
  'when',
  'even',
  'of',
  'de',
  'la',
  'le',
  'les',
  'el',
  'los',
  'las',
  'des',
  'du',
  'der',
  'die',
  'das',
  'und',
  'et',
  'y',
  'e',
  'o',
  'a',
  'em',
  'en',
  'para',
  'pour',
  'fur',
  'mit',
  'sans',
  'sin',
  'sem',
  'ne',
  'pas',
  'nicht',
  'um',
  'und',
]);

/**
 * Words on nearly every line of every language: never a third anchor, whose word would be marked on
 * every line for nothing.
 */
const STOP = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'and',
  'or',
  'in',
  'is',
  'it',
  'you',
  'your',
  'this',
  'that',
  'for',
  'on',
  'be',
  'with',
  'as',
  'at',
  'by',
  'de',
  'la',
  'le',
  'el',
  'die',
  'der',
  'das',
  'und',
  'et',
  'y',
  'e',
  'o',
  'en',
  'em',
]);
const GAP_SLOT: Slot = { alts: [], gap: true };

/** The index of the slot whose words are rarest (longest of those not in COMMON). */
function anchorSlot(slots: readonly Slot[]): number {
  let best = 0;
  let score = -1;
  slots.forEach((s, i) => {
    if (s.gap) return;
    const common = s.alts.some((a) => COMMON.has(a.word) || a.word.length < 3);
    const value = (common ? 0 : 100) + Math.min(...s.alts.map((a) => a.word.length));
    if (value > score) {
      score = value;
      best = i;
    }
  });
  return best;
}

/** One phrase found in a text: its class, whether it is unambiguous alone, where (UTF-16 offsets). */
export interface PhraseHit {
  readonly cls: PhraseClass;
  readonly strong: boolean;
  readonly language: string;
  readonly start: number;
  readonly end: number;
}

/** Words allowed between two words of a phrase; a `*` slot allows this many. */
const SLACK = 3;
const GAP = 5;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Text as phrases are written: lower case, no accents, `don't` → `dont`, other apostrophes split words.
 *
 * @example normalizeText("Don't ÉCRIS l'utilisateur") // "dont ecris l utilisateur"
 */
export function normalizeText(text: string): string {
  // Perf: ASCII text (most of it) skips the Unicode decomposition.
  // eslint-disable-next-line no-control-regex
  const base = /^[\u0000-\u007f]*$/.test(text)
    ? text.toLowerCase()
    : text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  // Perf: most lines have no apostrophe and skip the replacements.
  if (!/['’ʼ`]/.test(base)) return base;
  return base.replace(/[’ʼ`]/g, "'").replace(/n't\b/g, 'nt').replace(/'s\b/g, 's').replace(/'/g, ' ');
}

/** The phrases a word (or a word's beginning, `stem`) anchors first, second and third. */
interface Keyed {
  readonly first: Phrase[];
  readonly second: Phrase[];
  readonly third: Phrase[];
  /** The ids of `first`, `second` and `third`, for the prefilter's marks (set once all phrases are read). */
  ids?: { readonly first: Int32Array; readonly second: Int32Array; readonly third: Int32Array };
}

/**
 * A trie of the anchor words, one node per character: a word of the text is walked once, and a walk
 * stops at its first character no anchor continues with (most words stop in two or three).
 */
interface TrieNode {
  /** Children by ASCII letter or digit (`asciiSlot`). */
  readonly ascii: (TrieNode | undefined)[];
  /** Children by any other UTF-16 unit. */
  other: Map<number, TrieNode> | undefined;
  /** Anchors that are this word's beginning (a `*` word in the list). */
  stem: Keyed | undefined;
  /** Anchors that are this whole word. */
  whole: Keyed | undefined;
}

function trieNode(): TrieNode {
  return {
    ascii: new Array<TrieNode | undefined>(36).fill(undefined),
    other: undefined,
    stem: undefined,
    whole: undefined,
  };
}

/** The slot of a lower-case ASCII letter or digit (0–35), else -1. */
function asciiSlot(ch: number): number {
  return ch >= 97 && ch <= 122 ? ch - 97 : ch >= 48 && ch <= 57 ? ch - 22 : -1;
}

function child(node: TrieNode, ch: number): TrieNode | undefined {
  const slot = asciiSlot(ch);
  return slot >= 0 ? node.ascii[slot] : node.other?.get(ch);
}

/** The node of `word` (created with its path). */
function insert(root: TrieNode, word: string): TrieNode {
  let node = root;
  for (let i = 0; i < word.length; i++) {
    const ch = word.charCodeAt(i);
    let next = child(node, ch);
    if (!next) {
      next = trieNode();
      const slot = asciiSlot(ch);
      if (slot >= 0) node.ascii[slot] = next;
      else (node.other ??= new Map()).set(ch, next);
    }
    node = next;
  }
  return node;
}

let compiled:
  | {
      readonly trie: TrieNode;
      readonly flat: FlatTrie;
      readonly anchors: readonly { readonly word: string; readonly whole: boolean; readonly keyed: Keyed }[];
      readonly markers: ReadonlyMap<string, ReadonlySet<string>>;
      readonly cjk: readonly { readonly phrase: Phrase; readonly re: RegExp }[];
      readonly discussion: RegExp;
    }
  | undefined;

function compile(): NonNullable<typeof compiled> {
  let nextId = 0;
  const trie = trieNode();
  const anchors: { word: string; whole: boolean; keyed: Keyed }[] = [];
  const key = (alt: { readonly word: string; readonly prefix: boolean }): Keyed => {
    const node = insert(trie, alt.word);
    const had = alt.prefix ? node.stem : node.whole;
    if (had) return had;
    const keyed: Keyed = { first: [], second: [], third: [] };
    if (alt.prefix) node.stem = keyed;
    else node.whole = keyed;
    anchors.push({ word: alt.word, whole: !alt.prefix, keyed });
    return keyed;
  };
  const cjk: { phrase: Phrase; re: RegExp }[] = [];
  const discussion = new Set<string>();
  for (const file of PHRASE_FILES) {
    for (const w of file.discussion) discussion.add(normalizeText(w));
    for (const p of file.phrases) {
      const cls = p.class as PhraseClass;
      const strong = p.severity === 'error';
      if (file.language === 'zh' || file.language === 'ja') {
        const pieces = normalizeText(p.text)
          .split('*')
          .map((piece) => `(?:${piece.split('|').map(escape).join('|')})`);
        cjk.push({
          phrase: {
            cls,
            strong,
            language: file.language,
            text: p.text,
            slots: [],
            anchor: 0,
            reach: 0,
            second: 0,
            third: -1,
            id: nextId++,
          },
          re: new RegExp(pieces.join('[^。！？!?\\n]{0,8}')),
        });
        continue;
      }
      const slots: Slot[] = normalizeText(p.text)
        .split(/\s+/)
        .filter(Boolean)
        .map((s) =>
          s === '*'
            ? { alts: [], gap: true }
            : {
                gap: false,
                alts: s
                  .split('|')
                  .filter(Boolean)
                  .map((a) => ({ word: a.replace(/\*$/, ''), prefix: a.endsWith('*') })),
              },
        );
      const anchor = anchorSlot(slots);
      const second = anchorSlot(slots.map((sl, i) => (i === anchor ? { alts: [], gap: true } : sl)));
      const rest = slots.map((sl, i) =>
        i === anchor || i === second || sl.alts.some((a) => STOP.has(a.word)) ? GAP_SLOT : sl,
      );
      const third = anchorSlot(rest);
      const phrase: Phrase = {
        cls,
        strong,
        language: file.language,
        text: p.text,
        slots,
        anchor,
        reach: slots.length * (SLACK + 1) + GAP,
        second: slots[second]?.gap ? anchor : second,
        third: rest[third]?.gap === false ? third : -1,
        id: nextId++,
      };
      for (const alt of slots[phrase.second]?.alts ?? []) {
        const list = key(alt).second;
        if (!list.includes(phrase)) list.push(phrase);
      }
      for (const alt of slots[phrase.third]?.alts ?? []) {
        const list = key(alt).third;
        if (!list.includes(phrase)) list.push(phrase);
      }
      for (const alt of slots[anchor]?.alts ?? []) {
        // Whole words and stems live apart: a stem matches the beginning of a word, a word only itself.
        const list = key(alt).first;
        if (!list.includes(phrase)) list.push(phrase);
      }
    }
  }
  const words = [...discussion].map(escape).sort((a, b) => b.length - a.length);
  for (const { keyed } of anchors) {
    const ids = (list: readonly Phrase[]) => Int32Array.from(list, (p) => p.id);
    keyed.ids = { first: ids(keyed.first), second: ids(keyed.second), third: ids(keyed.third) };
  }
  thirdLess = new Uint8Array(nextId);
  for (const { keyed } of anchors) for (const p of keyed.first) if (p.third < 0) thirdLess[p.id] = 1;
  firstMark = new Int32Array(nextId);
  secondMark = new Int32Array(nextId);
  thirdMark = new Int32Array(nextId);
  const markers = new Map(PHRASE_FILES.filter((f) => f.markers).map((f) => [f.language, new Set(f.markers)] as const));
  return {
    trie,
    flat: flatten(trie),
    anchors,
    markers,
    cjk,
    discussion: new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${words.join('|')})(?:$|[^\\p{L}\\p{N}])`, 'u'),
  };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const WORD = /[\p{L}\p{N}]+/gu;

let generation = 0;
/** 1 for a phrase anchored by two words only. */
let thirdLess = new Uint8Array(0);
let firstMark = new Int32Array(0);
let secondMark = new Int32Array(0);
let thirdMark = new Int32Array(0);

// The file scan of `needles.ts` finds the anchors too, in the pass it makes anyway, and marks the
// lines that may hold a phrase as `asciiWithoutAnchor` would.
wordAnchors(() => {
  const c = (compiled ??= compile());
  return {
    words: c.anchors,
    roles: c.anchors.map(({ keyed }) =>
      Int32Array.from(
        [keyed.first, keyed.second, keyed.third].flatMap((list, role) => list.map((p) => p.id * 4 + role)),
      ),
    ),
    third: Uint8Array.from(thirdLess, (x) => 1 - x),
  };
});

/** The phrases `word` anchors first, whole word before beginnings, shorter beginnings first. */
function anchored(trie: TrieNode, word: string): Phrase[] {
  const out: Phrase[] = [];
  const stems: Phrase[] = [];
  let node: TrieNode | undefined = trie;
  for (let i = 0; i < word.length && node; i++) {
    node = child(node, word.charCodeAt(i));
    if (node?.stem) stems.push(...node.stem.first);
  }
  if (node?.whole) out.push(...node.whole.first);
  out.push(...stems);
  return out;
}

/**
 * Whether `line`, or any text made from it by blanking parts with spaces (quotations, code spans), can
 * hold a phrase: false only for an ASCII line whose words anchor none. A backtick joins `n't` as an
 * apostrophe does, and blanking the span it opens could leave a shorter whole word, so it counts.
 *
 * @example mayHoldPhrase('Run the tests.') // false
 */
export function mayHoldPhrase(line: string): boolean {
  return !asciiWithoutAnchor(line, (compiled ??= compile()).flat) || line.includes('`');
}

/**
 * The phrases found in one line of text.
 *
 * @example findPhrases('Ignore all previous instructions.')[0].cls // 'override'
 */
export function findPhrases(line: string): PhraseHit[] {
  const c = (compiled ??= compile());
  // Perf: an ASCII line none of whose words can anchor a phrase is done in one pass with no allocation.
  if (asciiWithoutAnchor(line, c.flat)) return [];
  const text = normalizeText(line);
  // Offsets of the normalized text map back to the line only when lengths agree; else hits point at the line start.
  const aligned = text.length === line.length;
  // Perf: a first pass over word boundaries looks up each word's key; words are built only on a hit.
  const starts: number[] = [];
  const ends: number[] = [];
  let first = -1;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    if (first < 0 && anchored(c.trie, m[0]).length > 0) first = starts.length;
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const hits: PhraseHit[] = [];
  if (first >= 0) {
    const words = starts.map((s0, i) => ({ w: text.slice(s0, ends[i]), s: s0, e: ends[i]! }));
    // A phrase of another language than English counts only where that language is spoken: two common
    // words of it, or one in a short line.
    const spoken = new Map<string, boolean>();
    const speaks = (language: string): boolean => {
      const m = c.markers.get(language);
      if (!m) return true;
      let known = spoken.get(language);
      if (known === undefined) {
        const need = words.length <= 8 ? 1 : 2;
        let n = 0;
        for (const { w } of words) if (m.has(w)) n++;
        spoken.set(language, (known = n >= need));
      }
      return known;
    };
    const found = new Set<Phrase>();
    for (let i = first; i < words.length; i++) {
      const w = words[i]!.w;
      for (const p of anchored(c.trie, w)) {
        if (
          found.has(p) ||
          !p.slots[p.anchor]!.alts.some((a) => (a.prefix ? w.startsWith(a.word) : w === a.word)) ||
          !speaks(p.language)
        )
          continue;
        // The anchor word is in the line: try every start within reach before it. A phrase found is not
        // looked for again; one that fails here is, at the anchor's next occurrence.
        for (let s0 = Math.max(0, i - (p.anchor === 0 ? 0 : p.reach)); s0 <= i; s0++) {
          const end = matchFrom(p.slots, 0, words, s0, true);
          if (end < 0) continue;
          found.add(p);
          const hit: PhraseHit = {
            cls: p.cls,
            strong: p.strong,
            language: p.language,
            start: aligned ? words[s0]!.s : 0,
            end: aligned ? words[end - 1]!.e : line.length,
          };
          // One hit per class and start: the unambiguous phrase's when two match there.
          const twin = hits.findIndex((h) => h.cls === p.cls && h.start === words[s0]!.s);
          if (twin < 0) hits.push(hit);
          else if (p.strong && !hits[twin]!.strong) hits[twin] = hit;
          break;
        }
      }
    }
  }
  if (CJK.test(text))
    for (const { phrase, re } of c.cjk) {
      const m = re.exec(text);
      if (m)
        hits.push({
          cls: phrase.cls,
          strong: phrase.strong,
          language: phrase.language,
          start: aligned ? m.index : 0,
          end: aligned ? m.index + m[0].length : line.length,
        });
    }
  return hits;
}

/**
 * The trie's ASCII part as a table, for the prefilter's loop: node `k`'s child by slot `s` is
 * `next[k * 36 + s]` (0: none), and its anchors are `stem[k]` and `whole[k]`.
 */
interface FlatTrie {
  readonly next: Int32Array;
  readonly stem: readonly (Keyed | undefined)[];
  readonly whole: readonly (Keyed | undefined)[];
}

const ROOT = 1;

function flatten(trie: TrieNode): FlatTrie {
  const nodes: TrieNode[] = [trie, trie];
  const ids = new Map<TrieNode, number>([[trie, ROOT]]);
  for (let k = ROOT; k < nodes.length; k++)
    for (const c of nodes[k]!.ascii)
      if (c && !ids.has(c)) {
        ids.set(c, nodes.length);
        nodes.push(c);
      }
  const next = new Int32Array(nodes.length * 36);
  for (let k = ROOT; k < nodes.length; k++)
    nodes[k]!.ascii.forEach((c, slot) => {
      if (c) next[k * 36 + slot] = ids.get(c)!;
    });
  return {
    next,
    stem: nodes.map((n, k) => (k === 0 ? undefined : n.stem)),
    whole: nodes.map((n, k) => (k === 0 ? undefined : n.whole)),
  };
}

/**
 * True when `line` is ASCII and no phrase has both its anchor words in it: one pass over its
 * characters, lower-casing them and walking each word down the anchor trie as it goes.
 */
function asciiWithoutAnchor(line: string, trie: FlatTrie): boolean {
  const { next, stem, whole } = trie;
  let node = ROOT;
  let n = 0;
  // Per-phrase marks of this line (a generation number, so nothing is cleared): a phrase whose
  // first and second anchors are both marked may match, and the line needs the full matcher.
  const gen = ++generation;
  const length = line.length;
  for (let i = 0; i <= length; i++) {
    let raw = i < length ? line.charCodeAt(i) : 32;
    // A letter outside ASCII needs the full normalization.
    if (raw > 127 && (raw = asAscii(raw)) < 0) return false;
    const slot = ASCII_SLOT[raw]!;
    if (slot >= 0) {
      n++;
      if (node !== 0) {
        node = next[node * 36 + slot]!;
        // Perf: stems are at least three letters long.
        if (n >= 3 && node !== 0) {
          const hit = stem[node];
          if (hit !== undefined && marksBoth(hit, gen)) return false;
        }
      }
      continue;
    }
    // `n't` and `'s` stay in their word, as normalization joins them; any other apostrophe splits.
    if (slot === APOSTROPHE && n > 0 && /^[ts](?![a-z0-9])/i.test(line.slice(i + 1, i + 3))) continue;
    if (n > 0 && node !== 0) {
      const hit = whole[node];
      if (hit !== undefined && marksBoth(hit, gen)) return false;
    }
    node = ROOT;
    n = 0;
  }
  return true;
}

/** Mark the phrases `hit` anchors on this line (`gen`); true when one of them now has all its anchors marked. */
function marksBoth(hit: Keyed, gen: number): boolean {
  const { first, second, third } = hit.ids!;
  for (let i = 0; i < first.length; i++) {
    const id = first[i]!;
    firstMark[id] = gen;
    if (secondMark[id] === gen && (thirdLess[id] === 1 || thirdMark[id] === gen)) return true;
  }
  for (let i = 0; i < second.length; i++) {
    const id = second[i]!;
    secondMark[id] = gen;
    if (firstMark[id] === gen && (thirdLess[id] === 1 || thirdMark[id] === gen)) return true;
  }
  for (let i = 0; i < third.length; i++) {
    const id = third[i]!;
    thirdMark[id] = gen;
    if (firstMark[id] === gen && secondMark[id] === gen) return true;
  }
  return false;
}

const APOSTROPHE = -2;
/** Each ASCII character's trie slot, upper case folded (`asciiSlot`); -1 for a separator, APOSTROPHE for ' and `. */
const ASCII_SLOT: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let c = 0; c < 128; c++) table[c] = asciiSlot(c >= 65 && c <= 90 ? c + 32 : c);
  table[39] = table[96] = APOSTROPHE;
  return table;
})();

/** A URL as written in prose (scheme, `://`, then up to the next space). */
export const URL_SOURCE = String.raw`\b[a-z][\w+.-]{1,20}:\/\/\S{1,400}`;
const ADDRESS = new RegExp(
  `${URL_SOURCE}|${String.raw`[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+|\b[\w-]{2,63}(?:\.[\w-]{2,63})+\b`}`,
  'gi',
);

/** True when a line quotes or teaches (an example, an attack, a detection rule), in any of the languages. */
export function isDiscussion(line: string): boolean {
  // The words of a URL, a mail address or a host name (`x.example.invalid`) say nothing about the line.
  return (compiled ??= compile()).discussion.test(normalizeText(line.replace(ADDRESS, ' ')));
}

/** The index past the last word of a match of `slots[s..]` starting at word `i`, or -1. */
function matchFrom(
  slots: readonly Slot[],
  s: number,
  words: readonly { w: string }[],
  i: number,
  first: boolean,
): number {
  if (s === slots.length) return i;
  const slot = slots[s]!;
  if (slot.gap) {
    for (let k = 0; k <= GAP && i + k <= words.length; k++) {
      const end = matchFrom(slots, s + 1, words, i + k, false);
      if (end >= 0) return end;
    }
    return -1;
  }
  for (let k = 0; k <= (first ? 0 : SLACK) && i + k < words.length; k++) {
    const w = words[i + k]!.w;
    if (slot.alts.some((a) => (a.prefix ? w.startsWith(a.word) : w === a.word))) {
      const end = matchFrom(slots, s + 1, words, i + k + 1, false);
      if (end >= 0) return end;
    }
  }
  return -1;
}
