/**
 * Names that are unsafe whatever the profile: a skill name becomes a folder
 * name (materialise, load), a key in the catalog and text shown to a model
 * and in a terminal. So beyond the specification's charset rules (which
 * `lenient` downgrades), a name must be one plain path segment, and names a
 * human could misread get findings:
 *
 * - not one plain path segment: empty, `.`, `..`, holding `/`, `\`, NUL or
 *   another control character (C0, DEL, C1), or a bidirectional or line
 *   separator control that reorders what is shown → `name.path-segment`;
 * - a Windows device name (`con`, `prn`, `aux`, `nul`, `com1`–`com9`,
 *   `lpt1`–`lpt9`, with any extension, any case): no folder of that name can
 *   exist on Windows → `name.windows-device`;
 * - letters from scripts that are not normally mixed (Latin with Cyrillic,
 *   say), the form of a look-alike → `name.mixed-script`.
 *
 * `nameSkeleton` maps common Cyrillic and Greek look-alikes to Latin so the
 * catalog can warn when two names differ only by them.
 */

/** C0, DEL, C1; bidi embeddings, overrides, isolates and marks; line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;
const CONTROLS = new RegExp(CONTROL.source, 'gu');
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])(?:\.[^]*)?$/i;
// Perf: the usual name is ASCII lowercase; it needs the device check only.
const PLAIN_ASCII = /^[a-z0-9-]+$/;

/**
 * True when the text holds a control character (C0, DEL, C1, bidi or line separator controls).
 *
 * @example hasControl('a\u0000b') // true
 */
export function hasControl(text: string): boolean {
  return CONTROL.test(text);
}

/** Why `name` is not one plain path segment, or undefined when it is one. */
export type SegmentProblem = 'empty' | 'dot' | 'separator' | 'control';

/**
 * Why a name is not one plain path segment, or undefined.
 *
 * @example segmentProblem('../etc') // 'separator'
 */
export function segmentProblem(name: string): SegmentProblem | undefined {
  if (PLAIN_ASCII.test(name)) return undefined;
  if (name === '') return 'empty';
  if (CONTROL.test(name)) return 'control';
  if (name.includes('/') || name.includes('\\')) return 'separator';
  if (name === '.' || name === '..') return 'dot';
  return undefined;
}

/**
 * True for a name Windows reserves for a device, with or without an extension.
 *
 * @example isWindowsDeviceName('Com1.txt') // true
 */
export function isWindowsDeviceName(name: string): boolean {
  const c = name.charCodeAt(0) | 0x20;
  // Perf: one character test before the pattern (c, p, a, n, l).
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
// Perf: patterns with Unicode properties are compiled when made (these 31 took ~2 ms at import), so on the first name that is not ASCII.
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

/**
 * The scripts of a name's letters when they are not one script nor an allowed
 * mix (Japanese, Chinese or Korean with Latin); undefined otherwise.
 *
 * @example mixedScripts('pаypal') // ['Cyrillic', 'Latin']
 */
export function mixedScripts(name: string): string[] | undefined {
  // Perf: an ASCII name is Latin (or has no letters).
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

/**
 * A name with common Cyrillic/Greek look-alikes mapped to Latin (after NFKC
 * and lower-casing): two names with one skeleton read the same to a human.
 *
 * @example nameSkeleton('раураl') // 'paypal'
 */
export function nameSkeleton(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFKC').toLowerCase()) out += LOOK_ALIKES[ch] ?? ch;
  return out;
}

/**
 * The name with every control character written as `\u{…}`, safe to put in a message.
 *
 * @example escapeControls('a\u0000b') // 'a\\u{0}b'
 */
export function escapeControls(name: string): string {
  return name.replace(CONTROLS, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
