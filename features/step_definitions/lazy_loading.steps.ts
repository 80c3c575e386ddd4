/**
 * Steps for features/lazy_loading.feature: the session event log, the
 * workspace folder, and a few library-level reads (the sealed catalog kept
 * in the World while files change on disk). CLI runs use the shared
 * `the host runs …` steps from context.steps.ts.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRoot } from '../../src/discover/roots.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';
import type { Catalog } from '../../src/model/catalog.js';
import { isSkillgraphError } from '../../src/model/errors.js';
import { LoadedSet } from '../../src/context/loaded-set.js';
import { renderContext } from '../../src/context/render.js';
import { createLazyWorkspace, type LazyWorkspace } from '../../src/workspace/materialize.js';
import { readForContext, type ContextLoad } from '../../src/workspace/read.js';
import type { SkillWorld } from '../support/world.js';

interface LazyState {
  catalog?: Catalog;
  loaded: LoadedSet;
  lastRead?: ContextLoad;
  error?: unknown;
  workspace?: LazyWorkspace;
  answer?: unknown;
}

function st(world: SkillWorld): LazyState {
  return ((world.state.lazy as LazyState | undefined) ??= { loaded: LoadedSet.EMPTY });
}

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string): void => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(abs, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

Given('the session log {string} holds:', function (this: SkillWorld, file: string, text: string) {
  this.write(file, `${text}\n`);
});

Given(
  'the {word} skill root holds {string} with body:',
  function (this: SkillWorld, scope: string, name: string, body: string) {
    const list = ((this.state.contextRoots as string[] | undefined) ??= []);
    if (!list.includes(scope)) list.push(scope);
    this.writeSkill(
      join('roots', scope, name),
      `name: ${name}\ndescription: Does ${name} work. Use when ${name} is asked for.`,
      `${body}\n`,
    );
  },
);

Then(
  'the session log {string} has {int} skill_loaded event(s) for run {string}',
  function (this: SkillWorld, file: string, count: number, run: string) {
    const lines = readFileSync(this.path(file), 'utf8').split('\n').filter(Boolean);
    const events = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.event === 'skill_loaded' && e.run_id === run);
    assert.equal(events.length, count, lines.join('\n'));
    for (const e of events) assert.match(String(e.digest), /^sha256:[0-9a-f]{64}$/);
  },
);

Then('the session log {string} does not exist', function (this: SkillWorld, file: string) {
  assert.equal(existsSync(this.path(file)), false);
});

Then('the workspace {string} holds exactly:', function (this: SkillWorld, dir: string, listing: string) {
  const want = listing
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  assert.deepEqual(files(this.path(dir)), want);
});

Given('the workspace file {string} holds {string}', function (this: SkillWorld, file: string, text: string) {
  this.write(file, `${text}\n`);
});

Then('the workspace file {string} contains {string}', function (this: SkillWorld, file: string, text: string) {
  const content = readFileSync(this.path(file), 'utf8');
  assert.ok(content.includes(text), content);
});

Then('the workspace {string} does not exist', function (this: SkillWorld, dir: string) {
  assert.equal(existsSync(this.path(dir)), false);
});

Given(
  /^the host has sealed the catalog of its skill roots(?: with profile "([^"]+)")?$/,
  function (this: SkillWorld, profile?: string) {
    const scopes = (this.state.contextRoots as string[] | undefined) ?? [];
    const roots = scopes.map((scope) => makeRoot({ path: join('roots', scope), scope, required: true }, this.dir));
    st(this).catalog = loadCatalog({ roots, ...(profile ? { profile } : {}) }).catalog;
  },
);

When(
  'the skill {string} in the {word} root is edited to say {string}',
  function (this: SkillWorld, name: string, scope: string, text: string) {
    this.writeSkill(
      join('roots', scope, name),
      `name: ${name}\ndescription: Does ${name} work. Use when ${name} is asked for.`,
      `${text}\n`,
    );
  },
);

When('the host reads {string} for context', function (this: SkillWorld, name: string) {
  const s = st(this);
  s.error = undefined;
  try {
    s.lastRead = readForContext(s.catalog!, name, s.loaded);
    s.loaded = s.lastRead.loaded;
  } catch (error) {
    s.error = error;
  }
});

When('a new run starts', function (this: SkillWorld) {
  st(this).loaded = LoadedSet.EMPTY;
});

Then('the read answers {string}', function (this: SkillWorld, status: string) {
  const s = st(this);
  assert.equal(s.error, undefined, String(s.error));
  assert.equal(s.lastRead?.status, status);
});

Then(
  'the read returns instructions holding {string} and lists {string}',
  function (this: SkillWorld, text: string, resource: string) {
    const r = st(this).lastRead;
    assert.ok(r && r.status === 'loaded');
    assert.ok(r.body.includes(text), r.body);
    assert.ok(!r.body.includes('description:'), 'the body must not carry the frontmatter');
    assert.ok(
      r.resources.some((x) => x.path === resource),
      JSON.stringify(r.resources),
    );
  },
);

Then('the read fails with {string}', function (this: SkillWorld, code: string) {
  const e = st(this).error;
  assert.ok(isSkillgraphError(e), `expected a SkillgraphError, got ${String(e)}`);
  assert.equal(e.code, code);
});

Given(
  'the {word} skill root has the folder {string} holding the skill {string}',
  function (this: SkillWorld, scope: string, folder: string, name: string) {
    const list = ((this.state.contextRoots as string[] | undefined) ??= []);
    if (!list.includes(scope)) list.push(scope);
    this.writeSkill(
      join('roots', scope, folder),
      `name: ${name}\ndescription: Does ${name} work. Use when ${name} is asked for.`,
    );
  },
);

Given('the host offers load_skill over the workspace {string}', function (this: SkillWorld, dir: string) {
  // The workspace is named relative to the scenario folder, as a host names it relative to its own.
  const s = st(this);
  const cwd = process.cwd();
  process.chdir(this.dir);
  try {
    s.workspace = createLazyWorkspace(s.catalog!, dir);
  } finally {
    process.chdir(cwd);
  }
});

When('the model calls load_skill with {string}', function (this: SkillWorld, args: string) {
  const s = st(this);
  s.error = undefined;
  s.answer = undefined;
  const cwd = process.cwd();
  process.chdir(this.dir);
  try {
    s.answer = s.workspace!.loadSkill(args);
  } catch (error) {
    s.error = error;
  } finally {
    process.chdir(cwd);
  }
});

Then('load_skill answers {string}', function (this: SkillWorld, json: string) {
  const s = st(this);
  assert.equal(s.error, undefined, String(s.error));
  assert.deepEqual(s.answer, JSON.parse(json));
});

Then('load_skill fails with {string}', function (this: SkillWorld, code: string) {
  const e = st(this).error;
  assert.ok(isSkillgraphError(e), `expected a SkillgraphError, got ${String(e)}`);
  assert.equal(e.code, code);
});

// --- the catalog runtime's load tests, in our terms ---

Given(
  '{int} local skills {string} that each require a program, an environment variable, a tool and an MCP server the host lacks',
  function (this: SkillWorld, count: number, pattern: string) {
    const list = ((this.state.contextRoots as string[] | undefined) ??= []);
    if (!list.includes('local')) list.push('local');
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = pattern.replace('N', String(i));
      names.push(name);
      this.writeSkill(
        join('roots', 'local', name),
        [
          `name: ${name}`,
          `description: descriptor-${i}. Use when ${name} is asked for.`,
          `version: 1.0.${i}`,
          `compatibility: {os: [other-os-${i}], programs: [missing-program-${i}], env: [MISSING_ENV_${i}]}`,
          `dependencies: {tools: [tool-${i}], mcp_servers: [mcp-${i}]}`,
        ].join('\n'),
        `FULL-INSTRUCTIONS-SENTINEL-${i}\n`,
      );
    }
    this.state.bulkNames = names;
  },
);

When('the host renders the descriptor context and loads every skill once', function (this: SkillWorld) {
  const s = st(this);
  const catalog = s.catalog!;
  this.state.bulkBefore = { digest: catalog.digest, json: JSON.stringify(catalog.skills.map((p) => p.descriptor)) };
  this.state.bulkContext = renderContext(catalog).text;
  const names = this.state.bulkNames as string[];
  this.state.bulkLoads = names.map((name) => readForContext(catalog, name, LoadedSet.EMPTY));
});

Then('the context names every skill with its digest and holds none of their instructions', function (this: SkillWorld) {
  const text = this.state.bulkContext as string;
  const catalog = st(this).catalog!;
  for (const name of this.state.bulkNames as string[]) {
    const pkg = catalog.get(name)!;
    assert.ok(text.includes(`- ${name}: `) && text.includes(pkg.descriptor.digest), `context lacks ${name}`);
  }
  assert.ok(!text.includes('FULL-INSTRUCTIONS-SENTINEL'), 'the descriptor context carries instructions');
});

Then(
  'every load answers {string} with its instructions, sealed digest, version and file',
  function (this: SkillWorld, status: string) {
    const catalog = st(this).catalog!;
    const loads = this.state.bulkLoads as ContextLoad[];
    (this.state.bulkNames as string[]).forEach((name, i) => {
      const load = loads[i]!;
      const d = catalog.get(name)!.descriptor;
      assert.equal(load.status, status);
      assert.ok(load.status === 'loaded' && load.body.includes(`FULL-INSTRUCTIONS-SENTINEL-${i}`), name);
      assert.equal(load.digest, d.digest);
      assert.equal(load.descriptor.version, `1.0.${i}`);
      assert.equal(load.descriptor.source.locator, d.source.locator);
      assert.deepEqual(load.descriptor.dependencies, { tools: [`tool-${i}`], mcp_servers: [`mcp-${i}`] });
    });
  },
);

Then('the sealed catalog and its allowed tools are unchanged by the loads', function (this: SkillWorld) {
  const catalog = st(this).catalog!;
  const before = this.state.bulkBefore as { digest: string; json: string };
  assert.equal(catalog.digest, before.digest);
  assert.equal(JSON.stringify(catalog.skills.map((p) => p.descriptor)), before.json);
  // Requirements are information: a load grants no tool (allowed-tools stays as declared: none).
  for (const p of catalog.skills) {
    assert.deepEqual(p.descriptor.allowedTools, []);
    assert.ok(Object.isFrozen(p.descriptor) && Object.isFrozen(p.descriptor.dependencies));
  }
});

When(
  '{int} runs each remember {string} loaded with another digest',
  function (this: SkillWorld, runs: number, name: string) {
    const catalog = st(this).catalog!;
    const errors: unknown[] = [];
    for (let i = 0; i < runs; i++) {
      const other = `sha256:${i.toString(16).padStart(64, 'f')}`;
      try {
        readForContext(catalog, name, LoadedSet.EMPTY.with(name, other));
        errors.push(undefined);
      } catch (error) {
        errors.push(error);
      }
    }
    this.state.bulkErrors = errors;
  },
);

Then('each of those runs is refused {string} with {string}', function (this: SkillWorld, name: string, code: string) {
  const errors = this.state.bulkErrors as unknown[];
  assert.ok(errors.length > 0);
  for (const e of errors) assert.ok(isSkillgraphError(e) && e.code === code && e.message.includes(name), String(e));
});
