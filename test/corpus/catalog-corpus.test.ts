/**
 * The catalog of the real corpus (`../shared/corpus/real`, 1,048 skills by
 * strangers, read in place as data) as one project root with depth 8: every
 * skill file the walk rules reach is listed in the catalog, shadowed by a
 * conflict, or named by a diagnostic; dangling symlinks are reported, never
 * fatal. A small independent recursive walk is the oracle.
 */
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRoot } from '../../src/discover/index.js';
import { isSkillFileName, isSkippedDirName } from '../../src/discover/paths.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';

const CORPUS = new URL('../../../shared/corpus/real', import.meta.url).pathname;
const DEPTH = 8;

interface Oracle {
  readonly skills: string[];
  readonly dangling: string[];
}

/** Plain recursion with the documented rules: skip rules, depth, a skill folder is a leaf unless nested. */
function oracle(dir: string, level: number, nested: boolean, out: Oracle = { skills: [], dangling: [] }): Oracle {
  const names = readdirSync(dir).sort();
  for (const n of names) {
    const p = join(dir, n);
    if (lstatSync(p).isSymbolicLink() && !existsSync(p)) out.dangling.push(p);
  }
  const skill = names.filter((n) => isSkillFileName(n) && lstatSync(join(dir, n)).isFile());
  if (skill.length) out.skills.push(join(dir, skill.includes('SKILL.md') ? 'SKILL.md' : skill[0]!));
  if (skill.length && !nested) return out;
  if (level + 1 > DEPTH) return out;
  for (const n of names) {
    const p = join(dir, n);
    if (!isSkippedDirName(n) && lstatSync(p).isDirectory()) oracle(p, level + 1, nested, out);
  }
  return out;
}

describe.skipIf(!existsSync(CORPUS))('catalog of the real corpus', () => {
  for (const nested of [false, true]) {
    it(`lists every reachable skill or a diagnostic for it (nested: ${nested})`, () => {
      const root = realpathSync(CORPUS);
      const expected = oracle(root, 0, nested);
      const { catalog, stats } = loadCatalog({ roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())], depth: DEPTH, maxDirs: 20_000, nested });

      const listed = new Set(catalog.skills.map((p) => p.descriptor.source.locator));
      const shadowed = new Set(catalog.conflicts.map((c) => c.shadowed));
      const named = new Set(catalog.diagnostics.map((d) => d.file));
      const missing = expected.skills.filter((f) => !listed.has(f) && !shadowed.has(f) && !named.has(f));
      expect(missing).toEqual([]);
      expect(stats.files).toBe(expected.skills.length);
      expect(catalog.diagnostics.some((d) => d.code === 'discover.dir-budget')).toBe(false);

      const reported = new Set(catalog.diagnostics.filter((d) => d.code === 'discover.symlink-dangling').map((d) => d.file));
      expect(expected.dangling.filter((f) => !reported.has(f))).toEqual([]);

      console.info(
        `corpus (nested: ${nested}): ${stats.files} skill files, ${catalog.skills.length} in catalog, ${catalog.conflicts.length} conflicts ` +
          `(${catalog.conflicts.filter((c) => c.identical).length} identical), ${stats.broken} broken, ` +
          `${catalog.diagnostics.filter((d) => d.severity === 'error').length} error diagnostics, ${expected.dangling.length} dangling symlinks, ${stats.roots.dirs} folders read`,
      );
    });
  }

  it('is byte-identical run to run', () => {
    const run = () => JSON.stringify(loadCatalog({ roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())], depth: DEPTH }));
    expect(run()).toBe(run());
  });

  it('the corpus really is where the test thinks (guards a vacuous pass)', () => {
    expect(statSync(CORPUS).isDirectory()).toBe(true);
  });
});
