/**
 * Steps for features/completeness.feature: the CLI in-process in the
 * scenario's temp folder (the project). Phrases say "skillgraph", "the JSON
 * document", "the project skill folder" so they cannot collide with other
 * features' steps.
 */
import { After, Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { SkillWorld } from '../support/world.js';

interface CatalogDoc {
  skills: { name: string }[];
  diagnostics: { code: string; file: string }[];
  complete: boolean;
  incomplete: { limit: string }[];
  files: { seen: number; same_file: number; not_catalogued: Record<string, number> };
}

function skillText(name: string): string {
  return `name: ${name}\ndescription: ${name} helps with ${name}. Use when the task mentions ${name}.`;
}

/** Expand a leading `~/` to the scenario's HOME (the World runs the CLI with HOME = <dir>/home). */
function place(world: SkillWorld, rel: string): string {
  return rel.startsWith('~/') ? join('home', rel.slice(2)) : rel;
}

Given(
  'the project skill folder {string} holds the skill {string}',
  function (this: SkillWorld, folder: string, name: string) {
    this.writeSkill(`${place(this, folder)}/${name}`, skillText(name));
  },
);

Given(
  "the user's own skill folder {string} holds the skill {string}",
  function (this: SkillWorld, folder: string, name: string) {
    this.writeSkill(`${place(this, folder)}/${name}`, skillText(name));
  },
);

Given(
  'the project skill folder {string} holds {int} skills',
  function (this: SkillWorld, folder: string, count: number) {
    for (let i = 0; i < count; i++) this.writeSkill(`${folder}/skill-${i}`, skillText(`skill-${i}`));
  },
);

Given('{string} is a relative symlink to {string}', function (this: SkillWorld, link: string, target: string) {
  this.symlink(target, link);
});

Given(
  'the folder {string} outside the project holds the skill {string}',
  function (this: SkillWorld, _folder: string, name: string) {
    // A sibling of the scenario's folder: outside the project and outside every root.
    const dir = `${this.dir}-outside/${name}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'SKILL.md'), `---\n${skillText(name)}\n---\nSecret instructions.\n`);
    this.state.outside = dir;
  },
);

After(function (this: SkillWorld) {
  if (typeof this.state.outside === 'string') rmSync(`${this.dir}-outside`, { recursive: true, force: true });
});

Given('{string} is a symlink to the folder outside the project', function (this: SkillWorld, link: string) {
  this.symlink(this.state.outside as string, link);
});

Given('{string} is a FIFO', function (this: SkillWorld, rel: string) {
  mkdirSync(dirname(this.path(rel)), { recursive: true });
  execFileSync('mkfifo', [this.path(rel)]);
});

When('I run skillgraph {string}', async function (this: SkillWorld, command: string) {
  await this.run(command.split(/\s+/).filter(Boolean));
});

When(
  'the SKILL.md of {string} in {string} gets broken YAML',
  function (this: SkillWorld, name: string, folder: string) {
    this.write(`${folder}/${name}/SKILL.md`, `---\nname: ${name}\ndescription: [unclosed\n---\nbody\n`);
  },
);

When('the project moves to another folder and HOME changes', function (this: SkillWorld) {
  const moved = join(this.dir, 'moved', 'deeper', 'project');
  mkdirSync(dirname(moved), { recursive: true });
  // Everything but HOME moves; the new HOME is empty.
  mkdirSync(join(this.dir, 'moved', 'other-home'), { recursive: true });
  mkdirSync(moved);
  for (const entry of ['.claude', 'skillgraph.lock.json']) renameSync(this.path(entry), join(moved, entry));
  this.state.moved = moved;
});

When('I run skillgraph {string} in the moved project', async function (this: SkillWorld, command: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(command.split(/\s+/).filter(Boolean), {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: this.state.moved as string,
    env: { HOME: join(this.dir, 'moved', 'other-home') },
  });
  this.last = { code, stdout, stderr };
});

Then('skillgraph exits with {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, `stdout: ${this.last?.stdout}\nstderr: ${this.last?.stderr}`);
});

Then("skillgraph's stderr contains {string}", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stderr.includes(text), `stderr: ${this.last?.stderr}`);
});

Then("skillgraph's stdout contains {string}", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stdout.includes(text), `stdout: ${this.last?.stdout}`);
});

Then('the JSON document says the walk is incomplete at {string}', function (this: SkillWorld, limit: string) {
  const doc = this.json<CatalogDoc>();
  assert.equal(doc.complete, false);
  assert.deepEqual(
    doc.incomplete.map((l) => l.limit),
    [limit],
  );
});

Then('the JSON document lists {int} skills and says the walk is complete', function (this: SkillWorld, count: number) {
  const doc = this.json<CatalogDoc>();
  assert.equal(doc.skills.length, count);
  assert.equal(doc.complete, true);
  assert.deepEqual(doc.incomplete, []);
});

Then('the JSON document lists exactly {string}', function (this: SkillWorld, names: string) {
  const doc = this.json<CatalogDoc>();
  assert.deepEqual(doc.skills.map((s) => s.name).sort(), names.split(/,\s*/).sort());
});

Then('the JSON document counts {int} file(s) reached twice', function (this: SkillWorld, count: number) {
  assert.equal(this.json<CatalogDoc>().files.same_file, count);
});

Then(
  'the JSON document counts {int} SKILL.md not catalogued as {string}',
  function (this: SkillWorld, count: number, reason: string) {
    const files = this.json<CatalogDoc>().files;
    assert.equal(files.not_catalogued[reason], count, JSON.stringify(files));
  },
);

Then('the JSON document says {int} SKILL.md files were seen', function (this: SkillWorld, count: number) {
  assert.equal(this.json<CatalogDoc>().files.seen, count);
});

Then(
  'the JSON document has a {string} diagnostic for {string}',
  function (this: SkillWorld, code: string, rel: string) {
    const diagnostics = this.json<CatalogDoc>().diagnostics;
    assert.ok(
      diagnostics.some((d) => d.code === code && d.file.endsWith(`/${rel}`)),
      JSON.stringify(diagnostics, null, 2),
    );
  },
);

Then('the lockfile names {int} skills with no absolute path', function (this: SkillWorld, count: number) {
  const text = readFileSync(this.path('skillgraph.lock.json'), 'utf8');
  const lock = JSON.parse(text) as { skills: { root: string; path: string }[] };
  assert.equal(lock.skills.length, count);
  assert.ok(!text.includes(this.dir), text);
  for (const s of lock.skills) assert.ok(!s.root.startsWith('/') && !s.path.startsWith('/'), JSON.stringify(s));
});

Then(
  'the drift document shows {string} as invalid with {string}',
  function (this: SkillWorld, name: string, code: string) {
    const doc = this.json<{ invalid: { name: string; diagnostics: { code: string }[] }[]; removed: unknown[] }>();
    const entry = doc.invalid.find((e) => e.name === name);
    assert.ok(entry, JSON.stringify(doc));
    assert.ok(
      entry.diagnostics.some((d) => d.code === code),
      JSON.stringify(entry),
    );
    assert.deepEqual(doc.removed, []);
  },
);

Then('there is no lockfile', function (this: SkillWorld) {
  assert.equal(existsSync(this.path('skillgraph.lock.json')), false);
});

Given('an empty project folder {string}', function (this: SkillWorld, folder: string) {
  this.mkdir(folder);
});

Then(
  'the validate summary says {int} files, {int} skill(s) checked, {int} skipped as {string}',
  function (this: SkillWorld, files: number, skills: number, skipped: number, reason: string) {
    const summary = this.json<{
      summary: { files: number; skills: number; skipped: number; skipped_by: Record<string, number> };
    }>().summary;
    assert.equal(summary.files, files);
    assert.equal(summary.skills, skills);
    assert.equal(summary.skipped, skipped);
    assert.equal(summary.skipped_by[reason], skipped, JSON.stringify(summary));
  },
);

Then(
  'the JSON document shows {string} as an identical copy of {string}',
  function (this: SkillWorld, rel: string, name: string) {
    const conflicts = this.json<{ conflicts: { name: string; shadowed: string; identical: boolean }[] }>().conflicts;
    assert.ok(
      conflicts.some((c) => c.name === name && c.identical && c.shadowed.endsWith(`/${rel}`)),
      JSON.stringify(conflicts),
    );
  },
);
