/**
 * Steps for features/embedding.feature: a host's `engine.loadCatalog`
 * through the library, with a cache folder, compared with a load without one.
 * The tree and its edits come from the engine steps.
 */
import { Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { renderContext } from '../../src/context/index.js';
import { makeRoot } from '../../src/discover/roots.js';
import { createEngine, type EngineCatalog } from '../../src/engine/engine.js';
import { LOAD_CATALOG_RUN, runStoreName } from '../../src/engine/store/index.js';
import type { SkillWorld } from '../support/world.js';

/** What a host sees of a load: the catalog as JSON, its stats, the rendered context. */
interface LoadView {
  readonly catalog: string;
  readonly stats: string;
  readonly context: string;
  readonly skills: readonly { readonly name: string; readonly description: string }[];
}

function loads(world: SkillWorld): LoadView[] {
  world.state.loads ??= [];
  return world.state.loads as LoadView[];
}

async function hostLoad(world: SkillWorld, root: string, cache: string | false): Promise<LoadView> {
  const engine = createEngine({ workers: 0, cache: cache === false ? false : world.path(cache) });
  let loaded: EngineCatalog;
  try {
    loaded = await engine.loadCatalog({ roots: [makeRoot({ path: world.path(root), scope: 'project' }, world.dir)] });
  } finally {
    await engine.close();
  }
  world.state.root = root;
  return {
    catalog: JSON.stringify(loaded.catalog),
    stats: JSON.stringify(loaded.stats),
    context: renderContext(loaded.catalog).text,
    skills: loaded.catalog.skills.map((p) => ({ name: p.descriptor.name, description: p.descriptor.description })),
  };
}

When(
  'a host loads {string} through an engine with the cache {string} {int} times',
  async function (this: SkillWorld, root: string, cache: string, times: number) {
    for (let i = 0; i < times; i++) loads(this).push(await hostLoad(this, root, cache));
  },
);

Then('the loads give the same catalog, stats and context', function (this: SkillWorld) {
  const [first, ...rest] = loads(this);
  assert.ok(first && first.catalog.length > 0 && rest.length > 0);
  for (const load of rest) assert.deepEqual(load, first);
});

Then('the cache folder {string} holds a recorded catalog', function (this: SkillWorld, dir: string) {
  const name = `${runStoreName(LOAD_CATALOG_RUN)}.store`;
  assert.ok(readdirSync(this.path(dir)).includes(name), `${name} missing`);
  assert.match(
    readFileSync(this.path(`${dir}/${name}`), 'utf8').slice(0, 80),
    /^\{"store":"skillgraph",.*"table":"runs"/,
  );
});

Then('the last load describes {string} as {string}', function (this: SkillWorld, name: string, description: string) {
  assert.equal(
    loads(this)
      .at(-1)!
      .skills.find((s) => s.name === name)?.description,
    description,
  );
});

Then('the last load lists {int} skills', function (this: SkillWorld, count: number) {
  assert.equal(loads(this).at(-1)!.skills.length, count);
});

Then('the last load equals a load without a cache', async function (this: SkillWorld) {
  assert.deepEqual(loads(this).at(-1), await hostLoad(this, this.state.root as string, false));
});
