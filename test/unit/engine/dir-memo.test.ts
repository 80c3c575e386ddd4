import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readListing } from '../../../src/discover/listing.js';
import { makeRoot } from '../../../src/discover/roots.js';
import { discover } from '../../../src/discover/walk.js';
import { DIR_MEMO_FILE_NAME, DirMemo } from '../../../src/engine/store/folders.js';
import { _tree, type Tree } from '../discover/_tree.js';

let tree: Tree | undefined;
afterEach(() => tree?.cleanup());

/** Wait past the file system's timestamp tick (ext4 stamps with a ~4 ms coarse clock). */
function _settle(ms = 30): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A memo that trusts folders quiet for 10 ms (the default 2 s would keep a fresh tree out). */
function _open(cache: string): DirMemo {
  return DirMemo.open(cache, { racyMs: 10 });
}

function _walk(t: Tree, memo?: DirMemo) {
  const roots = [
    makeRoot({ path: t.path('global'), scope: 'global' }, t.dir),
    makeRoot({ path: t.path('project'), scope: 'project' }, t.dir),
  ];
  return discover(roots, { depth: 6 }, memo);
}

/** The fixture walked once through a memo that was then saved. */
function _memoised(): { t: Tree; cache: string } {
  const t = (tree = _fixture());
  const cache = t.path('.cache');
  _settle();
  const memo = _open(cache);
  _walk(t, memo);
  memo.save();
  return { t, cache };
}

function _fixture(): Tree {
  const t = _tree();
  t.skill('global/tools/pdf');
  t.skill('global/tools/docs');
  t.skill('global/deep/a/b/c/leaf');
  t.skill('project/pdf');
  t.write('project/pdf/references/guide.md', '# guide\n');
  t.skill('project/review');
  t.write('project/review/skill.md', '---\nname: review\n---\n'); // a case twin: a finding every run
  t.mkdir('project/empty');
  t.link('../nowhere', 'project/dangling');
  return t;
}

describe('directory memo', () => {
  it('answers unchanged folders by stat and gives the walk exactly what reading them gives', () => {
    tree = _fixture();
    const cache = tree.path('.cache');
    const plain = _walk(tree);
    _settle();
    const first = _open(cache);
    expect(_walk(tree, first)).toEqual(plain);
    expect(first.stats.reused).toBe(0);
    expect(first.save()).toBe(true);
    expect(existsSync(join(cache, DIR_MEMO_FILE_NAME))).toBe(true);

    const second = _open(cache);
    expect(_walk(tree, second)).toEqual(plain);
    const dirs = plain.roots.reduce((n, r) => n + r.dirs, 0);
    expect(second.stats).toEqual({ reused: dirs, read: 0 });
    expect(second.save()).toBe(false); // nothing changed: nothing written
  });

  it('sees a folder added, removed or renamed since the memo was written', () => {
    const { t, cache } = _memoised();
    _settle();

    t.skill('global/tools/added');
    rmSync(t.path('global/deep/a/b/c/leaf'), { recursive: true });
    renameSync(t.path('project/review'), t.path('project/reviewed'));
    const after = _open(cache);
    const walked = _walk(t, after);
    expect(walked).toEqual(_walk(t));
    const locators = walked.candidates.map((c) => c.locator);
    expect(locators).toContain(t.path('global/tools/added/SKILL.md'));
    expect(locators).not.toContain(t.path('global/deep/a/b/c/leaf/SKILL.md'));
    expect(locators).toContain(t.path('project/reviewed/SKILL.md'));
    expect(after.stats.read).toBeGreaterThan(0);
    expect(after.stats.reused).toBeGreaterThan(0);
  });

  it('resolves symlinks on every walk: a dangling link whose target appears later is seen', () => {
    tree = _fixture();
    const cache = tree.path('.cache');
    _settle();
    const memo = _open(cache);
    const before = _walk(tree, memo);
    memo.save();
    expect(before.diagnostics.map((d) => d.code)).toContain('discover.symlink-dangling');
    _settle();

    // The link's own folder (project/) does not change: only the target, outside the roots.
    tree.skill('nowhere', 'nowhere');
    const after = _open(cache);
    const walked = _walk(tree, after);
    expect(walked).toEqual(_walk(tree));
    const codes = walked.diagnostics.map((d) => d.code);
    expect(codes).not.toContain('discover.symlink-dangling');
    expect(codes).toContain('discover.symlink-escape');
    expect(after.stats.read).toBe(0);
  });

  it('does not memoise a folder changed within the racy window (a change in the same tick would go unseen)', () => {
    tree = _fixture();
    const cache = tree.path('.cache');
    const memo = DirMemo.open(cache); // default window: 2 s; the tree is younger
    _walk(tree, memo);
    expect(memo.size).toBe(0);
    expect(memo.save()).toBe(false);
  });

  it('keeps the rows of folders that a narrower walk did not list', () => {
    const { t, cache } = _memoised();
    const stored = _open(cache).size;
    const globalOnly = _walk(t).roots.find((r) => r.scope === 'global')!.dirs;
    expect(stored).toBeGreaterThan(globalOnly);
    // A walk of one root only still keeps the other root's rows for the next walk of both.
    const onlyGlobal = _open(cache);
    discover([makeRoot({ path: t.path('global'), scope: 'global' }, t.dir)], { depth: 6 }, onlyGlobal);
    expect(onlyGlobal.size).toBe(stored);
  });

  it('lists folders in byte order whatever readdir returned', () => {
    tree = _tree();
    for (const name of ['b', 'a', 'Z', 'é', '.claude', '.git', 'node_modules']) tree.mkdir(`x/${name}`);
    tree.write('x/SKILL.md', '---\n');
    tree.write('x/Skill.MD', '---\n');
    tree.link('a', 'x/link');
    expect(readListing(tree.path('x'))).toEqual({
      subdirs: ['.claude', 'Z', 'a', 'b', 'é'],
      skillNames: ['SKILL.md', 'Skill.MD'],
      links: ['link'],
      skipped: ['node_modules'],
      special: [],
    });
  });
});
