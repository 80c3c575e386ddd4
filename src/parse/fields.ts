/** Field rules: check the frontmatter key by key and extract the typed fields; the profile decides severities. */
import type { Compatibility } from '../model/package.js';
import type { MessageArgs } from './messages.js';
import { checkName, codePointLength, normalizeName } from './names.js';
import type { ParseRuleCode, Profile } from './profiles.js';
import { parseCompatibilityMap } from './schemas.js';
import type { YamlPath } from './yaml-types.js';

export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;
export const DEFAULT_VERSION = '0.0.0';

export type Report = (code: ParseRuleCode, path: YamlPath, part: 'key' | 'value', args?: MessageArgs) => void;

export interface CheckedFields {
  /** The name as the policy compares it; undefined when missing or not a string. */
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly version: string;
  readonly license?: string;
  readonly compatibility?: Compatibility;
  readonly metadata: Record<string, string>;
  readonly allowedTools: string[];
  readonly modelInvocable: boolean;
}

/** A short noun for a JSON value's kind, used in messages. */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A required text field as written, or undefined after reporting `<key>.missing` or `<key>.type`. */
function requiredText(fm: Record<string, unknown>, key: 'name' | 'description', report: Report): string | undefined {
  const present = Object.hasOwn(fm, key);
  const raw = fm[key];
  if (!present || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    report(`${key}.missing`, present ? [key] : [], present ? 'value' : 'key');
    return undefined;
  }
  if (typeof raw !== 'string') {
    report(`${key}.type`, [key], 'value', { found: kindOf(raw) });
    return undefined;
  }
  return raw;
}

/** Check every known field of `fm` and report unknown keys. */
export function checkFields(
  fm: Record<string, unknown>,
  profile: Profile,
  dirName: string | undefined,
  report: Report,
  unicode = profile.unicode,
): CheckedFields {
  // Unknown keys first, one finding per key at the key, in document order.
  for (const key of Object.keys(fm)) {
    if (!profile.knownKeys.has(key)) report('field.unknown', [key], 'key', { key, profile: profile.name });
  }

  let name: string | undefined;
  const rawName = requiredText(fm, 'name', report);
  if (rawName !== undefined) {
    name = normalizeName(rawName, unicode);
    const findings = checkName(rawName, dirName, unicode);
    for (let i = 0; i < findings.length; i++) report(findings[i]!.code, ['name'], 'value', findings[i]!.args);
  }

  let description: string | undefined;
  const rawDesc = requiredText(fm, 'description', report);
  if (rawDesc !== undefined) {
    description = rawDesc.trim();
    // Code points never outnumber UTF-16 units, so only a long text needs counting.
    const length = rawDesc.length > MAX_DESCRIPTION_LENGTH ? codePointLength(rawDesc) : rawDesc.length;
    if (length > MAX_DESCRIPTION_LENGTH) report('description.length', ['description'], 'value', { length });
  }

  let license: string | undefined;
  if (Object.hasOwn(fm, 'license') && fm.license !== null) {
    if (typeof fm.license === 'string') license = fm.license;
    else report('license.type', ['license'], 'value', { found: kindOf(fm.license) });
  }

  let compatibility: Compatibility | undefined;
  if (Object.hasOwn(fm, 'compatibility') && fm.compatibility !== null) {
    const c = fm.compatibility;
    if (typeof c === 'string') {
      compatibility = c;
      const length = codePointLength(c);
      if (length > MAX_COMPATIBILITY_LENGTH) report('compatibility.length', ['compatibility'], 'value', { length });
      report('compatibility.free-text', ['compatibility'], 'value');
    } else if (isMap(c) && profile.features.structuredCompatibility) {
      const parsed = parseCompatibilityMap(c);
      if (parsed.ok) compatibility = parsed.value;
      else
        report('compatibility.type', ['compatibility', ...parsed.path], 'value', {
          expected:
            'a map of os, programs and env lists of strings ' +
            '(or operating_systems, required_programs and required_environment)',
          found: parsed.detail,
        });
    } else {
      report('compatibility.type', ['compatibility'], 'value', {
        expected: profile.features.structuredCompatibility ? 'text or a map of os, programs and env' : 'text',
        found: kindOf(c),
      });
    }
  }

  const metadata: Record<string, string> = {};
  if (Object.hasOwn(fm, 'metadata') && fm.metadata !== null) {
    const m = fm.metadata;
    if (!isMap(m)) report('metadata.type', ['metadata'], 'value', { found: kindOf(m) });
    else {
      for (const key of Object.keys(m).sort()) {
        const v = m[key];
        const text =
          typeof v === 'string'
            ? v
            : v === null || v === undefined
              ? ''
              : typeof v === 'object'
                ? JSON.stringify(v)
                : String(v);
        if (typeof v !== 'string') report('metadata.value-type', ['metadata', key], 'value', { key, found: kindOf(v) });
        // `__proto__` must stay a value, not become a prototype; a plain store for every other key is faster.
        if (key === '__proto__')
          Object.defineProperty(metadata, key, { value: text, enumerable: true, writable: true, configurable: true });
        else metadata[key] = text;
      }
    }
  }

  let allowedTools: string[] = [];
  const at = fm['allowed-tools'];
  if (Object.hasOwn(fm, 'allowed-tools') && at !== null) {
    if (typeof at === 'string') allowedTools = at.split(/\s+/).filter((t) => t !== '');
    else if (Array.isArray(at) && at.every((t) => typeof t === 'string'))
      allowedTools = at.map((t) => t.trim()).filter((t) => t !== '');
    else report('allowed-tools.type', ['allowed-tools'], 'value', { found: kindOf(at) });
  }

  // version: falls back to metadata.version
  let version = DEFAULT_VERSION;
  if (profile.knownKeys.has('version') && Object.hasOwn(fm, 'version') && fm.version !== null) {
    const v = fm.version;
    if (typeof v === 'string' && v.trim() !== '') version = v.trim();
    else {
      report('version.type', ['version'], 'value', { found: kindOf(v) });
      if (typeof v === 'number') version = String(v);
    }
  } else if (metadata.version !== undefined && metadata.version.trim() !== '') version = metadata.version.trim();

  const modelInvocable = fm['disable-model-invocation'] !== true;
  return { name, description, version, license, compatibility, metadata, allowedTools, modelInvocable };
}
