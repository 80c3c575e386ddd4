/**
 * The ONE function that turns frontmatter YAML text into data. Callers never
 * touch `yaml` directly, so the hand fast path for flat frontmatter (helper
 * module `fast-yaml.ts`, checked against `yaml` on every corpus file) slots in
 * here without touching them.
 *
 * Also home of the lenient recovery: an unquoted `key: a: b`
 * value — invalid YAML that agents nevertheless accept — is re-read as the
 * string `a: b`, with a warning per recovered line.
 */
import { parseFlatFrontmatter } from './fast-yaml.js';
import { parseYamlFrontmatter } from './yaml-doc.js';
import type { FrontmatterYaml, YamlLimits } from './yaml-types.js';

/**
 * The fast path: returns null to decline (anything but the common flat shape).
 * Perf: `yaml.parse` costs ~240 µs per typical frontmatter; the hand path accepts
 * ~99% of the real corpus and is held equal to `yaml` (values and locations) by
 * differential corpus and property tests. Set to null to disable.
 */
const FAST_PATH: ((yamlText: string, limits: YamlLimits, lazyLocations: boolean) => FrontmatterYaml | null) | null =
  parseFlatFrontmatter;

/**
 * Parse frontmatter YAML: the fast path first when enabled, else `yaml`.
 * `lazyLocations`: positions are rarely asked for (the fast path then finds
 * them only when `locate()` is first called).
 *
 * @example readFrontmatterYaml('name: a\n', DEFAULT_YAML_LIMITS).value // { name: 'a' }
 */
export function readFrontmatterYaml(yamlText: string, limits: YamlLimits, lazyLocations = false): FrontmatterYaml {
  if (FAST_PATH !== null) {
    const fast = FAST_PATH(yamlText, limits, lazyLocations);
    if (fast !== null) return fast;
  }
  return parseYamlFrontmatter(yamlText, limits);
}

/** A line the lenient profile rewrote. `line` is 1-based in the YAML text. */
export interface RecoveredLine {
  readonly line: number;
  readonly column: number;
  readonly key: string;
}

// A top-level `key: value` line whose plain value itself contains `: ` (or ends with `:`).
const COMPACT_KEY_LINE = /^([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+(.*)$/;
const NOT_PLAIN_START = /^["'[{|>&*!#%@`]/;

/**
 * Rewrite top-level `key: a: b` lines so the value is a single-quoted string.
 * Returns null when no line needs it.
 *
 * @example recoverCompactValues('description: Use when: x\n')?.text // "description: 'Use when: x'\n"
 */
export function recoverCompactValues(yamlText: string): { text: string; recovered: RecoveredLine[] } | null {
  const lines = yamlText.split('\n');
  const recovered: RecoveredLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = COMPACT_KEY_LINE.exec(lines[i]!);
    if (!m) continue;
    const key = m[1]!;
    const value = m[2]!.trimEnd();
    if (value === '' || NOT_PLAIN_START.test(value)) continue;
    if (!/:(\s|$)/.test(value)) continue;
    lines[i] = `${key}: '${value.replaceAll("'", "''")}'`;
    recovered.push({ line: i + 1, column: key.length + 3, key });
  }
  return recovered.length === 0 ? null : { text: lines.join('\n'), recovered };
}
