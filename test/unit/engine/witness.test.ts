import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRoot, type SkillRoot } from '../../../src/discover/roots.js';
import { createEngine } from '../../../src/engine/engine.js';
import type { LoadCatalogOptions } from '../../../src/engine/plan.js';
import { hashBackendFor } from '../../../src/engine/backend.js';
import { FILES_STORE, fileIdentity, replayKey, replayRunMemo, storePath } from '../../../src/engine/store/index.js';
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
  return {
    t,
    roots: [
      makeRoot({ path: t.path('global'), scope: 'global' }, t.dir),
      makeRoot({ path: t.path('project'), scope: 'project' }, t.dir),
    ],
  };
}

/** The replay key the engine computes for `load` (default engine options, no context). */
function _replayKey(cache: string, load: LoadCatalogOptions): string {
  return replayKey({
    load,
    cacheFile: fileIdentity(storePath(cache, FILES_STORE)),
    engine: { backend: 'auto', hasher: hashBackendFor('auto').name },
    context: '',
  });
}

/** One `memoized` run of record 'test' through a fresh engine. */
async function _run(cache: string, load: LoadCatalogOptions, text = 'the output') {
  const engine = createEngine({ workers: 0, cache });
  try {
    return await engine.memoized('test', load, () => ({ text, status: 0 }));
  } finally {
    await engine.close();
  }
}

/**
 * Two runs (the second one all from the files table, as only such a run is
 * recorded, with its witness); returns a check without side effects: would
 * the record replay now, without walking?
 */
async function _memoise(t: Tree, load: LoadCatalogOptions): Promise<(what?: LoadCatalogOptions) => boolean> {
  const cache = t.path('.cache');
  expect((await _run(cache, load)).via).toBe('run');
  expect((await _run(cache, load)).via).toBe('run');
  expect((await _run(cache, load)).via).toBe('replay');
  return (what = load) => replayRunMemo(cache, 'test', _replayKey(cache, what), what.roots)?.text === 'the output';
}

describe('run memo replay through a witness', () => {
  it('replays an unchanged tree without walking, and the memo still answers its run key', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const replays = await _memoise(t, { roots });
    expect(replays()).toBe(true);
    expect(replays()).toBe(true); // a replay changes nothing it checks
    // A file made and removed: the witness no longer holds, the run key still does.
    writeFileSync(t.path('global/tools/scratch'), 'x');
    rmSync(t.path('global/tools/scratch'));
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(t.path('global/tools'), past, past); // settled again: only its ctime moved
    expect(replays()).toBe(false);
    const again = await _run(t.path('.cache'), { roots }, 'not produced');
    expect({ via: again.via, text: again.text }).toEqual({ via: 'record', text: 'the output' });
    expect(replays()).toBe(true); // and the record now carries this run's witness
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

  it('records no witness while a folder is racy', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    t.mkdir('global/fresh'); // changed just now: inside the racy window
    await _run(cache, { roots });
    expect((await _run(cache, { roots })).via).toBe('run'); // recorded, without a witness
    expect(replayRunMemo(cache, 'test', _replayKey(cache, { roots }), roots)).toBeUndefined();
    expect((await _run(cache, { roots }, 'not produced')).via).toBe('record');
    _settle(t.dir);
    const vias: string[] = [];
    for (let i = 0; i < 4 && vias.at(-1) !== 'replay'; i++) vias.push((await _run(cache, { roots })).via);
    expect(vias.at(-1)).toBe('replay');
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
