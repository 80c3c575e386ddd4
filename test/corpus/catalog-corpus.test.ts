/**
 * The catalog of the real corpus (`../shared/corpus/real`, 1,048 skills by
 * strangers, read in place as data) as one project root with depth 8: every
 * skill file the walk rules reach is listed in the catalog, shadowed by a
 * conflict, or named by a diagnostic; dangling symlinks are reported, never
 * fatal. A small independent recursive walk is the oracle. The corpus's
 * symlinks are real links in some checkouts and plain files holding the
 * link's path in others; every assertion holds for both
 * (`SKILLGRAPH_TEST_CORPUS=DIR` points the test at another copy, e.g. one
 * with the links made real).
 */
import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRoot } from '../../src/discover/index.js';
import { isSkillFileName, isSkippedDirName } from '../../src/discover/paths.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';

const CORPUS = process.env.SKILLGRAPH_TEST_CORPUS ?? new URL('../../../shared/corpus/real', import.meta.url).pathname;
const DEPTH = 8;

interface Oracle {
  readonly skills: string[];
  readonly dangling: string[];
  /** Content file → the SKILL.md entries reaching it: whether each is a link, and its path as reached. */
  readonly arrivals: Map<string, { linked: boolean; entry: string }[]>;
}

/**
 * The skill files the catalog should list: one per content file, at the arrival that is the file
 * itself when there is one, else at the first link to it (its folder is the skill).
 */
function skillFiles(o: Oracle): string[] {
  return [...o.arrivals.values()].map((all) => (all.find((a) => !a.linked) ?? all[0]!).entry);
}

/**
 * Plain recursion with the documented rules: skip rules, depth, a skill folder is a leaf unless
 * nested, links followed when their target lies inside the root, each real file and folder once.
 */
function oracle(
  dir: string,
  level: number,
  nested: boolean,
  out: Oracle = { skills: [], dangling: [], arrivals: new Map() },
  root = dir,
  seen = new Set<string>(),
): Oracle {
  const real = realpathSync(dir);
  if (seen.has(real)) return out;
  seen.add(real);
  const names = readdirSync(dir).sort();
  const target = (p: string): { real: string; st: Stats } | undefined => {
    try {
      const r = realpathSync(p);
      return r === root || r.startsWith(`${root}/`) ? { real: r, st: statSync(r) } : undefined;
    } catch {
      return undefined;
    }
  };
  for (const n of names) {
    const p = join(dir, n);
    if (lstatSync(p).isSymbolicLink() && !existsSync(p)) out.dangling.push(p);
  }
  const skill = names.filter((n) => isSkillFileName(n) && target(join(dir, n))?.st.isFile());
  if (skill.length) {
    const picked = skill.includes('SKILL.md') ? 'SKILL.md' : skill[0]!;
    const file = target(join(dir, picked))!.real;
    const linked = lstatSync(join(dir, picked)).isSymbolicLink();
    const arrivals = out.arrivals.get(file) ?? [];
    arrivals.push({ linked, entry: join(real, picked) });
    out.arrivals.set(file, arrivals);
    if (!out.skills.includes(file)) out.skills.push(file);
  }
  if (skill.length && !nested) return out;
  if (level + 1 > DEPTH) return out;
  for (const n of names) {
    const t = target(join(dir, n));
    if (!isSkippedDirName(n) && t?.st.isDirectory() && !real.startsWith(`${t.real}/`) && t.real !== real)
      oracle(t.real, level + 1, nested, out, root, seen);
  }
  return out;
}

/** Entries named SKILL.md in any letter case, of any type, outside `.git`/`.hg`/`.svn`; links not followed. */
function skillEntries(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (isSkillFileName(e.name)) n++;
    if (e.isDirectory() && !['.git', '.hg', '.svn'].includes(e.name)) n += skillEntries(join(dir, e.name));
  }
  return n;
}

describe.skipIf(!existsSync(CORPUS))('catalog of the real corpus', () => {
  for (const nested of [false, true]) {
    it(`lists every reachable skill or a diagnostic for it (nested: ${nested})`, () => {
      const root = realpathSync(CORPUS);
      const expected = oracle(root, 0, nested);
      const { catalog, stats } = loadCatalog({
        roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())],
        depth: DEPTH,
        maxDirs: 20_000,
        nested,
      });

      const listed = new Set(catalog.skills.map((p) => p.descriptor.source.locator));
      const shadowed = new Set(catalog.conflicts.map((c) => c.shadowed));
      const named = new Set(catalog.diagnostics.map((d) => d.file));
      const missing = skillFiles(expected).filter((f) => !listed.has(f) && !shadowed.has(f) && !named.has(f));
      expect(missing).toEqual([]);
      expect(stats.files).toBe(expected.skills.length);
      expect(catalog.diagnostics.some((d) => d.code === 'discover.dir-budget')).toBe(false);

      const reported = new Set(
        catalog.diagnostics.filter((d) => d.code === 'discover.symlink-dangling').map((d) => d.file),
      );
      expect(expected.dangling.filter((f) => !reported.has(f))).toEqual([]);

      console.info(
        `corpus (nested: ${nested}): ${stats.files} skill files, ${catalog.skills.length} in catalog, ${catalog.conflicts.length} conflicts ` +
          `(${catalog.conflicts.filter((c) => c.identical).length} identical), ${stats.broken} broken, ` +
          `${catalog.diagnostics.filter((d) => d.severity === 'error').length} error diagnostics, ${expected.dangling.length} dangling symlinks, ${stats.roots.dirs} folders read`,
      );
    });
  }

  it('is byte-identical run to run', () => {
    const run = () =>
      JSON.stringify(
        loadCatalog({ roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())], depth: DEPTH }),
      );
    expect(run()).toBe(run());
  });

  it('accounts for every SKILL.md entry with default options: catalogued, shadowed, invalid, reached twice or not catalogued with a reason', () => {
    const { catalog, walk } = loadCatalog({ roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())] });
    const f = walk.files;
    const reasons = Object.values(f.notCatalogued).reduce((n, c) => n + c, 0);
    expect(f.seen).toBe(f.catalogued + f.shadowed + f.invalid + f.sameFile + reasons);
    expect(f.catalogued).toBe(catalog.skills.length);
    expect(walk.complete).toBe(true);
    // Every entry named SKILL.md (file, link or other) outside VCS stores; a folder link leads to a
    // file a second time, and such arrivals are the only ones beyond the entries.
    const entries = skillEntries(realpathSync(CORPUS));
    expect(f.seen).toBeGreaterThanOrEqual(entries);
    expect(f.seen).toBeLessThanOrEqual(entries + f.sameFile);
    console.info(`corpus accounting: ${JSON.stringify(f)}`);
  });

  it('the corpus really is where the test thinks (guards a vacuous pass)', () => {
    expect(statSync(CORPUS).isDirectory()).toBe(true);
  });
});
