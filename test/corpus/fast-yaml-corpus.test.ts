/**
 * Differential test of the frontmatter fast path on every SKILL.md (any
 * letter case) of the real corpus (`../shared/corpus/real`, read in place):
 * wherever the fast path accepts, its value and every location equal the
 * general `yaml` path's; and it accepts nearly all of the corpus, which is
 * what makes it worth having.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseFlatFrontmatter } from '../../src/parse/fast-yaml.js';
import { splitFrontmatter } from '../../src/parse/split.js';
import { DEFAULT_YAML_LIMITS, parseYamlFrontmatter } from '../../src/parse/yaml-doc.js';
import type { YamlPath } from '../../src/parse/yaml-types.js';

const REAL = process.env.SKILLGRAPH_TEST_CORPUS
  ? `${process.env.SKILLGRAPH_TEST_CORPUS}/`
  : fileURLToPath(new URL('../../../shared/corpus/real/', import.meta.url));
const present = existsSync(REAL);

/** All SKILL.md files in any letter case, in sorted order (symlinks not followed). */
function _skillFiles(dir: string, out: string[] = []): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) _skillFiles(full, out);
    else if (e.isFile() && e.name.toLowerCase() === 'skill.md') out.push(full);
  }
  return out;
}

function _paths(value: unknown, prefix: (string | number)[] = [], out: YamlPath[] = []): YamlPath[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => _paths(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object')
    for (const k of Object.keys(value)) _paths((value as Record<string, unknown>)[k], [...prefix, k], out);
  return out;
}

describe.skipIf(!present)('fast path on the real corpus', () => {
  it('equals the yaml path wherever it accepts, and accepts nearly every frontmatter', () => {
    const files = _skillFiles(REAL);
    let frontmatters = 0;
    let yamlOk = 0;
    let accepted = 0;
    const mismatches: string[] = [];
    for (const file of files) {
      const split = splitFrontmatter(readFileSync(file, 'utf8'));
      if (split.kind !== 'ok') continue;
      frontmatters++;
      const general = parseYamlFrontmatter(split.yamlText, DEFAULT_YAML_LIMITS);
      if (general.issues.length === 0) yamlOk++;
      const fast = parseFlatFrontmatter(split.yamlText, DEFAULT_YAML_LIMITS);
      if (fast === null) continue;
      accepted++;
      const rel = file.slice(REAL.length);
      if (general.issues.length > 0) mismatches.push(`${rel}: yaml rejects, fast accepts`);
      else if (!isDeepStrictEqual(fast.value, general.value)) mismatches.push(`${rel}: values differ`);
      else if (
        JSON.stringify(Object.keys(fast.value as object)) !== JSON.stringify(Object.keys(general.value as object))
      )
        mismatches.push(`${rel}: key order differs`);
      else {
        // The parse that records no offsets finds them again when first asked: the same answers.
        const lazy = parseFlatFrontmatter(split.yamlText, DEFAULT_YAML_LIMITS, true);
        if (lazy === null || !isDeepStrictEqual(lazy.value, fast.value))
          mismatches.push(`${rel}: the lazy parse differs`);
        for (const path of _paths(general.value)) {
          for (const part of ['key', 'value'] as const) {
            if (!isDeepStrictEqual(fast.locate(path, part), general.locate(path, part)))
              mismatches.push(`${rel}: ${JSON.stringify(path)} ${part}`);
            if (lazy && !isDeepStrictEqual(lazy.locate(path, part), general.locate(path, part)))
              mismatches.push(`${rel}: lazy ${JSON.stringify(path)} ${part}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(frontmatters).toBeGreaterThan(1000);
    // Measured: all 1,046 frontmatters yaml accepts (the one it rejects is declined too).
    expect(accepted / yamlOk).toBeGreaterThan(0.98);
  });
});
