/**
 * Steps for features/hostile_files.feature: a project with normal skills
 * beside hostile files, caches and workspaces, driven through the real CLI
 * in-process (the World's `run`). Step texts carry "hostile-files" so they
 * never clash with other step files.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import type { SkillWorld } from '../support/world.js';

const ROOT = 'skills';
const list = (names: string): string[] =>
  names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

function skill(world: SkillWorld, name: string): void {
  world.writeSkill(join(ROOT, name), `name: ${name}\ndescription: Use when a scenario needs the skill ${name}.`);
}

Given(
  'a hostile-files project whose root {string} holds the normal skills {string}',
  function (this: SkillWorld, root: string, names: string) {
    assert.equal(root, ROOT);
    for (const name of list(names)) skill(this, name);
  },
);

Given('the hostile-files cache file {string} is a FIFO', function (this: SkillWorld, file: string) {
  const dir = this.mkdir('home/.cache/skillgraph');
  execFileSync('mkfifo', [join(dir, file)]);
});

Given(
  'the hostile-files skill {string} holds a file {int} folders down',
  function (this: SkillWorld, name: string, depth: number) {
    skill(this, name);
    this.write(join(ROOT, name, ...Array.from({ length: depth }, (_, i) => `level${i}`), 'leaf.txt'), 'x');
  },
);

Given('the hostile-files skill {string} holds {int} files', function (this: SkillWorld, name: string, count: number) {
  skill(this, name);
  const dir = this.mkdir(join(ROOT, name, 'data'));
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `f${i}.txt`), 'x');
});

Given(
  'the hostile-files skill {string} holds the file {string}',
  function (this: SkillWorld, name: string, rel: string) {
    skill(this, name);
    this.write(join(ROOT, name, rel), 'x');
  },
);

Given(
  'a hostile-files temp file {string} left {int} minutes ago',
  function (this: SkillWorld, name: string, minutes: number) {
    const file = this.write(name, '');
    const when = (Date.now() - minutes * 60_000) / 1000;
    utimesSync(file, when, when);
  },
);

When('I run the hostile-files command {string}', async function (this: SkillWorld, command: string) {
  const started = Date.now();
  await this.run(command.split(' ').filter(Boolean));
  this.state.ms = Date.now() - started;
});

Then('the hostile-files run ends with exit {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, this.last?.stderr);
  assert.ok((this.state.ms as number) < 20_000, `took ${String(this.state.ms)} ms`);
});

Then('the hostile-files catalog lists {string}', function (this: SkillWorld, names: string) {
  assert.deepEqual(
    this.json<{ skills: { name: string }[] }>().skills.map((s) => s.name),
    list(names),
  );
});

interface ValidateDoc {
  skills: { dir: string; valid: boolean; diagnostics: { code: string }[] }[];
}

Then(
  'the hostile-files validate report gives {string} the finding {string}',
  function (this: SkillWorld, dir: string, code: string) {
    const entry = this.json<ValidateDoc>().skills.find((s) => s.dir === dir);
    assert.ok(entry, `no entry for ${dir}`);
    assert.ok(
      entry.diagnostics.some((d) => d.code === code),
      JSON.stringify(entry.diagnostics),
    );
  },
);

Then('the hostile-files validate report says {string} are valid', function (this: SkillWorld, names: string) {
  const doc = this.json<ValidateDoc>();
  for (const name of list(names)) assert.equal(doc.skills.find((s) => s.dir === name)?.valid, true, name);
});

interface LeftOutDoc {
  left_out: { skills: { name: string | null; reason: string; diagnostics: { code: string }[] }[] };
}

Then(
  'the hostile-files left-out list names the skill {string} with the finding {string}',
  function (this: SkillWorld, name: string, code: string) {
    const { left_out } = this.json<LeftOutDoc>();
    const entry = left_out.skills.find((s) => s.name === name);
    assert.ok(entry, `${name} is not in left_out: ${JSON.stringify(left_out)}`);
    assert.equal(entry.reason, 'failed');
    assert.equal(entry.diagnostics[0]?.code, code);
  },
);

Then('the hostile-files folder {string} exists', function (this: SkillWorld, rel: string) {
  assert.equal(existsSync(this.path(rel)), true);
});

Then('the hostile-files folder {string} does not exist', function (this: SkillWorld, rel: string) {
  assert.equal(existsSync(this.path(rel)), false);
});

Then('the hostile-files project holds no {string} file', function (this: SkillWorld, prefix: string) {
  assert.deepEqual(
    readdirSync(this.dir).filter((n) => n.startsWith(prefix)),
    [],
  );
});
