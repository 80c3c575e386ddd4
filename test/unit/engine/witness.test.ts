import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRoot, type SkillRoot } from '../../../src/discover/roots.js';
import { createEngine } from '../../../src/engine/engine.js';
import type { LoadCatalogOptions } from '../../../src/engine/plan.js';
import { readRunMemo, replayRunMemo, writeRunMemo } from '../../../src/engine/memo.js';
import { _tree, type Tree } from '../discover/_tree.js';

let tree: Tree | undefined;
afterEach(() => tree?.cleanup());

/** Every mtime under `dir` an hour back: older than the racy windows, as any tree not edited just now. */
function _settle(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  const visit = (path: string): void => {
    if (path.endsWith('.cache')) return; // the cache's own files keep their identity
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return; // utimes would follow it
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    utimesSync(path, past, past);
  };
  visit(dir);
}

function _fixture(): { t: Tree; roots: SkillRoot[] } {
  const t = _tree();
  t.skill('global/tools/pdf');
  t.skill('global/tools/docs');
  t.skill('project/review');
  t.link('../elsewhere/linked', 'project/linked');
  _settle(t.dir);
  return { t, roots: [makeRoot({ path: t.path('global'), scope: 'global' }, t.dir), makeRoot({ path: t.path('project'), scope: 'project' }, t.dir)] };
}

/**
 * Two runs (the second one all from the cache, as a memo is only written by such a run), then
 * the memo written with the second run's witness; returns a check: does it replay now?
 */
async function _memoise(t: Tree, load: LoadCatalogOptions): Promise<(what?: LoadCatalogOptions) => boolean> {
  const cache = t.path('.cache');
  const engine = createEngine({ workers: 0, cache });
  try {
    await engine.prepare(load).load();
    const run = engine.prepare(load);
    const loaded = await run.load();
    expect(loaded.cache.misses + loaded.cache.revalidated).toBe(0);
    expect(run.replay).toBeDefined();
    expect(writeRunMemo(cache, 'test', run.key!, { text: 'the output', status: 0 }, run.replay)).toBe(true);
  } finally {
    await engine.close();
  }
  return (what = load) => {
    const e = createEngine({ workers: 0, cache });
    const key = e.replayKey(what);
    return key !== undefined && replayRunMemo(cache, 'test', key, what.roots)?.text === 'the output';
  };
}

describe('run memo replay through a witness', () => {
  it('replays an unchanged tree without walking, and the memo still answers its run key', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const replays = await _memoise(t, { roots });
    expect(replays()).toBe(true);
    expect(replays()).toBe(true); // a replay changes nothing it checks
    const engine = createEngine({ workers: 0, cache: t.path('.cache') });
    expect(readRunMemo(t.path('.cache'), 'test', engine.prepare({ roots }).key!)?.text).toBe('the output');
  });

  it('refuses after a folder is added, removed or renamed anywhere the walk looked', async () => {
    for (const change of [
      (t: Tree) => t.skill('global/tools/added'),
      (t: Tree) => rmSync(t.path('global/tools/docs'), { recursive: true }),
      (t: Tree) => renameSync(t.path('project/review'), t.path('project/reviewed')),
      (t: Tree) => mkdirSync(t.path('global/tools/pdf/references')),
    ]) {
      const { t, roots } = _fixture();
      tree = t;
      const replays = await _memoise(t, { roots });
      expect(replays()).toBe(true);
      change(t);
      _settle(t.dir); // even with every mtime put back an hour: the folders' ctime moved
      expect(replays()).toBe(false);
      t.cleanup();
    }
  });

  it('refuses after a skill file is edited, even with its size and mtime put back (cp -p)', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const replays = await _memoise(t, { roots });
    expect(replays()).toBe(true);
    const file = t.path('global/tools/pdf/SKILL.md');
    const text = readFileSync(file, 'utf8');
    const before = statSync(file);
    writeFileSync(file, text.replace('Body of pdf', 'Body of pdF'));
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file).size).toBe(before.size);
    expect(replays()).toBe(false);
  });

  it('refuses when a dangling link comes to point at a skill, though its own folder did not change', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const replays = await _memoise(t, { roots });
    expect(replays()).toBe(true);
    t.skill('elsewhere/linked', 'linked');
    expect(replays()).toBe(false);
  });

  it('refuses when a root appears or other options are asked for', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const local = makeRoot({ path: t.path('local'), scope: 'local' }, t.dir);
    const replays = await _memoise(t, { roots: [...roots, local] });
    expect(replays()).toBe(true);
    expect(replays({ roots: [...roots, local], depth: 7 })).toBe(false);
    expect(replays({ roots: [...roots, local], profile: 'spec' })).toBe(false);
    expect(replays({ roots })).toBe(false);
    t.skill('local/late');
    expect(replays()).toBe(false);
  });

  it('makes no witness while a folder is racy', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const engine = createEngine({ workers: 0, cache: t.path('.cache') });
    try {
      t.skill('global/fresh'); // mtime now: inside the racy window
      expect(engine.prepare({ roots }).replay).toBeUndefined();
      _settle(t.dir);
      expect(engine.prepare({ roots }).replay).toBeDefined();
    } finally {
      await engine.close();
    }
  });

  it('vouches for followed links: a link retargeted to another folder fails the witness', async () => {
    const { t, roots } = _fixture();
    tree = t;
    t.skill('elsewhere/linked');
    t.skill('other/linked');
    _settle(t.dir);
    const load = { roots, linkBounds: [t.dir] };
    const replays = await _memoise(t, load);
    expect(replays()).toBe(true);
    // Retarget the intermediate step: project/linked -> ../elsewhere/linked, elsewhere/linked becomes a link.
    rmSync(t.path('elsewhere/linked'), { recursive: true });
    t.link('../other/linked', 'elsewhere/linked');
    expect(replays()).toBe(false);
  });
});
