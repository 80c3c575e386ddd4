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

/** What a phrase signals. */
export type PhraseClass = 'override' | 'authority' | 'priority' | 'secrecy' | 'approval' | 'persona' | 'routing' | 'obsolete' | 'remote' | 'exfil' | 'update';

interface PhraseFile {
  readonly language: string;
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
const SLACK = 2;
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
  const base = /^[\u0000-\u007f]*$/.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return base.replace(/[’ʼ`]/g, "'").replace(/n't\b/g, 'nt').replace(/'s\b/g, 's').replace(/'/g, ' ');
}

let compiled: { readonly index: ReadonlyMap<string, readonly Phrase[]>; readonly cjk: readonly { readonly phrase: Phrase; readonly re: RegExp }[]; readonly discussion: RegExp } | undefined;

function compile(): NonNullable<typeof compiled> {
  const index = new Map<string, Phrase[]>();
  const cjk: { phrase: Phrase; re: RegExp }[] = [];
  const discussion = new Set<string>();
  for (const file of PHRASE_FILES) {
    for (const w of file.discussion) discussion.add(normalizeText(w));
    for (const p of file.phrases) {
      const cls = p.class as PhraseClass;
      const strong = p.severity === 'error';
      if (file.language === 'zh' || file.language === 'ja') {
        const pieces = normalizeText(p.text).split('*').map((piece) => `(?:${piece.split('|').map(escape).join('|')})`);
        cjk.push({ phrase: { cls, strong, language: file.language, text: p.text, slots: [] }, re: new RegExp(pieces.join('[^。！？!?\\n]{0,8}')) });
        continue;
      }
      const slots: Slot[] = normalizeText(p.text).split(/\s+/).filter(Boolean).map((s) => (s === '*' ? { alts: [], gap: true } : { gap: false, alts: s.split('|').filter(Boolean).map((a) => ({ word: a.replace(/\*$/, ''), prefix: a.endsWith('*') })) }));
      const phrase: Phrase = { cls, strong, language: file.language, text: p.text, slots };
      for (const alt of slots[0]?.alts ?? []) {
        const key = alt.word.slice(0, 3);
        const list = index.get(key);
        if (list) list.push(phrase);
        else index.set(key, [phrase]);
      }
    }
  }
  const words = [...discussion].map(escape).sort((a, b) => b.length - a.length);
  return { index, cjk, discussion: new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${words.join('|')})(?:$|[^\\p{L}\\p{N}])`, 'u') };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The phrases found in one line of text.
 *
 * @example findPhrases('Ignore all previous instructions.')[0].cls // 'override'
 */
export function findPhrases(line: string): PhraseHit[] {
  const c = (compiled ??= compile());
  const text = normalizeText(line);
  // Offsets of the normalized text map back to the line only when lengths agree; else hits point at the line start.
  const aligned = text.length === line.length;
  const words: { w: string; s: number; e: number }[] = [];
  for (const m of text.matchAll(WORD)) words.push({ w: m[0], s: m.index, e: m.index + m[0].length });
  const hits: PhraseHit[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.w;
    const candidates = c.index.get(w.slice(0, 3)) ?? (w.length < 3 ? c.index.get(w) : undefined);
    if (!candidates) continue;
    for (const p of candidates) {
      const end = matchFrom(p.slots, 0, words, i, true);
      if (end >= 0 && !hits.some((h) => h.cls === p.cls && h.start === words[i]!.s)) hits.push({ cls: p.cls, strong: p.strong, language: p.language, start: aligned ? words[i]!.s : 0, end: aligned ? words[end - 1]!.e : line.length });
    }
  }
  if (CJK.test(text)) for (const { phrase, re } of c.cjk) {
    const m = re.exec(text);
    if (m) hits.push({ cls: phrase.cls, strong: phrase.strong, language: phrase.language, start: aligned ? m.index : 0, end: aligned ? m.index + m[0].length : line.length });
  }
  return hits;
}

/** True when a line quotes or teaches (an example, an attack, a detection rule), in any of the languages. */
export function isDiscussion(line: string): boolean {
  // A URL's words (`x.example.invalid`) say nothing about the line.
  return (compiled ??= compile()).discussion.test(normalizeText(line.replace(/\b[a-z][\w+.-]{1,20}:\/\/\S{1,400}/gi, ' ')));
}

/** The index past the last word of a match of `slots[s..]` starting at word `i`, or -1. */
function matchFrom(slots: readonly Slot[], s: number, words: readonly { w: string }[], i: number, first: boolean): number {
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
