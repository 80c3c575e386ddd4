/**
 * Steps for features/validate.feature: write skills into the scenario's temp
 * dir, run `skillgraph validate` in-process, assert on codes, never wording.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseSkill, type ProfileName } from '../../src/parse/index.js';
import type { SkillWorld } from '../support/world.js';

interface JsonDiagnostic {
  code: string;
  severity: string;
  message: string;
  line: number;
  column: number;
  hint: string;
}
interface JsonSkill {
  dir: string;
  file: string;
  name: string | null;
  valid: boolean;
  diagnostics: JsonDiagnostic[];
}
interface JsonReport {
  schemaVersion: number;
  skills: JsonSkill[];
  summary: { skills: number; valid: number; invalid: number; errors: number; warnings: number };
}

/** The report of the last run: the one from --json, or a re-run with --json added. */
async function report(world: SkillWorld): Promise<JsonReport> {
  const cached = world.state.validateReport as JsonReport | undefined;
  if (cached) return cached;
  const args = world.state.validateArgs as string[];
  const previous = world.last;
  const doc = args.includes('--json')
    ? world.json<JsonReport>()
    : (await world.run([...args, '--json']), world.json<JsonReport>());
  world.last = previous;
  world.state.validateReport = doc;
  return doc;
}

async function skill(world: SkillWorld, dir: string): Promise<JsonSkill> {
  const found = (await report(world)).skills.find((s) => s.dir === dir);
  assert.ok(found, `no skill reported for dir '${dir}'`);
  return found;
}

const unescape = (text: string): string => text.replaceAll('\\n', '\n');

Given('a valid skill {string}', function (this: SkillWorld, folder: string) {
  this.writeSkill(folder, `name: ${basename(folder)}\ndescription: Use when testing ${basename(folder)}.`);
});

Given('a skill {string} whose SKILL.md reads:', function (this: SkillWorld, folder: string, content: string) {
  this.write(`${folder}/SKILL.md`, `${unescape(content)}\n`);
});

Given(
  'a skill {string} whose file {string} reads:',
  function (this: SkillWorld, folder: string, file: string, content: string) {
    this.write(`${folder}/${file}`, `${content}\n`);
  },
);

Given(
  'a skill {string} whose SKILL.md has a BOM and CRLF line endings:',
  function (this: SkillWorld, folder: string, content: string) {
    this.write(`${folder}/SKILL.md`, `\uFEFF${content.replaceAll('\n', '\r\n')}\r\n`);
  },
);

Given('{string} is a symbolic link to {string}', function (this: SkillWorld, link: string, target: string) {
  this.symlink(target, link);
});

When('I validate {string}', async function (this: SkillWorld, args: string) {
  this.state.validateArgs = ['validate', ...args.split(/\s+/)];
  this.state.validateReport = undefined;
  await this.run(this.state.validateArgs as string[]);
});

When('I validate {string} with {string}', async function (this: SkillWorld, path: string, flags: string) {
  this.state.validateArgs = ['validate', path, ...flags.split(/\s+/)];
  this.state.validateReport = undefined;
  await this.run(this.state.validateArgs as string[]);
});

Then('validation exits with {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, `stderr:\n${this.last?.stderr}`);
});

Then('skill {string} is reported valid', async function (this: SkillWorld, dir: string) {
  const s = await skill(this, dir);
  assert.equal(s.valid, true, JSON.stringify(s.diagnostics));
});

Then('skill {string} is reported invalid', async function (this: SkillWorld, dir: string) {
  assert.equal((await skill(this, dir)).valid, false);
});

Then(
  /^skill "([^"]*)" has the (error|warning) "([^"]*)"$/,
  async function (this: SkillWorld, dir: string, severity: string, code: string) {
    const s = await skill(this, dir);
    assert.ok(
      s.diagnostics.some((d) => d.code === code && d.severity === severity),
      `expected ${severity} ${code} in ${JSON.stringify(s.diagnostics.map((d) => `${d.severity} ${d.code}`))}`,
    );
  },
);

Then(
  'skill {string} has the error {string} at line {int} column {int}',
  async function (this: SkillWorld, dir: string, code: string, line: number, column: number) {
    const d = (await skill(this, dir)).diagnostics.find((x) => x.code === code);
    assert.ok(d, `no ${code}`);
    assert.deepEqual([d.severity, d.line, d.column], ['error', line, column]);
  },
);

Then('the validation report lists {int} skill(s)', async function (this: SkillWorld, n: number) {
  assert.equal((await report(this)).skills.length, n);
});

Then(
  'the validation report marks {string} as linked to {string}',
  async function (this: SkillWorld, file: string, target: string) {
    const entry = (
      (await report(this)).skills as { file: string; skipped?: string; link_to?: string; diagnostics: unknown[] }[]
    ).find((s) => s.file === file);
    assert.deepEqual([entry?.skipped, entry?.link_to, entry?.diagnostics.length], ['linked', target, 0]);
  },
);

Then(
  'the validation summary counts {int} link(s) and {int} warning(s)',
  async function (this: SkillWorld, links: number, warnings: number) {
    const s = (await report(this)).summary as unknown as { skipped_by: Record<string, number>; warnings: number };
    assert.deepEqual([s.skipped_by.linked, s.warnings], [links, warnings]);
  },
);

Then(
  /^the validation summary says (\d+) skills?, (\d+) valid, (\d+) errors?$/,
  async function (this: SkillWorld, skills: string, valid: string, errors: string) {
    const s = (await report(this)).summary;
    assert.deepEqual([s.skills, s.valid, s.errors], [Number(skills), Number(valid), Number(errors)]);
    assert.equal(s.invalid, s.skills - s.valid);
  },
);

Then(
  'the validation output shows the source line {string} with a caret under column {int}',
  function (this: SkillWorld, source: string, column: number) {
    const lines = (this.last?.stdout ?? '').split('\n');
    const at = lines.findIndex((l) => l.endsWith(`| ${source}`));
    assert.ok(at >= 0, `no excerpt line in:\n${this.last?.stdout}`);
    const excerpt = lines[at]!;
    const caret = lines[at + 1] ?? '';
    assert.equal(caret.indexOf('^'), excerpt.indexOf('| ') + 2 + column - 1);
  },
);

Then('the parsed description of {string} is {string}', function (this: SkillWorld, folder: string, expected: string) {
  const r = parseSkill(readFileSync(this.path(`${folder}/SKILL.md`)), {
    locator: `${folder}/SKILL.md`,
    dirName: basename(folder),
  });
  assert.equal(r.package?.descriptor.description, expected);
});

Then(
  'the parsed description of {string} with profile {string} is {string}',
  function (this: SkillWorld, folder: string, profile: string, expected: string) {
    const r = parseSkill(readFileSync(this.path(`${folder}/SKILL.md`)), {
      locator: `${folder}/SKILL.md`,
      dirName: basename(folder),
      profile: profile as ProfileName,
    });
    assert.equal(r.package?.descriptor.description, expected);
  },
);

Then('the validation JSON has exactly the documented shape', function (this: SkillWorld) {
  const doc = this.json<JsonReport>();
  assert.deepEqual(Object.keys(doc), ['schemaVersion', 'skills', 'summary']);
  assert.equal(doc.schemaVersion, 2);
  assert.deepEqual(Object.keys(doc.summary), [
    'files',
    'skills',
    'valid',
    'invalid',
    'skipped',
    'skipped_by',
    'errors',
    'warnings',
  ]);
  assert.ok(doc.skills.length > 0);
  for (const s of doc.skills) {
    // `skipped` (why a SKILL.md was not parsed) appears only on entries that were not.
    assert.deepEqual(
      Object.keys(s).filter((k) => k !== 'skipped'),
      ['dir', 'file', 'name', 'valid', 'diagnostics'],
    );
    assert.ok(!s.dir.includes('\\') && !s.file.includes('\\'), 'paths are POSIX');
    for (const d of s.diagnostics)
      assert.deepEqual(Object.keys(d), ['code', 'severity', 'message', 'line', 'column', 'hint']);
  }
  assert.equal(
    this.last?.stdout
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{')).length,
    1,
    'exactly one JSON document',
  );
});
