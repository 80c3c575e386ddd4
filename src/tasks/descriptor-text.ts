// A skill's text in the catalog document, written by hand: exactly what `JSON.stringify(…, null, 2)`
// writes at a skill's depth, DEL and C1 controls left raw for the document to escape. Perf: the
// descriptor's shape is known, so no whole-object stringify, no renaming pass, one escape per string.
import type { SkillDescriptor } from '../model/package.js';
import type { CapabilitySummary } from '../model/resolve.js';

/** Escaped by `JSON.stringify`: a quote, a backslash, a control below U+0020, a surrogate. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(s)`. Perf: most strings need no escape, and a regex test is cheaper than the native call. */
export function quoted(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

const PAD = ['', '  ', '    ', '      ', '        ', '          ', '            '];

/** Descriptor keys written under another name in the document. */
export const DESCRIPTOR_KEYS: Readonly<Record<string, string>> = {
  allowedTools: 'allowed_tools',
  modelInvocable: 'model_invocable',
};

const KEY_TEXT = new Map<string, string>();

function keyText(key: string): string {
  let text = KEY_TEXT.get(key);
  if (text === undefined) {
    text = `\n      ${JSON.stringify(DESCRIPTOR_KEYS[key] ?? key)}: `;
    // Bounded: only a descriptor's keys pass here, and unknown ones are not kept.
    if (KEY_TEXT.size < 64) KEY_TEXT.set(key, text);
  }
  return text;
}

/** `JSON.stringify(value, null, 2)` indented `depth` steps (exact: JSON strings hold no raw newline). */
export function valueText(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    const list = stringListText(value, depth);
    if (list !== undefined) return list;
  } else if (value !== null && typeof value === 'object' && plainPrototype(value)) {
    const map = stringMapText(value as Record<string, unknown>, depth);
    if (map !== undefined) return map;
  }
  const text = JSON.stringify(value, null, 2) as string | undefined;
  if (text === undefined || depth === 0 || !text.includes('\n')) return text;
  return text.replaceAll('\n', `\n${PAD[depth] ?? '  '.repeat(depth)}`);
}

function stringListText(list: readonly unknown[], depth: number): string | undefined {
  if (list.length === 0) return '[]';
  const inner = `\n${PAD[depth + 1] ?? '  '.repeat(depth + 1)}`;
  let out = '[';
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string') return undefined;
    out += `${i === 0 ? '' : ','}${inner}${quoted(item)}`;
  }
  return `${out}\n${PAD[depth] ?? '  '.repeat(depth)}]`;
}

/** A plain object (or one without a prototype): `for…in` then lists only its own keys. */
function plainPrototype(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function stringMapText(map: Readonly<Record<string, unknown>>, depth: number): string | undefined {
  const inner = `\n${PAD[depth + 1] ?? '  '.repeat(depth + 1)}`;
  let out = '{';
  let first = true;
  // JSON.stringify lists own enumerable keys in this order; the own-key check catches a prototype that adds one.
  for (const key in map) {
    if (!Object.hasOwn(map, key)) return undefined;
    const value = map[key];
    if (typeof value !== 'string') return undefined;
    out += `${first ? '' : ','}${inner}${quoted(key)}: ${quoted(value)}`;
    first = false;
  }
  return first ? '{}' : `${out}\n${PAD[depth] ?? '  '.repeat(depth)}}`;
}

const SOURCE_TYPES_TEXT = new Map<readonly string[], string>();

/** One skill of the catalog document with its `skill_metadata`; DEL and C1 controls left raw. */
export function skillText(d: SkillDescriptor, summary: CapabilitySummary | undefined): string {
  let out = '    {';
  let first = true;
  let name: string | undefined;
  let description: string | undefined;
  let version: string | undefined;
  for (const key in d) {
    const value = (d as unknown as Record<string, unknown>)[key];
    let text: string | undefined;
    if (typeof value === 'string') {
      text = quoted(value);
      if (key === 'name') name = text;
      else if (key === 'description') description = text;
      else if (key === 'version' && value !== '') version = text;
    } else if (key === 'source') {
      text = sourceText(value as SkillDescriptor['source']);
    } else {
      text = valueText(value, 3);
    }
    if (text === undefined) continue;
    out += `${first ? '' : ','}${keyText(key)}${text}`;
    first = false;
  }
  out +=
    `${first ? '' : ','}\n      "skill_metadata": ` +
    `${summary ? metadataText(d, name, description, version, summary) : 'null'}\n    }`;
  return out;
}

/** Undefined unless the source has exactly its known shape. */
function sourceText(s: SkillDescriptor['source']): string | undefined {
  if (s === null || typeof s !== 'object' || !plainPrototype(s)) return valueText(s, 3);
  let keys = 0;
  for (const key in s) {
    if (key !== SOURCE_KEYS[keys] || !Object.hasOwn(s, key)) return valueText(s, 3);
    keys++;
  }
  if (
    keys !== 4 ||
    typeof s.scope !== 'string' ||
    typeof s.precedence !== 'number' ||
    typeof s.root !== 'string' ||
    typeof s.locator !== 'string'
  )
    return valueText(s, 3);
  // Perf: a few roots are shared by thousands of skills in alternation: each root's text is made once.
  let head = SOURCE_HEADS.get(s.root);
  if (head === undefined || head.scope !== s.scope || head.precedence !== s.precedence) {
    head = {
      scope: s.scope,
      precedence: s.precedence,
      text:
        `{\n        "scope": ${quoted(s.scope)},\n        "precedence": ${JSON.stringify(s.precedence)},` +
        `\n        "root": ${quoted(s.root)},\n        "locator": `,
    };
    // Bounded: past this many roots the others' text is made each time.
    if (SOURCE_HEADS.size < MAX_SOURCE_HEADS || SOURCE_HEADS.has(s.root)) SOURCE_HEADS.set(s.root, head);
  }
  return `${head.text}${quoted(s.locator)}\n      }`;
}

const SOURCE_HEADS = new Map<string, { readonly scope: string; readonly precedence: number; readonly text: string }>();
const MAX_SOURCE_HEADS = 64;

const SOURCE_KEYS = ['scope', 'precedence', 'root', 'locator'];

// `SkillMetadata.fromSummary(…).toJSON()` as text: our own parse and resolver made the inputs, so the
// protocol's zod check could only pass.
function metadataText(
  d: SkillDescriptor,
  name: string | undefined,
  description: string | undefined,
  version: string | undefined,
  summary: CapabilitySummary,
): string {
  let types = SOURCE_TYPES_TEXT.get(summary.source_types);
  if (types === undefined) {
    types = JSON.stringify(summary.source_types, null, 2).replaceAll('\n', '\n        ');
    SOURCE_TYPES_TEXT.set(summary.source_types, types);
  }
  return (
    `{\n        "name": ${name ?? quoted(d.name)},\n        "description": ${description ?? quoted(d.description)},` +
    `\n        "version": ${version ?? quoted(d.version || '0.0.0')},` +
    `\n        "read_only": ${summary.read_only},\n        "writes": ${summary.writes},` +
    `\n        "tool_count": ${summary.tool_count},\n        "source_types": ${types}\n      }`
  );
}
