/**
 * Needles: the literal pieces without which a family of rules cannot match, found for every family
 * at once in one pass over a text. A rule module declares a family by its patterns (`needleGroup`);
 * the audit scans each file once (`needlesIn`) and skips the families none of whose patterns can
 * match, so benign text costs one pass instead of one per pattern.
 *
 * Each pattern is spelled out the ways it can match (each alternative, an optional group taken or
 * not); the literal runs of one spelling are all in any text it matches, so a family can match only
 * where every run of one of its spellings occurs. A spelling with no run at all keeps its family on.
 * The runs are found by an Aho-Corasick automaton over ASCII folded to lower case; a character
 * outside ASCII matches none, which is why a pattern with the `i` and `u` flags (where `ſ` matches
 * `s`) keeps its family on, as does one with `v`. Pure; the automaton is built on the first scan.
 */

/** A family of rules: the bit `needlesIn` sets when one of its patterns may match. */
export interface NeedleGroup {
  readonly bit: number;
}

/** A literal run of a pattern; `start`/`end`: a word boundary is needed before/after it. */
export interface Needle {
  readonly word: string;
  readonly start: boolean;
  readonly end: boolean;
}

const runs: Needle[] = [];
const runIds = new Map<string, number>();
/** The spellings of every family: the runs each needs, and its family's bit. */
const spellings: { readonly runs: readonly number[]; readonly bit: number }[] = [];
/** Each family's patterns, for tests that hold the needles to them. */
const families: { readonly bit: number; readonly patterns: readonly RegExp[] }[] = [];
/** Bits of the families one of whose spellings has no literal run: they are always on. */
let always = 0;
let groups = 0;

/**
 * Declare a family by its patterns (at most 30 families); a pattern added to the family brings its
 * own needles.
 *
 * @example const CRON = needleGroup([/crontab\s+-e/, /\/etc\/cron\b/]);
 */
export function needleGroup(patterns: readonly RegExp[]): NeedleGroup {
  if (groups >= 30) throw new Error('needleGroup: too many needle groups');
  const bit = 1 << groups++;
  families.push({ bit, patterns });
  const seen = new Set<string>();
  for (const re of patterns)
    for (const spelling of needlesOf(re)) {
      if (spelling.length === 0) {
        always |= bit;
        continue;
      }
      const ids = [
        ...new Set(
          spelling.map((n) => {
            const key = `${n.start ? '\\b' : ''}${n.word}${n.end ? '\\b' : ''}`;
            let id = runIds.get(key);
            if (id === undefined) runIds.set(key, (id = runs.push(n) - 1));
            return id;
          }),
        ),
      ].sort((x, y) => x - y);
      const key = ids.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        spellings.push({ runs: ids, bit });
      }
    }
  automaton = undefined;
  return { bit };
}

/**
 * Whether `mask` (from `needlesIn`) says `group` may match; an undefined mask (nothing scanned)
 * says every group may.
 *
 * @example holds(needlesIn('crontab -e'), CRON) // true
 */
export function holds(mask: number | undefined, group: NeedleGroup): boolean {
  return mask === undefined || (mask & group.bit) !== 0;
}

/** A literal character of a pattern, a word boundary, or anything else (a class, an anchor, a lookaround). */
type Token = string | typeof BOUNDARY | typeof OTHER;
const BOUNDARY = 1 as const;
const OTHER = 0 as const;
/** What follows the letter of an escape that takes more characters. */
const ESCAPE_TAIL: Readonly<Record<string, RegExp>> = {
  x: /^[0-9a-fA-F]{2}/,
  u: /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/,
  p: /^\{[^}]{1,60}\}/,
  P: /^\{[^}]{1,60}\}/,
  k: /^<[^>]{1,60}>/,
  c: /^[A-Za-z]/,
};
/** Ways to spell one pattern out; past this many, a group reads as OTHER (which only splits runs). */
const MAX_SPELLINGS = 256;

/**
 * The literal runs of each way `re` can match (an empty list: a way with none).
 *
 * @example needlesOf(/\.(?:bash_|z)?profile\b/).map((s) => s.map((n) => n.word)) // [['.profile'], ['.bash_profile'], ['.zprofile']]
 */
export function needlesOf(re: RegExp): Needle[][] {
  // Under `iu`, `ſ` and the Kelvin sign match `s` and `k`: no ASCII run is needed then. Classes under
  // `v` nest and subtract, which this reading does not follow.
  if (re.flags.includes('v') || (re.flags.includes('i') && re.flags.includes('u'))) return [[]];
  const src = re.source;
  let at = 0;
  const alternatives = (): Token[][] => {
    const out: Token[][] = [];
    for (;;) {
      out.push(...sequence());
      if (src[at] !== '|') return out;
      at++;
    }
  };
  const sequence = (): Token[][] => {
    let spellings: Token[][] = [[]];
    while (at < src.length && src[at] !== '|' && src[at] !== ')') {
      let atom = atomAt();
      const q = quantifier();
      if (q) {
        const many = q.max > 1;
        const once = atom.map((t) => (many ? [...t, OTHER] : t));
        atom = q.min === 0 ? [[], ...once] : once;
      }
      if (spellings.length * atom.length > MAX_SPELLINGS) atom = [[OTHER]];
      spellings = spellings.flatMap((s) => atom.map((a) => [...s, ...a]));
    }
    return spellings;
  };
  const atomAt = (): Token[][] => {
    const c = src[at++]!;
    if (c === '\\') {
      const e = src[at++]!;
      if (e === 'b') return [[BOUNDARY]];
      // An escape's own characters (`\x41`, `\u{1F600}`, `\p{L}`, `\k<name>`, `\12`) are no literal.
      const tail = /[0-9]/.test(e) ? /^[0-9]*/ : ESCAPE_TAIL[e];
      if (tail) at += tail.exec(src.slice(at, at + 64))?.[0].length ?? 0;
      return /[A-Za-z0-9]/.test(e) ? [[OTHER]] : [[e]];
    }
    if (c === '[') {
      const open = at;
      // In a JavaScript class `]` always closes (`[]` and `[^]` are whole classes).
      while (at < src.length && src[at] !== ']') at += src[at] === '\\' ? 2 : 1;
      const body = src.slice(open, at++);
      // A few characters (`[Cc]`, `[._$/\\z]`), no range and no class escape, are spelled each in turn.
      const chars = /^(?:[^\\^\]-]|\\[^A-Za-z0-9])+$/.test(body) ? body.replace(/\\(.)/g, '$1') : '';
      return chars.length > 0 && chars.length <= 8 ? [...chars].map((ch) => [ch]) : [[OTHER]];
    }
    if (c === '(') {
      const look = /^\?<?[=!]/.test(src.slice(at, at + 4));
      if (src.startsWith('?:', at)) at += 2;
      else if (look) at += src[at + 1] === '<' ? 3 : 2;
      else if (src.startsWith('?<', at)) at = src.indexOf('>', at) + 1;
      const body = at;
      const inner = alternatives();
      const negated = src.slice(body, at);
      at++;
      // `(?<![-\w])` and `(?![\w-])` say what `\b` says beside a word character.
      if (look && src[body - 1] === '!' && /^(?:\\w|\[[^\]^]*\\w[^\]]*\])$/.test(negated)) return [[BOUNDARY]];
      // A lookaround matches no text of its own.
      return look || inner.length > MAX_SPELLINGS ? [[OTHER]] : inner;
    }
    if (c === '.' || c === '^' || c === '$') return [[OTHER]];
    return [[c]];
  };
  const quantifier = (): { min: number; max: number } | undefined => {
    const c = src[at];
    let q: { min: number; max: number } | undefined;
    if (c === '*' || c === '+' || c === '?') {
      at++;
      q = { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(at));
      if (m) {
        at += m[0].length;
        q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] ? Number(m[3]) : Infinity };
      }
    }
    if (q && src[at] === '?') at++;
    return q;
  };
  return alternatives().map(runsOf);
}

/** The runs of printable ASCII characters in `tokens`, with the boundaries around them. */
function runsOf(tokens: readonly Token[]): Needle[] {
  const out: Needle[] = [];
  let run = '';
  let from = 0;
  const wordy = (ch: string) => /\w/.test(ch);
  const close = (i: number) => {
    if (run !== '')
      out.push({
        word: run.toLowerCase(),
        start: tokens[from - 1] === BOUNDARY && wordy(run[0]!),
        end: tokens[i] === BOUNDARY && wordy(run[run.length - 1]!),
      });
    run = '';
  };
  tokens.forEach((t, i) => {
    if (typeof t === 'string' && /^[\x21-\x7e]$/.test(t)) {
      if (run === '') from = i;
      run += t;
    } else close(i);
  });
  close(tokens.length);
  return out;
}

/**
 * The words a phrase matcher anchors on, for `needlesIn` to find line by line in the same pass: a
 * line may hold a phrase when each role (first, second and, for some, third anchor) of one phrase
 * has a word on it, or when it holds a character the matcher must read itself (a backtick, a letter
 * outside ASCII). Words are parted as the matcher parts them: by anything but ASCII letters and
 * digits, except an apostrophe before a final `t` or `s` (`don't` is `dont`).
 */
export interface WordAnchors {
  /** Lower-case letters and digits: a whole word, or (`whole` false) the start of one. */
  readonly words: readonly { readonly word: string; readonly whole: boolean }[];
  /** For each word, the roles it fills: `phrase * 4 + role` (role 0, 1 or 2). */
  readonly roles: readonly Int32Array[];
  /** For each phrase, 1 when it has a third role. */
  readonly third: Uint8Array;
}

let loadAnchors: (() => WordAnchors) | undefined;

/**
 * Register the phrase matcher's anchors (loaded when the automaton is first built).
 *
 * @example wordAnchors(() => ({ words: [{ word: 'ignore', whole: true }], roles: [Int32Array.of(0, 1)], third: new Uint8Array(1) }));
 */
export function wordAnchors(load: () => WordAnchors): void {
  loadAnchors = load;
  automaton = undefined;
}

interface Automaton {
  /** Next state by state and character class: `delta[(state << shift) | kinds[char]]`. */
  readonly delta: Uint16Array;
  readonly kinds: Uint8Array;
  readonly shift: number;
  /** States from this number on have entries ending in them; the others none. */
  readonly firstEnding: number;
  /** The entries ending in state `s` (its own and its suffixes'): `endList[endsFrom[k] .. endsFrom[k + 1]]`, `k = s - firstEnding`. */
  readonly endsFrom: Int32Array;
  readonly endList: Int32Array;
  /** Each entry (a run, or a spelling of an anchor): its length, `START`/`END`/`ANCHOR`, and run id or anchor index. */
  readonly entryLength: Int32Array;
  readonly entryFlags: Uint8Array;
  readonly entryRef: Int32Array;
  /** The spellings each run is the longest run of. */
  readonly spellingsOf: readonly (readonly number[])[];
  readonly anchors: WordAnchors | undefined;
  /** Per phrase and role, the line that last filled it (a line number per scan, so nothing is cleared). */
  readonly filled: readonly [Int32Array, Int32Array, Int32Array];
  /** Per anchor word, the line it was last found on. */
  readonly wordOn: Int32Array;
}

const START = 1;
const END = 2;
const ANCHOR = 4;

let automaton: Automaton | undefined;

function build(): Automaton {
  const anchors = loadAnchors?.();
  const entries: { word: string; flags: number; ref: number }[] = runs.map((n, id) => ({
    word: n.word,
    flags: (n.start ? START : 0) | (n.end ? END : 0),
    ref: id,
  }));
  anchors?.words.forEach(({ word, whole }, k) => {
    // The matcher looks a word's start up from its third letter on.
    if (!/^[a-z0-9]+$/.test(word) || (!whole && word.length < 3)) return;
    const flags = ANCHOR | START | (whole ? END : 0);
    entries.push({ word, flags, ref: k });
    // Also with the apostrophe the matcher joins (`don't` is `dont`).
    if (word.length >= 2 && /[ts]$/.test(word))
      entries.push({ word: `${word.slice(0, -1)}'${word.slice(-1)}`, flags, ref: k });
  });
  // Characters no entry holds all act alike (class 0): the table has a column per class, not per character.
  const kinds = new Uint8Array(128);
  let classes = 1;
  for (const { word } of entries)
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (kinds[c] === 0) kinds[c] = classes++;
    }
  for (let c = 65; c <= 90; c++) kinds[c] = kinds[c + 32]!;
  const shift = classes <= 64 ? 6 : 7;
  const width = 1 << shift;
  // The trie, then in place the automaton: `goto[(s << shift) | k]`, 0 for none (no edge leads to the root).
  let goto = new Int32Array(1024 << shift);
  const ends: number[][] = [[]];
  entries.forEach(({ word }, id) => {
    let s = 0;
    for (let i = 0; i < word.length; i++) {
      const at = (s << shift) | kinds[word.charCodeAt(i)]!;
      if (goto[at] === 0) {
        if ((ends.length + 1) << shift > goto.length) {
          const grown = new Int32Array(goto.length * 2);
          grown.set(goto);
          goto = grown;
        }
        goto[at] = ends.length;
        ends.push([]);
      }
      s = goto[at]!;
    }
    ends[s]!.push(id);
  });
  const states = ends.length;
  if (states > 0xffff) throw new Error('needles: too many states for the table');
  const fail = new Int32Array(states);
  // Breadth first, so a state's failure state is complete (its edges and entries) before it is used.
  const queue: number[] = [];
  for (let k = 0; k < width; k++) if (goto[k]! > 0) queue.push(goto[k]!);
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q]!;
    ends[s]!.push(...ends[fail[s]!]!);
    for (let k = 0; k < width; k++) {
      const at = (s << shift) | k;
      const t = goto[at]!;
      const f = goto[(fail[s]! << shift) | k]!;
      if (t > 0) {
        fail[t] = f;
        queue.push(t);
      } else goto[at] = f;
    }
  }
  // Renumbered so that the states something ends in come last: the pass tells them by number alone.
  const id = new Int32Array(states);
  const order: number[] = [];
  for (const some of [false, true])
    for (let s = 0; s < states; s++)
      if (ends[s]!.length > 0 === some) {
        id[s] = order.length;
        order.push(s);
      }
  const table = new Uint16Array(states << shift);
  for (let s = 0; s < states; s++)
    for (let k = 0; k < width; k++) table[(id[s]! << shift) | k] = id[goto[(s << shift) | k]!]!;
  const firstEnding = order.findIndex((old) => ends[old]!.length > 0);
  const ending = order.slice(firstEnding < 0 ? order.length : firstEnding);
  const endsFrom = new Int32Array(ending.length + 1);
  ending.forEach((old, k) => (endsFrom[k + 1] = endsFrom[k]! + ends[old]!.length));
  // A spelling is looked at only when its longest run is found: without that run it cannot hold.
  const spellingsOf: number[][] = runs.map(() => []);
  spellings.forEach((sp, k) => {
    const key = sp.runs.reduce((a, b) => (runs[b]!.word.length > runs[a]!.word.length ? b : a));
    spellingsOf[key]!.push(k);
  });
  return {
    delta: table,
    kinds,
    shift,
    firstEnding: firstEnding < 0 ? states : firstEnding,
    endsFrom,
    endList: Int32Array.from(ending.flatMap((old) => ends[old]!)),
    entryLength: Int32Array.from(entries, (e) => e.word.length),
    entryFlags: Uint8Array.from(entries, (e) => e.flags),
    entryRef: Int32Array.from(entries, (e) => e.ref),
    spellingsOf,
    anchors,
    filled: [0, 1, 2].map(() => new Int32Array(anchors?.third.length ?? 0)) as [Int32Array, Int32Array, Int32Array],
    wordOn: new Int32Array(anchors?.words.length ?? 0),
  };
}

/**
 * A UTF-16 unit past ASCII as the phrase matcher reads it: a typographic apostrophe as `'`, other
 * typographic punctuation (dashes, curly quotes, ellipsis, no-break space) as a space, and -1 for a
 * letter it must normalize itself.
 *
 * @example asAscii(0x2019) // 39
 */
export function asAscii(c: number): number {
  if (c === 0x2019 || c === 0x2bc) return 39;
  return (c >= 0x2000 && c <= 0x206f) || (c >= 0xa0 && c <= 0xbf) || c === 0xd7 || c === 0xf7 ? 32 : -1;
}

/** `\w` of a pattern: ASCII letters, digits and `_`. */
function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** A character of a word as the phrase matcher parts them: ASCII letters and digits. */
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** Mark the roles word `k` fills on this line (`mark`); true when some phrase now has all its roles. */
function fills(
  anchors: WordAnchors,
  filled: readonly [Int32Array, Int32Array, Int32Array],
  k: number,
  mark: number,
): boolean {
  const [first, second, third] = filled;
  const roles = anchors.roles[k]!;
  for (let j = 0; j < roles.length; j++) {
    const v = roles[j]!;
    const p = v >> 2;
    filled[v & 3]![p] = mark;
    if (first[p] === mark && second[p] === mark && (anchors.third[p] === 0 || third[p] === mark)) return true;
  }
  return false;
}

/** The number of the line being scanned, across scans: marks of older lines never match it. */
let lineMark = 0;

/** Scan number of the last scan that found each run (nothing is cleared between scans). */
let foundIn = new Int32Array(0);
let scan = 0;
const found: number[] = [];

/**
 * The bits of every family that may match `text`: one pass, whatever the number of patterns. With
 * `phraseLines`, the same pass adds the (1-based) lines that may hold a phrase (`wordAnchors`).
 *
 * @example holds(needlesIn('See the guide.'), CRON) // false
 */
export function needlesIn(text: string, phraseLines?: Set<number>): number {
  const a = (automaton ??= build());
  const { delta, kinds, shift, firstEnding, endsFrom, endList, entryLength, entryFlags, entryRef, spellingsOf } = a;
  const anchors = phraseLines ? a.anchors : undefined;
  const { filled, wordOn } = a;
  if (foundIn.length !== runs.length) foundIn = new Int32Array(runs.length);
  const now = ++scan;
  found.length = 0;
  let s = 0;
  let line = 1;
  // The current line is marked already (or no lines are kept): its anchors need no more looking at.
  let marked = anchors === undefined;
  let mark = ++lineMark;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 128) {
      // A letter outside ASCII is for the matcher to read.
      c = asAscii(c);
      if (c < 0) {
        marked = true;
        c = 0;
      }
    } else if (c === 10) {
      if (anchors) {
        if (marked) phraseLines!.add(line);
        line++;
        marked = false;
        mark = ++lineMark;
      }
    } else if (c === 96) marked = true;
    s = delta[(s << shift) | kinds[c]!]!;
    if (s < firstEnding) continue;
    const stop = endsFrom[s - firstEnding + 1]!;
    for (let e = endsFrom[s - firstEnding]!; e < stop; e++) {
      const x = endList[e]!;
      const flags = entryFlags[x]!;
      if ((flags & ANCHOR) !== 0) {
        if (marked) continue;
        const from = i - entryLength[x]!;
        const k = entryRef[x]!;
        if (
          wordOn[k] !== mark &&
          (from < 0 || !isLetter(text.charCodeAt(from))) &&
          ((flags & END) === 0 || i + 1 >= length || !isLetter(text.charCodeAt(i + 1)))
        ) {
          wordOn[k] = mark;
          marked = fills(anchors!, filled, k, mark);
        }
        continue;
      }
      const r = entryRef[x]!;
      if (foundIn[r] === now) continue;
      const from = i - entryLength[x]!;
      if (
        ((flags & START) === 0 || from < 0 || !isWord(text.charCodeAt(from))) &&
        ((flags & END) === 0 || i + 1 >= length || !isWord(text.charCodeAt(i + 1)))
      ) {
        foundIn[r] = now;
        found.push(r);
      }
    }
  }
  if (anchors && marked) phraseLines!.add(line);
  let mask = always;
  for (const r of found)
    for (const k of spellingsOf[r]!) {
      const sp = spellings[k]!;
      if ((mask & sp.bit) === 0 && sp.runs.every((x) => foundIn[x] === now)) mask |= sp.bit;
    }
  return mask;
}

/**
 * Every family declared so far with its patterns, the runs and the spellings that need them, and
 * the families that are always on, for tests and for reading why a family runs.
 *
 * @example declaredNeedles().runs.some((n) => n.word === 'crontab') // true
 */
export function declaredNeedles(): {
  readonly families: readonly { readonly bit: number; readonly patterns: readonly RegExp[] }[];
  readonly runs: readonly Needle[];
  readonly spellings: readonly { readonly runs: readonly number[]; readonly bit: number }[];
  readonly always: number;
} {
  return { families, runs, spellings, always };
}
