/**
 * bytes → split → YAML → field rules → composition → SkillPackage + diagnostics. Pure: no I/O, never throws on
 * content, the same input always gives the same diagnostics in the same order.
 */
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { EMPTY_COMPOSITION, type SkillDescriptor, type SkillPackage } from '../model/package.js';
import { parseComposition } from './composition.js';
import { parseDependencies } from './dependencies.js';
import { checkFields, kindOf, type Report } from './fields.js';
import { readFrontmatterYaml, recoverCompactValues } from './frontmatter.js';
import { formatMessage, type MessageArgs } from './messages.js';
import { checkNameSafety, normalizeName } from './names.js';
import { PARSE_KEYS, resolveParseOptions, type ParseOptions, type ResolvedParseOptions } from './options.js';
import { checkOptionKeys } from '../model/option-keys.js';
import type { ParseRuleCode } from './profiles.js';
import { splitFrontmatter } from './split.js';
import { readSdkLines } from './lines.js';
import type { FrontmatterYaml, YamlLoc } from './yaml-types.js';

export interface ParseResult {
  /** Present when no error-severity diagnostic was found. */
  readonly package?: SkillPackage;
  /** Every finding, sorted (file, line, column, code). */
  readonly diagnostics: readonly Diagnostic[];
  /** The `name` field when it was a string (also for invalid skills). */
  readonly name?: string;
  /** File positions of top-level frontmatter values, for the linter. */
  readonly locations: Readonly<Record<string, YamlLoc>>;
}

const UTF8_STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF8_LOOSE = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
// A whole file that is one relative path: a symlink checked out as a plain file.
const LINK_PLACEHOLDER = /^\.{0,2}[^\s:]*\/[^\s]*$/;

class Collector {
  readonly list: Diagnostic[] = [];
  /** The bytes were not UTF-8 and were decoded with replacement characters. */
  loose = false;
  private readonly o: ResolvedParseOptions;
  constructor(o: ResolvedParseOptions) {
    this.o = o;
  }
  add(code: ParseRuleCode, line: number, column: number, args: MessageArgs = {}): void {
    const level = this.o.profile.rules[code];
    if (level === 'off') return;
    const { message, hint } = formatMessage(code, args);
    this.list.push({ code, severity: level, message, file: this.o.locator, line, column, hint });
  }
  get failed(): boolean {
    return this.list.some((d) => d.severity === 'error');
  }
}

function decode(bytes: Uint8Array | string, out: Collector): string {
  if (typeof bytes === 'string') return bytes;
  try {
    return UTF8_STRICT.decode(bytes);
  } catch {
    out.add('encoding.utf8', 1, 1);
    out.loose = true;
    return UTF8_LOOSE.decode(bytes);
  }
}

/**
 * Perf: the YAML as a flat string (a slice is read through its parent, slowing the hand parser). An ASCII file's
 * bytes are its text, so the YAML is decoded again from them; anything else stays as split.
 */
function flatYaml(bytes: Uint8Array | string, text: string, yamlText: string, crlf: boolean, loose: boolean): string {
  if (typeof bytes === 'string' || loose || crlf || text.length !== bytes.byteLength) return yamlText;
  // The opening fence is the first line; the YAML starts on the next one.
  const start = text.indexOf('\n') + 1;
  return UTF8_STRICT.decode(bytes.subarray(start, start + yamlText.length));
}

function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? path : path.slice(i + 1);
}

/**
 * Parse and validate one SKILL.md; throws only for bad options. `descriptor.digest` is left `''` for the catalog.
 * @example parseSkill(text, { locator: '/s/pdf/SKILL.md', dirName: 'pdf' }).package?.descriptor.id // 'project/pdf'
 */
export function parseSkill(bytes: Uint8Array | string, options: ParseOptions): ParseResult {
  checkOptionKeys(options, PARSE_KEYS);
  const p = parseParts(bytes, options, false);
  return result(p.diagnostics, p.package, p.name, p.locate);
}

interface ParsedParts {
  readonly package: SkillPackage | undefined;
  /** Sorted by `compareDiagnostics`. */
  readonly diagnostics: readonly Diagnostic[];
  readonly name: string | undefined;
  readonly locate: (() => Record<string, YamlLoc>) | undefined;
}

/** `parseSkill` for a caller that keeps only the package and diagnostics: no `locations` getter to define. */
export function parsePackage(
  bytes: Uint8Array | string,
  options: ParseOptions,
): Pick<ParseResult, 'package' | 'diagnostics'> {
  const p = parseParts(bytes, options, true);
  return { package: p.package, diagnostics: p.diagnostics };
}

/** `lazyLocations`: only diagnostics will ask for positions. */
function parseParts(bytes: Uint8Array | string, options: ParseOptions, lazyLocations: boolean): ParsedParts {
  const o = resolveParseOptions(options);
  // Content never throws; no content at all is a misuse of the API (plain JS).
  if (typeof bytes !== 'string' && !(bytes instanceof Uint8Array)) {
    throw new SkillgraphError(
      'options.invalid',
      `parseSkill: the content must be a string or a Uint8Array, got ${bytes === null ? 'null' : typeof bytes}`,
      { field: 'bytes' },
    );
  }
  const out = new Collector(o);
  const finish = (pkg?: SkillPackage, name?: string, locate?: () => Record<string, YamlLoc>): ParsedParts => {
    // `add` leaves out codes the profile turns off, `skill.skipped` included.
    if (pkg === undefined) out.add('skill.skipped', 1, 1);
    return { package: pkg, diagnostics: out.list.sort(compareDiagnostics), name, locate };
  };

  const size = typeof bytes === 'string' ? bytes.length : bytes.byteLength;
  if (size > o.maxFileBytes) {
    out.add('file.too-large', 0, 0, { size, limit: o.maxFileBytes });
    return finish();
  }
  const fileName = baseName(o.locator);
  if (fileName !== 'SKILL.md' && fileName.toLowerCase() === 'skill.md')
    out.add('file.name-case', 0, 0, { file: fileName });

  const text = decode(bytes, out);
  const fenced = splitFrontmatter(text);
  if (fenced.bom) out.add('encoding.bom', 1, 1);
  if (fenced.crlf) out.add('encoding.crlf', 1, 1);
  if (fenced.kind !== 'ok') {
    const trimmed = fenced.text.trim();
    if (fenced.kind === 'unterminated') out.add('frontmatter.unterminated', 1, 1);
    // `---\r` without `\n`: the whole file is one CR-separated line; say so rather than "must start with ---".
    else if (/^\uFEFF?---[ \t]*\r(?!\n)/.test(fenced.text) && !fenced.text.includes('\n'))
      out.add('frontmatter.missing', 1, 1, { crOnly: 1 });
    else
      out.add(
        'frontmatter.missing',
        1,
        1,
        LINK_PLACEHOLDER.test(trimmed) && trimmed.length < 1024 ? { target: trimmed } : {},
      );
    if (!o.profile.features.frontmatterOptional) return finish();
  }
  // A profile that reads a file without frontmatter reads it as an empty block over the whole file.
  const split =
    fenced.kind === 'ok' ? fenced : { yamlText: '', yamlLine: 1, body: fenced.text, bodyLine: 1, crlf: fenced.crlf };

  const offset = split.yamlLine - 1;
  const yamlText = flatYaml(bytes, text, split.yamlText, split.crlf, out.loose);
  let yaml: FrontmatterYaml = o.profile.features.lineReader
    ? lineFrontmatter(text)
    : readFrontmatterYaml(yamlText, o.limits, lazyLocations);
  if (
    yaml.issues.length > 0 &&
    o.profile.features.recoverCompactValues &&
    yaml.issues.every((i) => i.code === 'yaml.invalid')
  ) {
    const fixed = recoverCompactValues(yamlText);
    const again = fixed && readFrontmatterYaml(fixed.text, o.limits, lazyLocations);
    if (fixed && again && again.issues.length === 0) {
      for (const r of fixed.recovered) out.add('yaml.recovered', r.line + offset, r.column, { key: r.key });
      yaml = again;
    }
  }
  for (const issue of yaml.issues) out.add(issue.code, issue.line + offset, issue.column, { detail: issue.message });
  if (yaml.issues.length > 0) return finish();

  const fm = yaml.value;
  if (fm === null || typeof fm !== 'object' || Array.isArray(fm)) {
    out.add('frontmatter.not-mapping', split.yamlLine, 1, {
      found: fm === null || fm === undefined ? 'nothing' : kindOf(fm),
    });
    return finish();
  }
  const data = fm as Record<string, unknown>;
  const at = (loc: YamlLoc | undefined): [number, number] =>
    loc ? [loc.line + offset, loc.column] : [split.yamlLine, 1];
  const report: Report = (code, path, part, args) => {
    // A field missing inside an entry is reported at the nearest node that exists.
    let loc = yaml.locate(path, part);
    for (let n = path.length - 1; loc === undefined && n >= 0; n--) loc = yaml.locate(path.slice(0, n), 'value');
    const [line, column] = at(loc);
    out.add(code, line, column, args);
  };

  const fields = checkFields(data, o.profile, o.dirName, report, o.unicode);
  const composition = o.profile.features.composition ? parseComposition(data, report) : EMPTY_COMPOSITION;
  const dependencies = o.profile.knownKeys.has('dependencies') ? parseDependencies(data, report) : undefined;

  const locate = (): Record<string, YamlLoc> => {
    const locations: Record<string, YamlLoc> = {};
    for (const key of Object.keys(data).sort()) {
      const [line, column] = at(yaml.locate([key], 'value'));
      locations[key] = { line, column };
    }
    return locations;
  };
  let name = fields.name;
  if (name === undefined && o.profile.features.nameFromDirectory && o.dirName) {
    name = normalizeName(o.dirName, o.unicode);
    // A name taken from the folder obeys every profile's rules too (a folder may be named `a\b` or hold ESC).
    for (const f of checkNameSafety(o.dirName, name)) out.add(f.code, split.yamlLine, 1, f.args);
  }
  const description = fields.description ?? o.profile.features.descriptionFallback;
  if (out.failed || name === undefined || description === undefined) return finish(undefined, fields.name, locate);

  // Perf: optional keys stored one by one in key order, not spread from little objects.
  const descriptor: Writable<SkillDescriptor> = {
    id: `${o.scope}/${name}`,
    name,
    description,
    version: fields.version,
  } as Writable<SkillDescriptor>;
  if (fields.license !== undefined) descriptor.license = fields.license;
  if (fields.compatibility !== undefined) descriptor.compatibility = fields.compatibility;
  descriptor.metadata = fields.metadata;
  descriptor.allowedTools = fields.allowedTools;
  descriptor.modelInvocable = fields.modelInvocable;
  if (dependencies !== undefined) descriptor.dependencies = dependencies;
  descriptor.source = { scope: o.scope, precedence: o.precedence, root: o.root, locator: o.locator };
  descriptor.digest = '';
  const pkg: SkillPackage = {
    descriptor,
    body: split.body,
    bodyLine: split.bodyLine,
    composition,
    frontmatter: data,
    diagnostics: [...out.list].sort(compareDiagnostics),
  };
  return finish(pkg, fields.name, locate);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The frontmatter as the Agents SDK's line reader gives it: text values by key, located on their first line. */
function lineFrontmatter(text: string): FrontmatterYaml {
  const lines = text.split(/\r?\n/);
  return {
    value: readSdkLines(text) ?? {},
    issues: [],
    locate: (path) => {
      if (path.length !== 1 || typeof path[0] !== 'string') return undefined;
      const key = path[0];
      for (let i = 1; i < lines.length && lines[i]!.trim() !== '---'; i++) {
        const m = /^(\s*)([^:#]+?)\s*:(\s*)/.exec(lines[i]!);
        if (m && m[2] === key) return { line: i, column: m[0].length + 1 };
      }
      return undefined;
    },
  };
}

/** Where a result keeps what its `locations` getter works out (or its answer, once read). */
const LOCATE = Symbol('locate');

type Lazy = { [LOCATE]: (() => Record<string, YamlLoc>) | Readonly<Record<string, YamlLoc>> | undefined };

function lazyLocations(this: Lazy): Readonly<Record<string, YamlLoc>> {
  const state = this[LOCATE];
  if (typeof state === 'function' || state === undefined) this[LOCATE] = state === undefined ? {} : state();
  return this[LOCATE] as Readonly<Record<string, YamlLoc>>;
}

// One getter for every result: a getter in an object literal is a closure per result, a hidden class of its own.
const LOCATIONS: PropertyDescriptor = Object.freeze({ get: lazyLocations, enumerable: true, configurable: true });

/** A parse result, keys in the order `locations`, `package`, `name`, `diagnostics`; `locations` worked out lazily. */
function result(
  diagnostics: readonly Diagnostic[],
  pkg: SkillPackage | undefined,
  name: string | undefined,
  locate: (() => Record<string, YamlLoc>) | undefined,
): ParseResult {
  const r = Object.defineProperty({}, 'locations', LOCATIONS) as Writable<ParseResult> & Lazy;
  Object.defineProperty(r, LOCATE, { value: locate, writable: true, enumerable: false, configurable: true });
  if (pkg !== undefined) r.package = pkg;
  if (name !== undefined) r.name = name;
  r.diagnostics = diagnostics;
  return r;
}

/**
 * Like parseSkill, but returns the package or throws SkillgraphError('skill.invalid') with the diagnostics.
 * @example parseSkillOrThrow(text, { locator: '/s/pdf/SKILL.md', dirName: 'pdf' }).descriptor.name // 'pdf'
 */
export function parseSkillOrThrow(bytes: Uint8Array | string, options: ParseOptions): SkillPackage {
  const result = parseSkill(bytes, options);
  if (result.package) return result.package;
  const first = result.diagnostics.find((d) => d.severity === 'error') ?? result.diagnostics[0];
  const where = first ? `${first.file}:${first.line}:${first.column} ${first.code} ${first.message}` : options.locator;
  throw new SkillgraphError('skill.invalid', `invalid skill: ${where}`, {
    locator: options.locator,
    diagnostics: result.diagnostics,
  });
}
