import { afterEach, describe, expect, it } from 'vitest';
import { discover, makeRoot, resolveDiscoverOptions } from '../../../src/discover/index.js';
import { isSkillgraphError } from '../../../src/model/errors.js';
import { _tree, type Tree } from './_tree.js';

let t: Tree;
afterEach(() => t?.cleanup());

const codes = (r: ReturnType<typeof discover>): string[] => r.diagnostics.map((d) => d.code);
const rel = (r: ReturnType<typeof discover>): string[] => r.candidates.map((c) => c.locator.slice(t.dir.length + 1));

describe('discover: roots', () => {
  it('skips a missing optional root and reports it', () => {
    t = _tree();
    const r = discover([makeRoot({ path: 'nope', scope: 'global' }, t.dir)]);
    expect(r.candidates).toEqual([]);
    expect(r.roots[0]!.status).toBe('missing');
    expect(codes(r)).toEqual(['discover.root-missing']);
  });

  it('throws root.missing for a missing required root, before walking anything', () => {
    t = _tree();
    t.skill('ok/a');
    try {
      discover([makeRoot({ path: 'ok' }, t.dir), makeRoot({ path: 'nope', required: true }, t.dir)]);
      expect.unreachable();
    } catch (error) {
      expect(isSkillgraphError(error) && error.code).toBe('root.missing');
    }
  });

  it('throws root.not-directory for a root that is a file, even when optional', () => {
    t = _tree();
    t.write('file', 'x');
    expect(() => discover([makeRoot({ path: 'file' }, t.dir)])).toThrow(/not a folder/);
  });

  it('orders candidates by precedence (high first) then canonical path', () => {
    t = _tree();
    t.skill('g/b');
    t.skill('g/a');
    t.skill('l/z');
    t.skill('p/m');
    const r = discover([
      makeRoot({ path: 'g', scope: 'global' }, t.dir),
      makeRoot({ path: 'p', scope: 'project' }, t.dir),
      makeRoot({ path: 'l', scope: 'local' }, t.dir),
    ]);
    expect(rel(r)).toEqual(['l/z/SKILL.md', 'p/m/SKILL.md', 'g/a/SKILL.md', 'g/b/SKILL.md']);
    expect(r.candidates.map((c) => c.precedence)).toEqual([30, 20, 10, 10]);
  });

  it('counts the same canonical SKILL.md once, for the stronger root', () => {
    t = _tree();
    t.skill('shared/inner/a');
    const r = discover([
      makeRoot({ path: 'shared', scope: 'global' }, t.dir),
      makeRoot({ path: 'shared/inner', scope: 'local' }, t.dir),
    ]);
    expect(r.candidates).toHaveLength(1);
    expect(r.candidates[0]!.scope).toBe('local');
    expect(codes(r)).toContain('discover.same-file');
    expect(r.sameFile).toBe(1);
  });

  it('credits a file reached through two roots to the first root listed, with sameFileCredit first-listed', () => {
    t = _tree();
    t.skill('shared/inner/a');
    const roots = [
      makeRoot({ path: 'shared', scope: 'global' }, t.dir),
      makeRoot({ path: 'shared/inner', scope: 'local' }, t.dir),
    ];
    expect(discover(roots, { sameFileCredit: 'first-listed' }).candidates.map((c) => c.scope)).toEqual(['global']);
    expect(discover([...roots].reverse(), { sameFileCredit: 'first-listed' }).candidates.map((c) => c.scope)).toEqual([
      'local',
    ]);
    expect(() => discover(roots, { sameFileCredit: 'last' as never })).toThrow(
      expect.objectContaining({ code: 'options.invalid' }),
    );
  });
});

describe('discover: bounded walk', () => {
  it('finds SKILL.md in any case, skips node_modules, .git and dot-folders but enters agent folders', () => {
    t = _tree();
    t.skill('r/sub/.claude/skills/agent');
    t.write('r/lower/skill.md', '---\nname: lower\ndescription: d\n---\n');
    t.skill('r/node_modules/x');
    t.skill('r/.git/y');
    t.skill('r/.hidden/z');
    t.skill('r/ok');
    const r = discover([makeRoot({ path: 'r' }, t.dir)]);
    expect(rel(r)).toEqual(['r/lower/skill.md', 'r/ok/SKILL.md', 'r/sub/.claude/skills/agent/SKILL.md']);
  });

  it('respects depth: a root-level SKILL.md is level 0, folders up to `depth` levels are read', () => {
    t = _tree();
    t.skill('r/a/b/c/d');
    t.skill('r/one');
    expect(rel(discover([makeRoot({ path: 'r' }, t.dir)], { depth: 3 }))).toEqual(['r/one/SKILL.md']);
    const deep = discover([makeRoot({ path: 'r' }, t.dir)], { depth: 3 });
    expect(codes(deep)).toContain('discover.depth-limit');
    expect(rel(discover([makeRoot({ path: 'r' }, t.dir)], { depth: 4 }))).toEqual([
      'r/a/b/c/d/SKILL.md',
      'r/one/SKILL.md',
    ]);
  });

  it('counts the root as the first level with depthCountsRoot, as the catalog runtime does', () => {
    t = _tree();
    t.skill('r/a/b/x/deep');
    t.skill('r/a/b/c');
    const root = [makeRoot({ path: 'r' }, t.dir)];
    expect(rel(discover(root, { depth: 4 }))).toEqual(['r/a/b/c/SKILL.md', 'r/a/b/x/deep/SKILL.md']);
    expect(rel(discover(root, { depth: 4, depthCountsRoot: true }))).toEqual(['r/a/b/c/SKILL.md']);
    expect(resolveDiscoverOptions({ depth: 4, depthCountsRoot: true })).toMatchObject({
      depth: 3,
      depthCountsRoot: false,
    });
    // Resolving twice (the engine does) does not count the root twice.
    expect(resolveDiscoverOptions(resolveDiscoverOptions({ depth: 4, depthCountsRoot: true })).depth).toBe(3);
    expect(() => resolveDiscoverOptions({ depth: 0, depthCountsRoot: true })).toThrow(
      expect.objectContaining({ code: 'options.invalid' }),
    );
  });

  it('stops at the directory budget with a diagnostic', () => {
    t = _tree();
    for (let i = 0; i < 10; i++) t.skill(`r/s${i}`);
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { maxDirs: 4 });
    expect(r.roots[0]!.dirs).toBe(4);
    expect(r.candidates).toHaveLength(3); // root + 3 skill folders
    expect(codes(r)).toContain('discover.dir-budget');
    // Byte order decides which folders fit the budget, not readdir order.
    expect(rel(r)).toEqual(['r/s0/SKILL.md', 'r/s1/SKILL.md', 'r/s2/SKILL.md']);
  });

  it('treats a skill folder as a leaf unless nested', () => {
    t = _tree();
    t.skill('r/outer');
    t.skill('r/outer/vendor/inner');
    expect(rel(discover([makeRoot({ path: 'r' }, t.dir)]))).toEqual(['r/outer/SKILL.md']);
    expect(rel(discover([makeRoot({ path: 'r' }, t.dir)], { nested: true }))).toEqual([
      'r/outer/SKILL.md',
      'r/outer/vendor/inner/SKILL.md',
    ]);
  });

  it('prefers SKILL.md when a folder holds several case variants', () => {
    t = _tree();
    t.skill('r/a');
    t.write('r/a/skill.md', 'x');
    const r = discover([makeRoot({ path: 'r' }, t.dir)]);
    // Only on case-sensitive file systems do both files exist.
    if (codes(r).includes('discover.duplicate-skill-file')) expect(rel(r)).toEqual(['r/a/SKILL.md']);
    expect(r.candidates).toHaveLength(1);
  });

  it('rejects bad options naming the field', () => {
    t = _tree();
    expect(() => discover([], { depth: -1 })).toThrow(/depth/);
    expect(() => discover([], { maxDirs: 0 })).toThrow(/maxDirs/);
  });
});

/** Root r/ with a real skill, a link to a skill folder and a linked SKILL.md, both targets in elsewhere/. */
function _linkedTree(): Tree {
  const tree = _tree();
  tree.skill('elsewhere/linked');
  tree.write('elsewhere/file/SKILL.md', '---\nname: file\ndescription: d\n---\n');
  tree.link(tree.path('elsewhere/linked'), 'r/linked');
  tree.mkdir('r/filelink');
  tree.link(tree.path('elsewhere/file/SKILL.md'), 'r/filelink/SKILL.md');
  tree.skill('r/real');
  return tree;
}

describe('discover: symlinks', () => {
  it('with followSymlinks off, follows nothing and reports each skipped symlinked skill', () => {
    t = _linkedTree();
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: false, linkBounds: [t.dir] });
    expect(rel(r)).toEqual(['r/real/SKILL.md']);
    expect(codes(r).filter((c) => c === 'discover.symlink-skipped')).toHaveLength(2);
    expect(r.notCatalogued['link-not-followed']).toBe(2);
  });

  it('by default follows links whose target lies inside a link bound, and reports the others as escaping', () => {
    t = _linkedTree();
    const outside = discover([makeRoot({ path: 'r' }, t.dir)]);
    expect(rel(outside)).toEqual(['r/real/SKILL.md']);
    expect(codes(outside).filter((c) => c === 'discover.symlink-escape')).toHaveLength(2);
    expect(outside.notCatalogued['link-outside']).toBe(2);
    const inside = discover([makeRoot({ path: 'r' }, t.dir)], { linkBounds: [t.dir] });
    // A linked folder is walked at its target; a linked SKILL.md stays in the folder holding the link.
    expect(rel(inside)).toEqual(['elsewhere/linked/SKILL.md', 'r/filelink/SKILL.md', 'r/real/SKILL.md']);
    expect(inside.candidates.map((c) => c.inRoot).sort()).toEqual([
      'filelink/SKILL.md',
      'linked/SKILL.md',
      'real/SKILL.md',
    ]);
    expect(inside.candidates.find((c) => c.inRoot === 'filelink/SKILL.md')?.path).toBe(
      t.path('elsewhere/file/SKILL.md'),
    );
    expect(codes(inside)).not.toContain('discover.symlink-escape');
  });

  it("a SKILL.md linked from another folder never takes the real skill's place, whichever is met first", () => {
    t = _tree();
    t.skill('r/real');
    t.mkdir('r/alias');
    t.link('../real/SKILL.md', 'r/alias/SKILL.md');
    t.mkdir('r/zz-alias');
    t.link('../real/SKILL.md', 'r/zz-alias/SKILL.md');
    const r = discover([makeRoot({ path: 'r' }, t.dir)]);
    expect(rel(r)).toEqual(['r/real/SKILL.md']);
    expect(r.candidates[0]!.dirName).toBe('real');
    expect(r.reachedTwice.map((x) => x.via.slice(x.via.lastIndexOf('/r/') + 1))).toEqual([
      'r/alias/SKILL.md',
      'r/zz-alias/SKILL.md',
    ]);
    expect(r.reachedTwice.every((x) => x.locator === t.path('r/real/SKILL.md'))).toBe(true);
  });

  it('two folders linking one SKILL.md kept outside any skill folder: the first in walk order is the skill', () => {
    t = _tree();
    t.write('commands/deploy.md', '---\nname: deploy\ndescription: d\n---\n');
    for (const agent of ['a', 'b']) {
      t.mkdir(`${agent}/deploy`);
      t.link('../../commands/deploy.md', `${agent}/deploy/SKILL.md`);
    }
    const r = discover(
      [makeRoot({ path: 'a', scope: 'local' }, t.dir), makeRoot({ path: 'b', scope: 'global' }, t.dir)],
      { linkBounds: [t.dir] },
    );
    expect(rel(r)).toEqual(['a/deploy/SKILL.md']);
    expect(r.candidates[0]!.path).toBe(t.path('commands/deploy.md'));
    expect(r.reachedTwice).toHaveLength(1);
  });

  it('reports dangling symlinks without failing', () => {
    t = _tree();
    t.skill('r/a');
    t.link(t.path('missing-target'), 'r/gone');
    t.link('../nowhere.md', 'r/a/references-link');
    for (const follow of [false, true]) {
      const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: follow });
      expect(rel(r)).toEqual(['r/a/SKILL.md']);
      expect(codes(r).filter((c) => c === 'discover.symlink-dangling')).toHaveLength(2);
    }
  });

  it('follows links inside the root when asked, with canonical locators', () => {
    t = _tree();
    t.skill('r/store/real-skill', 'real-skill');
    t.link(t.path('r/store/real-skill'), 'r/agent/alias');
    const r = discover([makeRoot({ path: 'r/agent' }, t.dir), makeRoot({ path: 'r/store', scope: 'global' }, t.dir)], {
      followSymlinks: true,
    });
    // r/agent's link leads into another root: followed; the store root then reaches the same file again.
    expect(codes(r)).not.toContain('discover.symlink-escape');
    expect(codes(r)).toContain('discover.same-file');
    expect(rel(r)).toEqual(['r/store/real-skill/SKILL.md']);
    expect(r.candidates[0]).toMatchObject({ scope: 'project', inRoot: 'alias/SKILL.md' });

    const inside = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: true });
    // Reached twice (directly and via the alias): counted once.
    expect(rel(inside)).toEqual(['r/store/real-skill/SKILL.md']);
  });

  it('never leaves the root when following', () => {
    t = _tree();
    t.skill('outside/evil');
    t.link(t.path('outside'), 'r/out');
    t.link(t.path('outside/evil/SKILL.md'), 'r/x/SKILL.md');
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: true });
    expect(r.candidates).toEqual([]);
    expect(codes(r).filter((c) => c === 'discover.symlink-escape')).toHaveLength(2);
  });

  it('never loops: a link to an ancestor and a self-link are reported', () => {
    t = _tree();
    t.skill('r/a/b/s');
    t.link(t.path('r/a'), 'r/a/b/up');
    t.link('self', 'r/self');
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: true, depth: 20 });
    expect(rel(r)).toEqual(['r/a/b/s/SKILL.md']);
    expect(codes(r).filter((c) => c === 'discover.symlink-loop')).toHaveLength(2);
    expect(r.roots[0]!.dirs).toBeLessThan(10);
  });

  it('gives byte-identical results run to run', () => {
    t = _tree();
    for (const s of ['c', 'a', 'b']) t.skill(`r/${s}`);
    t.link(t.path('r/a'), 'r/link');
    const first = JSON.stringify(discover([makeRoot({ path: 'r' }, t.dir)]));
    for (let i = 0; i < 20; i++) expect(JSON.stringify(discover([makeRoot({ path: 'r' }, t.dir)]))).toBe(first);
  });
});

describe('discover: following links reads each real folder once', () => {
  it('a link to a sibling folder does not walk it twice', () => {
    t = _tree();
    t.skill('r/b/deep/s');
    t.link(t.path('r/b'), 'r/a');
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: true });
    expect(rel(r)).toEqual(['r/b/deep/s/SKILL.md']);
    expect(r.roots[0]!.dirs).toBe(4); // r, b, b/deep, b/deep/s
    expect(codes(r)).not.toContain('catalog.duplicate-file');
  });
});

describe('discover: a real folder reached directly and through a link is read once', () => {
  it('a link met after its target was read does not read the target again', () => {
    t = _tree();
    t.skill('r/b/s');
    t.link(t.path('r/b'), 'r/c/again');
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: true });
    expect(rel(r)).toEqual(['r/b/s/SKILL.md']);
    expect(r.candidates[0]!.inRoot).toBe('b/s/SKILL.md');
    expect(r.roots[0]!.dirs).toBe(4); // r, b, c, b/s
  });

  it('a link met before its target credits the file to the path through the link', () => {
    t = _tree();
    t.skill('r/x/y/s');
    t.link(t.path('r/x/y'), 'r/a');
    const r = discover([makeRoot({ path: 'r' }, t.dir)], { followSymlinks: true });
    expect(rel(r)).toEqual(['r/x/y/s/SKILL.md']);
    expect(r.candidates[0]).toMatchObject({ inRoot: 'a/s/SKILL.md', dirName: 's' });
    expect(r.roots[0]!.dirs).toBe(4); // r, x, y (through a), y/s
  });

  it('names the folder an agent sees: the root itself for a SKILL.md directly in it', () => {
    t = _tree();
    t.skill('r/top');
    t.skill('r/top/inner');
    const r = discover([makeRoot({ path: 'r/top' }, t.dir)], { nested: true });
    expect(r.candidates.map((c) => [c.inRoot, c.dirName])).toEqual([
      ['SKILL.md', 'top'],
      ['inner/SKILL.md', 'inner'],
    ]);
  });
});
