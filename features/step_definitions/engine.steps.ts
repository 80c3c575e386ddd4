/**
 * Steps for features/engine.feature: `catalog --json` in-process over a
 * generated tree, with and without workers and the cache folder. Trees are
 * "settled" (every mtime set an hour back) so the cache trusts them at once,
 * as it trusts any tree not edited in the last two seconds.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_FILE_NAME, DIR_MEMO_FILE_NAME, runStoreName } from '../../src/engine/store/index.js';
import { TEMP_PREFIX } from '../../src/workspace/atomic.js';
import type { SkillWorld } from '../support/world.js';

const RUN_MEMO_FILE_NAME = `${runStoreName('catalog-json')}.store`;

interface EngineState {
  root: string;
  folders: Map<string, string>;
  docs: string[];
}

interface CatalogDoc {
  skills: { name: string; description: string }[];
  diagnostics: { code: string; file: string }[];
}

function state(world: SkillWorld): EngineState {
  return world.state.engine as EngineState;
}

/** Set every mtime under `dir` (files and folders) an hour back. */
function settle(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    utimesSync(path, past, past);
  };
  visit(dir);
}

function skillText(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSteps for ${name}.\n`;
}

/** The folder of a generated skill (a step naming an unknown one is a broken scenario). */
function folderOf(world: SkillWorld, name: string): string {
  const folder = state(world).folders.get(name);
  assert.ok(folder, `no generated skill named ${name}`);
  return folder;
}

function docs(world: SkillWorld): CatalogDoc[] {
  return state(world).docs.map((d) => JSON.parse(d) as CatalogDoc);
}

Given(
  'a tree of {int} generated skills in {string}, settled an hour ago',
  function (this: SkillWorld, count: number, root: string) {
    const folders = new Map<string, string>();
    for (let i = 0; i < count; i++) {
      const name = `gen-${String(i).padStart(2, '0')}`;
      const folder = `${root}/group-${i % 4}/${name}`;
      this.write(`${folder}/SKILL.md`, skillText(name, `Generated skill ${i}. Use when testing the engine.`));
      folders.set(name, folder);
    }
    settle(this.path(root));
    this.state.engine = { root, folders, docs: [] } satisfies EngineState;
  },
);

Given('skill {string} is broken', function (this: SkillWorld, name: string) {
  const folder = folderOf(this, name);
  this.write(`${folder}/SKILL.md`, `---\nname: ${name}\ndescription: [unclosed\n---\n`);
  settle(this.path(state(this).root));
});

Given('the cache folder {string} holds garbage in every cache file', function (this: SkillWorld, dir: string) {
  for (const name of [CACHE_FILE_NAME, DIR_MEMO_FILE_NAME, RUN_MEMO_FILE_NAME])
    this.write(`${dir}/${name}`, '\u0000garbage{[');
});

When('I catalog {string} as JSON with {string}', async function (this: SkillWorld, root: string, flags: string) {
  const run = await this.run(['catalog', '--root', `${root}:project`, '--json', ...flags.split(/\s+/).filter(Boolean)]);
  state(this).docs.push(run.stdout);
});

When('the description of {string} becomes {string}', function (this: SkillWorld, name: string, description: string) {
  const path = folderOf(this, name);
  writeFileSync(this.path(`${path}/SKILL.md`), skillText(name, description));
});

When('a skill {string} is added under {string}', function (this: SkillWorld, name: string, parent: string) {
  this.write(`${parent}/${name}/SKILL.md`, skillText(name, `A late skill. Use when testing the engine.`));
});

Then('the three documents are byte-identical', function (this: SkillWorld) {
  const all = state(this).docs;
  assert.equal(all.length, 3);
  assert.ok(all[0]!.length > 0);
  assert.equal(all[1], all[0]);
  assert.equal(all[2], all[0]);
});

Then('the three documents are byte-identical but for {string}', function (this: SkillWorld, field: string) {
  const [group, key] = field.split('.') as [string, string];
  const all = state(this).docs.map((d) => {
    const doc = JSON.parse(d) as Record<string, Record<string, unknown>>;
    assert.ok(doc[group] && key in doc[group]!, `no ${field} in the document`);
    delete doc[group]![key];
    return JSON.stringify(doc);
  });
  assert.equal(all.length, 3);
  assert.equal(all[1], all[0]);
  assert.equal(all[2], all[0]);
  // Worker runs really used threads (or the comparison would prove nothing).
  assert.deepEqual(
    state(this).docs.map((d) => (JSON.parse(d) as { stats: { workers: number } }).stats.workers),
    [0, 2, 0],
  );
});

Then(
  'every document lists {int} skills and a diagnostic for {string}',
  function (this: SkillWorld, count: number, name: string) {
    for (const doc of docs(this)) {
      assert.equal(doc.skills.length, count);
      assert.ok(
        doc.diagnostics.some((d) => d.file.includes(`/${name}/`) && d.code.startsWith('yaml.')),
        `no YAML diagnostic for ${name}: ${JSON.stringify(doc.diagnostics)}`,
      );
    }
  },
);

Then(
  'the cache folder {string} holds a parse cache, a directory memo and a run memo',
  function (this: SkillWorld, dir: string) {
    const names = readdirSync(this.path(dir));
    for (const name of [CACHE_FILE_NAME, DIR_MEMO_FILE_NAME, RUN_MEMO_FILE_NAME])
      assert.ok(names.includes(name), `${name} missing from ${names.join(', ')}`);
    assert.ok(!names.some((n) => n.startsWith(TEMP_PREFIX)), 'a temp file was left behind');
    assert.match(readFileSync(this.path(`${dir}/${RUN_MEMO_FILE_NAME}`), 'utf8'), /^\{"store":"skillgraph",/);
  },
);

Then(
  'the last document describes {string} as {string}',
  function (this: SkillWorld, name: string, description: string) {
    const doc = docs(this).at(-1)!;
    assert.equal(doc.skills.find((s) => s.name === name)?.description, description);
  },
);

Then('the last document lists {int} skills', function (this: SkillWorld, count: number) {
  assert.equal(docs(this).at(-1)!.skills.length, count);
});

Then('the last document equals a run with {string}', async function (this: SkillWorld, flags: string) {
  const last = state(this).docs.at(-1)!;
  const fresh = await this.run([
    'catalog',
    '--root',
    `${state(this).root}:project`,
    '--json',
    ...flags.split(/\s+/).filter(Boolean),
  ]);
  assert.equal(last, fresh.stdout);
});

Then('the folder {string} does not exist', function (this: SkillWorld, dir: string) {
  assert.equal(existsSync(this.path(dir)), false);
});
