/**
 * Steps for features/discovery.feature: the real CLI in-process (catalog,
 * lock, check) over folders written in the scenario's temp dir. Phrases say
 * "catalog", "discovery" or "folder … holds" so they cannot collide with
 * other features' steps.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { buildCatalog } from '../../src/catalog/build.js';
import { renderContext } from '../../src/context/render.js';
import { makeRoot } from '../../src/discover/roots.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';
import type { Catalog } from '../../src/model/catalog.js';
import { EMPTY_COMPOSITION, type SkillPackage } from '../../src/model/package.js';
import { isSkillgraphError } from '../../src/model/errors.js';
import { readForContext } from '../../src/workspace/read.js';
import type { SkillWorld } from '../support/world.js';

interface CatalogJson {
  skills: { name: string; source: { scope: string; locator: string } }[];
  conflicts: { name: string; selected: string; shadowed: string; identical: boolean }[];
  diagnostics: { code: string; file: string }[];
  stats: { roots: { missing: string[] } };
}

function skillText(name: string): string {
  return `name: ${name}\ndescription: ${name} helps with ${name}. Use when the task mentions ${name}.`;
}

/** The canonical POSIX path of a temp-dir path (locators are canonical). */
function real(world: SkillWorld, rel: string): string {
  return realpathSync(world.path(rel));
}

/** Canonical parent + last segment: how discovery names a link or a file it could not resolve. */
function canonicalEntry(world: SkillWorld, rel: string): string {
  const parts = rel.split('/');
  const name = parts.pop()!;
  return `${real(world, parts.join('/') || '.')}/${name}`;
}

function rootArgs(spec: string): string[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((r) => ['--root', r]);
}

Given('folder {string} holds the skill {string}', function (this: SkillWorld, folder: string, name: string) {
  this.writeSkill(`${folder}/${name}`, skillText(name));
});

Given(
  'folder {string} holds the skill {string} saying {string}',
  function (this: SkillWorld, folder: string, name: string, body: string) {
    this.writeSkill(`${folder}/${name}`, skillText(name), `${body}\n`);
  },
);

Given('folder {string} holds a SKILL.md without frontmatter', function (this: SkillWorld, folder: string) {
  this.write(`${folder}/SKILL.md`, '# Just a heading\n\nNo frontmatter at all.\n');
});

Given('an empty folder {string}', function (this: SkillWorld, folder: string) {
  this.mkdir(folder);
});

Given('a plain file {string}', function (this: SkillWorld, file: string) {
  this.write(file, 'not a folder\n');
});

Given('{string} is a symlink to {string}', function (this: SkillWorld, link: string, target: string) {
  this.symlink(this.path(target), link);
});

Given('the config file {string} says:', function (this: SkillWorld, file: string, text: string) {
  this.write(file, `${text}\n`);
});

Given('the file {string} says {string}', function (this: SkillWorld, file: string, text: string) {
  this.write(file, `${text}\n`);
});

When('I catalog the roots {string}', async function (this: SkillWorld, roots: string) {
  this.state.roots = roots;
  await this.run(['catalog', ...rootArgs(roots), '--json']);
});

When('I catalog the roots {string} with {string}', async function (this: SkillWorld, roots: string, flags: string) {
  await this.run(['catalog', ...rootArgs(roots), ...flags.split(/\s+/).filter(Boolean), '--json']);
});

When('I catalog with no roots', async function (this: SkillWorld) {
  await this.run(['catalog', '--json']);
});

When('I catalog the roots {string} {int} times', async function (this: SkillWorld, roots: string, times: number) {
  const outputs: string[] = [];
  for (let i = 0; i < times; i++) outputs.push((await this.run(['catalog', ...rootArgs(roots), '--json'])).stdout);
  this.state.outputs = outputs;
});

When('I run the discovery command {string}', async function (this: SkillWorld, command: string) {
  await this.run(command.split(/\s+/).filter(Boolean));
});

Then('the catalog exits with {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, `stderr: ${this.last?.stderr}`);
});

Then('the catalog lists exactly {string}', function (this: SkillWorld, names: string) {
  const expected = names
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  assert.deepEqual(
    this.json<CatalogJson>().skills.map((s) => s.name),
    expected,
  );
});

Then('the catalog lists nothing', function (this: SkillWorld) {
  assert.deepEqual(this.json<CatalogJson>().skills, []);
});

Then('catalog skill {string} comes from the {string} scope', function (this: SkillWorld, name: string, scope: string) {
  const skill = this.json<CatalogJson>().skills.find((s) => s.name === name);
  assert.ok(skill, `no skill ${name}`);
  assert.equal(skill.source.scope, scope);
});

Then('the catalog shows no conflicts', function (this: SkillWorld) {
  assert.deepEqual(this.json<CatalogJson>().conflicts, []);
});

Then(
  'the catalog shows a conflict for {string} where {string} shadows {string}',
  function (this: SkillWorld, name: string, winner: string, loser: string) {
    const selected = `${real(this, winner)}/SKILL.md`;
    const shadowed = `${real(this, loser)}/SKILL.md`;
    const found = this.json<CatalogJson>().conflicts.find(
      (c) => c.name === name && c.selected === selected && c.shadowed === shadowed,
    );
    assert.ok(found, `conflicts: ${JSON.stringify(this.json<CatalogJson>().conflicts, null, 2)}`);
    this.state.conflict = found;
  },
);

Then('that conflict is marked identical', function (this: SkillWorld) {
  assert.equal((this.state.conflict as { identical: boolean }).identical, true);
});

Then('the human catalog shows a conflicts section naming {string}', async function (this: SkillWorld, name: string) {
  const run = await this.run(['catalog', ...rootArgs(this.state.roots as string)]);
  assert.doesNotMatch(run.stdout, /Conflicts:/, 'the table goes to stdout, the notes to stderr');
  assert.match(run.stderr, /Conflicts:/);
  assert.match(run.stderr, new RegExp(`\\b${name}: l/${name}/SKILL.md shadows p/${name}/SKILL.md`));
});

Then('the catalog stats list root {string} as missing', function (this: SkillWorld, root: string) {
  assert.deepEqual(this.json<CatalogJson>().stats.roots.missing, [this.path(root)]);
});

Then('the catalog stats list no missing roots', function (this: SkillWorld) {
  assert.deepEqual(this.json<CatalogJson>().stats.roots.missing, []);
});

Then('the catalog error says {string}', function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stderr.includes(text), `stderr: ${this.last?.stderr}`);
});

Then('the catalog reports {string} for {string}', function (this: SkillWorld, code: string, rel: string) {
  const file = canonicalEntry(this, rel);
  const diagnostics = this.json<CatalogJson>().diagnostics;
  assert.ok(
    diagnostics.some((d) => d.code === code && d.file === file),
    `diagnostics: ${JSON.stringify(diagnostics, null, 2)}`,
  );
});

Then('every catalog output is byte-identical', function (this: SkillWorld) {
  const outputs = this.state.outputs as string[];
  assert.ok(outputs.length > 1 && outputs[0]!.length > 0);
  for (const o of outputs) assert.equal(o, outputs[0]);
});

Then(
  'the drift report lists {string} as changed in {string}',
  function (this: SkillWorld, name: string, field: string) {
    const report = this.json<{ ok: boolean; changed: { name: string; fields: string[] }[] }>();
    assert.equal(report.ok, false);
    const change = report.changed.find((c) => c.name === name);
    assert.ok(change, JSON.stringify(report));
    assert.deepEqual(change.fields, [field]);
  },
);

// --- the library's sealed catalog (the catalog runtime's tests, in our terms) ---

When('the library seals the roots {string} {int} time(s)', function (this: SkillWorld, spec: string, times: number) {
  const roots = spec
    .split(/\s+/)
    .filter(Boolean)
    .map((r) => {
      const [path, scope, precedence] = r.split(':');
      return makeRoot(
        { path: path!, scope: scope!, ...(precedence ? { precedence: Number(precedence) } : {}), required: true },
        this.dir,
      );
    });
  const sealed: Catalog[] = [];
  for (let i = 0; i < times; i++) sealed.push(loadCatalog({ roots }).catalog);
  this.state.sealed = sealed;
});

function sealedCatalogs(world: SkillWorld): Catalog[] {
  return world.state.sealed as Catalog[];
}

Then('every sealed catalog has the same digest and conflicts', function (this: SkillWorld) {
  const [first, ...rest] = sealedCatalogs(this);
  for (const c of rest) {
    assert.equal(c.digest, first!.digest);
    assert.deepEqual(c.conflicts, first!.conflicts);
  }
});

Then(
  'the sealed catalog shows {int} conflict(s) for {string} where {string} shadows {string}',
  function (this: SkillWorld, count: number, name: string, winner: string, loser: string) {
    const { conflicts } = sealedCatalogs(this)[0]!;
    assert.equal(conflicts.length, count, JSON.stringify(conflicts));
    assert.deepEqual(conflicts[0], {
      name,
      selected: `${real(this, winner)}/SKILL.md`,
      shadowed: `${real(this, loser)}/SKILL.md`,
      identical: false,
    });
  },
);

When('the host disables the source {string}', function (this: SkillWorld, rel: string) {
  this.state.effective = sealedCatalogs(this)[0]!.excluding([realpathSync(this.path(rel))]);
});

Then('the effective catalog lists exactly {string}', function (this: SkillWorld, names: string) {
  assert.deepEqual(
    (this.state.effective as Catalog).skills.map((p) => p.descriptor.name),
    names.split(',').map((n) => n.trim()),
  );
});

Then('the effective context does not mention {string}', function (this: SkillWorld, rel: string) {
  const text = renderContext(this.state.effective as Catalog).text;
  assert.ok(text.includes('other'), text);
  assert.ok(!text.includes(realpathSync(this.path(rel))), text);
});

Then(
  'reading {string} from the effective catalog fails with {string}',
  function (this: SkillWorld, name: string, code: string) {
    assert.throws(
      () => readForContext(this.state.effective as Catalog, name),
      (error: unknown) => isSkillgraphError(error) && error.code === code,
    );
  },
);

/** A package a host builds by hand (no parser): `name` and `description` as given, its own file. */
function handBuilt(name: string, description: string, file = `/host/${name}/SKILL.md`): SkillPackage {
  const source = { scope: 'project', precedence: 20, root: '/host', locator: file };
  const descriptor = {
    id: `project/${name}`,
    name,
    description,
    version: '0.0.0',
    metadata: {},
    allowedTools: [],
    modelInvocable: true,
    source,
    digest: '',
  };
  return {
    descriptor,
    body: 'Body.\n',
    bodyLine: 4,
    composition: EMPTY_COMPOSITION,
    frontmatter: { name, description },
    diagnostics: [],
  };
}

function handBuiltList(world: SkillWorld): SkillPackage[] {
  return ((world.state.handBuilt as SkillPackage[] | undefined) ??= []);
}

Given(
  'a host builds a package named {string} described as {string}',
  function (this: SkillWorld, name: string, description: string) {
    handBuiltList(this).push(handBuilt(name, description, `/host/${handBuiltList(this).length}/SKILL.md`));
  },
);

function sealHandBuilt(world: SkillWorld, strict: boolean): void {
  world.state.sealError = undefined;
  try {
    world.state.effective = buildCatalog(handBuiltList(world), { strict });
  } catch (error) {
    world.state.sealError = error;
  }
}

When('the host seals its packages', function (this: SkillWorld) {
  sealHandBuilt(this, false);
});

When('the host seals its packages strictly', function (this: SkillWorld) {
  sealHandBuilt(this, true);
});

Then('sealing fails with {string} about the {word}', function (this: SkillWorld, code: string, field: string) {
  const error = this.state.sealError;
  assert.ok(isSkillgraphError(error) && error.code === code, String(error));
  if (field !== 'names') assert.equal(error.details.field, field);
});

Then('the host catalog lists exactly {string}', function (this: SkillWorld, names: string) {
  assert.equal(this.state.sealError, undefined, String(this.state.sealError));
  assert.deepEqual(
    (this.state.effective as Catalog).skills.map((p) => p.descriptor.name),
    names.split(',').map((n) => n.trim()),
  );
});

When('the host drops its packages', function (this: SkillWorld) {
  this.state.handBuilt = [];
});
