/**
 * The one function that turns frontmatter YAML into data (the fast path, else `yaml`), and the lenient recovery
 * of unquoted `key: a: b` values, re-read as the string `a: b` with a warning per line.
 */
import { parseFlatFrontmatter } from './fast-yaml.js';
import { parseYamlFrontmatter } from './yaml-doc.js';
import type { FrontmatterYaml, YamlLimits } from './yaml-types.js';

/** Perf: the hand path for the common flat shape (most of the corpus), held equal to `yaml` by tests. */
const FAST_PATH: ((yamlText: string, limits: YamlLimits, lazyLocations: boolean) => FrontmatterYaml | null) | null =
  parseFlatFrontmatter;

/** Parse frontmatter YAML; with `lazyLocations` the fast path finds positions only when `locate()` is called. */
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

/** Rewrite top-level `key: a: b` lines so the value is a single-quoted string; null when none needs it. */
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
