/**
 * A skill's text in the catalog document, written by hand: exactly the characters
 * `JSON.stringify` with a two-space indent writes for the descriptor (its two camelCase keys
 * renamed) and its `skill_metadata` at a skill's depth in the document (the skill at 4 spaces,
 * its fields at 6), without the raw-control escape the document applies afterwards.
 *
 * Perf: the descriptor's shape is known, so its fields are written one by one in its own key
 * order: strings by `quoted` (as they are between quotes unless one needs an escape), flat string
 * maps and string lists by a loop, anything else (a structured `compatibility`, `dependencies`,
 * a metadata value that is not a string) through `JSON.stringify` at its depth; the text of a
 * source's root is made once per root. No whole-object stringify, no renaming pass over the
 * text, and `name` and `description` are escaped once for both places they appear. 10k skills,
 * in one process: the document ~160 → ~95 ms of CPU (minimum of 15).
 */
import type { SkillDescriptor } from '../model/package.js';
import type { CapabilitySummary } from '../model/resolve.js';

/** A character `JSON.stringify` writes escaped in a string: a quote, a backslash, a control below U+0020, a surrogate. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(s)` for a string. Perf: most strings need no escape, and one regex test and
 * two quotes cost a third of a call into the native stringifier (a paired surrogate takes the
 * native path too, which writes it as it is).
 *
 * @example quoted('a"b') // '"a\\"b"'
 */
export function quoted(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** The field indent of a skill (`6`) and of its nested values, by depth. */
const PAD = ['', '  ', '    ', '      ', '        ', '          ', '            '];

/** Descriptor keys written under another name in the document. */
export const DESCRIPTOR_KEYS: Readonly<Record<string, string>> = {
  allowedTools: 'allowed_tools',
  modelInvocable: 'model_invocable',
};

/** `\n      "key": ` for the descriptor's own keys, made once. */
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

/**
 * `JSON.stringify(value, null, 2)` with every line after the first indented by `depth` steps of
 * two spaces (JSON text holds no raw newline inside a string, so this is exact); undefined when
 * `JSON.stringify` writes nothing (undefined, a function, a symbol).
 *
 * @example valueText(['a'], 3) // '[\n        "a"\n      ]'
 */
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

/** A list of strings at `depth`, or undefined when an item is not a string. */
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

/** Whether `value` is a plain object (or one without a prototype): `for…in` then lists only its own keys. */
function plainPrototype(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A plain object of string values at `depth`, or undefined when a value is not a string. */
function stringMapText(map: Readonly<Record<string, unknown>>, depth: number): string | undefined {
  const inner = `\n${PAD[depth + 1] ?? '  '.repeat(depth + 1)}`;
  let out = '{';
  let first = true;
  // JSON.stringify lists own enumerable string keys in this order; a plain object's
  // prototype adds none (the caller checked it), and the own-key check catches one that does.
  for (const key in map) {
    if (!Object.hasOwn(map, key)) return undefined;
    const value = map[key];
    if (typeof value !== 'string') return undefined;
    out += `${first ? '' : ','}${inner}${quoted(key)}: ${quoted(value)}`;
    first = false;
  }
  return first ? '{}' : `${out}\n${PAD[depth] ?? '  '.repeat(depth)}}`;
}

/** `source_types` text at the metadata's depth, by the summary's shared kind list. */
const SOURCE_TYPES_TEXT = new Map<readonly string[], string>();

/**
 * One skill of the catalog document: `    {` … `    }` with the descriptor's fields and
 * `skill_metadata` (the protocol's `SkillMetadata.fromSummary(pkg, summary).toJSON()`, null
 * without a summary), as `JSON.stringify` writes the skill two arrays deep. DEL and C1
 * controls are left raw: the caller escapes them.
 *
 * @example skillText(pkg.descriptor, summary).startsWith('    {\n      "id": ')
 */
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
  out += `${first ? '' : ','}\n      "skill_metadata": ${summary ? metadataText(d, name, description, version, summary) : 'null'}\n    }`;
  return out;
}

/** The source's four fields at a skill field's depth, when it has exactly its known shape. */
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
  // Perf: a catalog has a few roots, shared by thousands of skills in name order (so roots
  // alternate from one skill to the next): each root's text is made once and kept by root.
  let head = SOURCE_HEADS.get(s.root);
  if (head === undefined || head.scope !== s.scope || head.precedence !== s.precedence) {
    head = {
      scope: s.scope,
      precedence: s.precedence,
      text: `{\n        "scope": ${quoted(s.scope)},\n        "precedence": ${JSON.stringify(s.precedence)},\n        "root": ${quoted(s.root)},\n        "locator": `,
    };
    // Bounded: a document with more roots than this makes the text of the others each time.
    if (SOURCE_HEADS.size < MAX_SOURCE_HEADS || SOURCE_HEADS.has(s.root)) SOURCE_HEADS.set(s.root, head);
  }
  return `${head.text}${quoted(s.locator)}\n      }`;
}

/** The text of a source's scope, precedence and root, by root (`sourceText`). */
const SOURCE_HEADS = new Map<string, { readonly scope: string; readonly precedence: number; readonly text: string }>();
const MAX_SOURCE_HEADS = 64;

const SOURCE_KEYS = ['scope', 'precedence', 'root', 'locator'];

/**
 * `SkillMetadata.fromSummary(pkg, summary).toJSON()` as document text at a skill field's depth,
 * built directly: package and summary come from our own parse and resolver, so the protocol's
 * zod check can only pass. `name`, `description` and a non-empty `version` are the descriptor's,
 * already escaped.
 */
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
    `{\n        "name": ${name ?? quoted(d.name)},\n        "description": ${description ?? quoted(d.description)},\n        "version": ${version ?? quoted(d.version || '0.0.0')},` +
    `\n        "read_only": ${summary.read_only},\n        "writes": ${summary.writes},\n        "tool_count": ${summary.tool_count},\n        "source_types": ${types}\n      }`
  );
}
