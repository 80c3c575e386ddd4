/** The inline pipeline (src/engine/catalog-pipeline.ts): discover → read → parse → seal. */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRoot } from '../../../src/discover/index.js';
import { loadCatalog, parseBatch } from '../../../src/engine/catalog-pipeline.js';
import { _tree, type Tree } from '../discover/_tree.js';

let t: Tree;
afterEach(() => t?.cleanup());

describe('loadCatalog', () => {
  it('keeps the diagnostics of a broken skill and still catalogs the others', () => {
    t = _tree();
    t.skill('s/good');
    t.write('s/broken/SKILL.md', 'no frontmatter here\n');
    t.write('s/mismatch/SKILL.md', '---\nname: other\ndescription: x. Use when y.\n---\n');
    const { catalog, stats } = loadCatalog([makeRoot({ path: 's', scope: 'local' }, t.dir)]);
    expect(catalog.skills.map((p) => p.descriptor.name)).toEqual(['good']);
    const files = new Set(catalog.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
    expect(files).toEqual(new Set([t.path('s/broken/SKILL.md'), t.path('s/mismatch/SKILL.md')]));
    expect(stats).toMatchObject({ files: 3, skills: 1, parsed: 1, broken: 2, backend: 'js', workers: 0 });
    expect(catalog.skills[0]!.descriptor.source).toEqual({
      scope: 'local',
      precedence: 30,
      root: t.path('s'),
      locator: t.path('s/good/SKILL.md'),
    });
  });

  it('reports missing optional roots in stats', () => {
    t = _tree();
    const { stats } = loadCatalog({ roots: [makeRoot({ path: 'gone', scope: 'global' }, t.dir)], depth: 2 });
    expect(stats.roots.missing).toEqual([t.path('gone')]);
    expect(stats.roots.searched).toBe(0);
  });

  it('rejects an unknown profile naming the field', () => {
    expect(() => loadCatalog({ roots: [], profile: 'nope' })).toThrow(/profile/);
  });
});

describe('parseBatch', () => {
  it('turns unreadable and oversized files into diagnostics, in item order', () => {
    t = _tree();
    t.skill('a');
    t.write('big/SKILL.md', `---\nname: big\ndescription: d\n---\n${'x'.repeat(9 * 1024 * 1024)}`);
    const item = (dir: string) => ({
      path: t.path(`${dir}/SKILL.md`),
      locator: t.path(`${dir}/SKILL.md`),
      dirName: dir,
      scope: 'project',
      precedence: 20,
      root: t.dir,
      profile: 'skillgraph' as const,
    });
    const results = parseBatch([item('a'), item('missing'), item('big')]);
    expect(results.map((r) => r.package?.descriptor.name)).toEqual(['a', undefined, undefined]);
    expect(results[1]!.diagnostics.map((d) => d.code)).toEqual(['discover.unreadable']);
    expect(results[2]!.diagnostics.map((d) => d.code)).toEqual(['file.too-large']);
    expect(JSON.parse(JSON.stringify(results))).toEqual(results); // plain data, safe to post to a worker
  });
});
