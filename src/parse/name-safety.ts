/**
 * Names unsafe whatever the profile, as a name becomes a folder name, a catalog key and text shown to a model:
 * not one plain path segment (`name.path-segment`), a Windows device name (`name.windows-device`), letters of
 * scripts not normally mixed (`name.mixed-script`). `nameSkeleton` maps Cyrillic and Greek look-alikes to Latin.
 */

/** C0, DEL, C1; bidi embeddings, overrides, isolates and marks; line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;
const CONTROLS = new RegExp(CONTROL.source, 'gu');
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])(?:\.[^]*)?$/i;
// Perf: the usual name is ASCII lowercase; it needs the device check only.
const PLAIN_ASCII = /^[a-z0-9-]+$/;

/** True when the text holds a control character (C0, DEL, C1, bidi or line separator controls). */
export function hasControl(text: string): boolean {
  return CONTROL.test(text);
}

export type SegmentProblem = 'empty' | 'dot' | 'separator' | 'control';

/** Why a name is not one plain path segment, or undefined. */
export function segmentProblem(name: string): SegmentProblem | undefined {
  if (PLAIN_ASCII.test(name)) return undefined;
  if (name === '') return 'empty';
  if (CONTROL.test(name)) return 'control';
  if (name.includes('/') || name.includes('\\')) return 'separator';
  if (name === '.' || name === '..') return 'dot';
  return undefined;
}

/** True for a name Windows reserves for a device, with or without an extension. */
export function isWindowsDeviceName(name: string): boolean {
  const c = name.charCodeAt(0) | 0x20;
  if (c !== 0x63 && c !== 0x70 && c !== 0x61 && c !== 0x6e && c !== 0x6c) return false;
  return WINDOWS_DEVICE.test(name);
}

/** Scripts told apart; a letter of none of them counts as 'other'. */
const SCRIPT_NAMES: readonly string[] = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
];
// Perf: patterns with Unicode properties compile slowly, so they are made on the first name that is not ASCII.
let scripts: readonly (readonly [string, RegExp])[] | undefined;
const scriptPatterns = (): readonly (readonly [string, RegExp])[] =>
  (scripts ??= SCRIPT_NAMES.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const));

/** Script sets that are written together (Unicode TS 39, "highly restrictive"). */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

let letter: RegExp | undefined;
const LETTER = (): RegExp => (letter ??= /^\p{L}$/u);
// Letters shared by scripts (the kana prolonged sound mark ー, say) decide nothing.
let shared: RegExp | undefined;
const SHARED = (): RegExp => (shared ??= /^[\p{Script=Common}\p{Script=Inherited}]$/u);

/** The scripts of a name's letters when they are neither one script nor an allowed mix; undefined otherwise. */
export function mixedScripts(name: string): string[] | undefined {
  if (!/[^\u0000-\u007f]/.test(name)) return undefined;
  const found = new Set<string>();
  for (const ch of name) {
    if (!LETTER().test(ch) || SHARED().test(ch)) continue;
    found.add(scriptPatterns().find(([, re]) => re.test(ch))?.[0] ?? 'other');
  }
  if (found.size <= 1) return undefined;
  if (ALLOWED_MIXES.some((mix) => [...found].every((s) => mix.has(s)))) return undefined;
  return [...found].sort();
}

/** Lowercase Cyrillic and Greek letters that render like a Latin one (Unicode confusables, lowercase subset). */
const LOOK_ALIKES: Readonly<Record<string, string>> = Object.freeze({
  // Cyrillic
  а: 'a',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  ԝ: 'w',
  х: 'x',
  у: 'y',
  ү: 'y',
  ь: 'b',
  // Greek
  α: 'a',
  ϲ: 'c',
  ε: 'e',
  ι: 'i',
  ϳ: 'j',
  κ: 'k',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ν: 'v',
  χ: 'x',
  γ: 'y',
});

/** A name with Cyrillic and Greek look-alikes mapped to Latin (after NFKC and lower-casing). */
export function nameSkeleton(name: string): string {
  // Perf: an ASCII name has no look-alike letter and NFKC leaves it as it is.
  if (!/[^\u0000-\u007f]/.test(name)) return name.toLowerCase();
  let out = '';
  for (const ch of name.normalize('NFKC').toLowerCase()) out += LOOK_ALIKES[ch] ?? ch;
  return out;
}

/** The name with every control character written as `\u{…}`, safe to put in a message. */
export function escapeControls(name: string): string {
  return name.replace(CONTROLS, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
