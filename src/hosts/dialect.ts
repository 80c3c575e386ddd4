// One SKILL.md read as one agent reads it. YAML goes through the parse stage's reader (with its
// limits on hostile text); the agents' line readers live in lines.ts.
import { readFrontmatterYaml, recoverCompactValues } from '../parse/frontmatter.js';
import { splitFrontmatter } from '../parse/split.js';
import { DEFAULT_YAML_LIMITS } from '../parse/yaml-doc.js';
import { readNameDescriptionLines, readPythonLines, readSdkLines } from '../parse/lines.js';
import type { DescriptionFallback, HostDialect } from './types.js';

/** A name and description, or a refusal with its rule. */
export type HostRead =
  | {
      readonly ok: true;
      readonly name: string;
      readonly description: string;
      readonly from: 'frontmatter' | 'body' | 'placeholder';
      /** Loaded, but never listed to the model (OpenCode without a description). */
      readonly unlisted: boolean;
    }
  | { readonly ok: false; readonly rule: RefusalRule; readonly detail: string };

export type RefusalRule =
  | 'frontmatter.missing'
  | 'frontmatter.unterminated'
  | 'frontmatter.not-mapping'
  | 'yaml.invalid'
  | 'name.missing'
  | 'name.type'
  | 'name.length'
  | 'name.charset'
  | 'description.missing'
  | 'description.empty'
  | 'description.type'
  | 'description.length';

type Fields = Readonly<Record<string, unknown>>;

interface Block {
  /** Null when the agent refused the block (`refusal` says why). */
  readonly fields: Fields | null;
  readonly body: string;
  readonly refusal?: { readonly rule: RefusalRule; readonly detail: string };
}

/** Read `text` (a SKILL.md in folder `folder`) with `dialect`. */
export function readWithDialect(dialect: HostDialect, text: string, folder: string): HostRead {
  const block = readBlock(dialect, text);
  if (block.fields === null) return refuse(block.refusal?.rule ?? 'yaml.invalid', block.refusal?.detail ?? '');
  const name = readName(dialect, block.fields, folder);
  if (!name.ok) return name;
  return readDescription(dialect, block, name.name);
}

function refuse(rule: RefusalRule, detail: string): HostRead {
  return { ok: false, rule, detail };
}

const EMPTY: Fields = Object.freeze({});

function readBlock(d: HostDialect, text: string): Block {
  if (d.reader === 'lines' || d.reader === 'lines-python') {
    const fields = d.reader === 'lines' ? readSdkLines(text) : readPythonLines(text);
    return { fields: fields ?? EMPTY, body: fields ? bodyAfterFence(text) : text };
  }
  const fenced = fence(d, text);
  if (fenced.kind !== 'ok') {
    if (d.noFrontmatter === 'empty') return { fields: EMPTY, body: fenced.text };
    return {
      fields: null,
      body: '',
      refusal: { rule: fenced.kind === 'missing' ? 'frontmatter.missing' : 'frontmatter.unterminated', detail: '' },
    };
  }
  const value = readYaml(d, fenced.yaml);
  if (value.error !== undefined) {
    if (d.invalid === 'ignore') return { fields: EMPTY, body: fenced.body };
    return { fields: null, body: '', refusal: { rule: 'yaml.invalid', detail: value.error } };
  }
  const data = value.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    if (d.notMapping === 'empty') return { fields: EMPTY, body: fenced.body };
    return { fields: null, body: '', refusal: { rule: 'frontmatter.not-mapping', detail: '' } };
  }
  return { fields: data as Fields, body: fenced.body };
}

type Fenced =
  | { readonly kind: 'ok'; readonly yaml: string; readonly body: string }
  | { readonly kind: 'missing' | 'unterminated'; readonly text: string };

// Gemini CLI's rule: `---` and a line break exactly; the block ends at the first line break followed by `---`.
const EXACT_FENCE = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;

function fence(d: HostDialect, text: string): Fenced {
  if (d.fence === 'exact') {
    const m = EXACT_FENCE.exec(text);
    return m ? { kind: 'ok', yaml: m[1]!, body: m[2] ?? '' } : { kind: 'missing', text };
  }
  if (d.fence === 'lines-no-bom' && text.charCodeAt(0) === 0xfeff) return { kind: 'missing', text };
  const split = splitFrontmatter(text);
  return split.kind === 'ok'
    ? { kind: 'ok', yaml: split.yamlText, body: split.body }
    : { kind: split.kind, text: split.text };
}

function bodyAfterFence(text: string): string {
  const split = splitFrontmatter(text);
  return split.kind === 'ok' ? split.body : '';
}

function readYaml(
  d: HostDialect,
  yaml: string,
): { data: unknown; error?: undefined } | { data?: undefined; error: string } {
  const first = parseYaml(d, yaml);
  if (d.reader === 'yaml-else-lines') {
    const data = first.error === undefined ? first.data : undefined;
    const fields = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Fields) : undefined;
    if (fields && typeof fields.name === 'string' && typeof fields.description === 'string') return { data: fields };
    const lines = readNameDescriptionLines(yaml);
    return lines ? { data: lines } : { error: first.error ?? 'no name and description' };
  }
  if (first.error === undefined) return first;
  const retry =
    d.reader === 'yaml-recover-compact'
      ? recoverCompactValues(yaml)?.text
      : d.reader === 'yaml-recover-quote'
        ? quotePlainValues(yaml)
        : null;
  if (retry) {
    const again = parseYaml(d, retry);
    if (again.error === undefined) return again;
  }
  return first;
}

function parseYaml(
  d: HostDialect,
  yaml: string,
): { data: unknown; error?: undefined } | { data?: undefined; error: string } {
  const r = readFrontmatterYaml(yaml, DEFAULT_YAML_LIMITS);
  if (r.issues.length === 0) return { data: r.value };
  const message = r.issues[0]!.message;
  if (d.duplicateKeys === 'last' && /unique/i.test(message)) {
    const again = readFrontmatterYaml(lastKeysOnly(yaml), DEFAULT_YAML_LIMITS);
    if (again.issues.length === 0) return { data: again.value };
  }
  return { error: message };
}

const TOP_KEY = /^([^\s#:][^:]*):(?:\s|$)/;

/** Every top-level key but its last occurrence removed (with its indented lines). */
function lastKeysOnly(yaml: string): string {
  const blocks: { key: string | null; lines: string[] }[] = [];
  for (const line of yaml.split('\n')) {
    const m = TOP_KEY.exec(line);
    if (m || blocks.length === 0) blocks.push({ key: m ? m[1]!.trim() : null, lines: [line] });
    else blocks.at(-1)!.lines.push(line);
  }
  const last = new Map(blocks.map((b, i) => [b.key, i]));
  return blocks
    .filter((b, i) => b.key === null || last.get(b.key) === i)
    .flatMap((b) => b.lines)
    .join('\n');
}

/** Top-level plain values re-read as text (quoted and block values left). */
function quotePlainValues(yaml: string): string | null {
  let changed = false;
  const lines = yaml.split('\n').map((line) => {
    const m = /^([A-Za-z0-9_][\w.-]*):[ \t]+(.*?)[ \t]*$/.exec(line);
    if (!m || m[2] === '' || /^["'|>]/.test(m[2]!)) return line;
    changed = true;
    return `${m[1]}: '${m[2]!.replaceAll("'", "''")}'`;
  });
  return changed ? lines.join('\n') : null;
}

type NameRead = { readonly ok: true; readonly name: string } | Extract<HostRead, { ok: false }>;

function readName(d: HostDialect, fields: Fields, folder: string): NameRead {
  const raw = fields.name;
  let name: string;
  if (d.name.from === 'folder') name = folder;
  else if (raw === undefined || raw === null || raw === '') {
    if (d.name.from === 'frontmatter') return refuse('name.missing', '') as NameRead;
    name = folder;
  } else if (typeof raw === 'string') name = raw;
  else if (d.name.types === 'scalar' && (typeof raw === 'number' || typeof raw === 'boolean')) name = String(raw);
  else return refuse('name.type', typeof raw) as NameRead;
  if (d.name.replace) name = name.replace(new RegExp(d.name.replace.chars, 'g'), d.name.replace.with);
  if (d.name.maxLength !== undefined && name.length > d.name.maxLength)
    return refuse('name.length', String(name.length)) as NameRead;
  if (d.name.pattern !== undefined && !new RegExp(d.name.pattern).test(name))
    return refuse('name.charset', name) as NameRead;
  return { ok: true, name };
}

function readDescription(d: HostDialect, block: Block, name: string): HostRead {
  const raw = block.fields!.description;
  const rules = d.description;
  let text: string;
  if (raw === undefined) return fallback(rules.missing, 'description.missing', d, block.body, name);
  if (raw === null) return fallback(rules.blank, 'description.missing', d, block.body, name);
  if (raw === '') return fallback(rules.empty, 'description.empty', d, block.body, name);
  if (typeof raw === 'string') text = raw;
  else if (rules.types === 'scalar' && (typeof raw === 'number' || typeof raw === 'boolean')) text = String(raw);
  else return fallback(rules.wrongType, 'description.type', d, block.body, name);
  if (rules.maxLength !== undefined && text.length > rules.maxLength)
    return refuse('description.length', String(text.length));
  return { ok: true, name, description: text, from: 'frontmatter', unlisted: false };
}

function fallback(how: DescriptionFallback, rule: RefusalRule, d: HostDialect, body: string, name: string): HostRead {
  switch (how) {
    case 'refuse':
      return refuse(rule, '');
    case 'body':
      return { ok: true, name, description: firstLine(body), from: 'body', unlisted: false };
    case 'placeholder':
      return { ok: true, name, description: d.description.placeholder ?? '', from: 'placeholder', unlisted: false };
    case 'unlisted':
      return { ok: true, name, description: '', from: 'placeholder', unlisted: true };
    default:
      return { ok: true, name, description: '', from: 'frontmatter', unlisted: false };
  }
}

function firstLine(body: string): string {
  for (const line of body.split(/\r?\n/)) {
    const text = line.trim().replace(/^#+\s*/, '');
    if (text) return text;
  }
  return '';
}
