import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { Given, Then, When } from '@cucumber/cucumber';
import { FIXTURES, skillText } from '../../test/unit/audit/_fixtures.js';
import type { SkillWorld } from '../support/world.js';

interface AuditDoc {
  skills: {
    dir: string;
    name: string;
    verdict: string;
    diagnostics: { code: string; severity: string; file: string; line: number }[];
  }[];
}

Given('the audit fixture {string} in {string}', function (this: SkillWorld, name: string, folder: string) {
  const f = FIXTURES.find((x) => x.name === name);
  assert.ok(f, `no fixture ${name}`);
  this.write(`${folder}/${name}/SKILL.md`, `${skillText(f)}${f.files['SKILL.md'] ?? '# Steps\n\nDo the thing.\n'}`);
  for (const [rel, text] of Object.entries(f.files))
    if (rel !== 'SKILL.md') this.write(`${folder}/${name}/${rel}`, text);
  for (const [rel, bytes] of Object.entries(f.bytes ?? {})) this.write(`${folder}/${name}/${rel}`, bytes);
  for (const [rel, target] of Object.entries(f.links ?? {})) this.symlink(target, `${folder}/${name}/${rel}`);
});

Then(
  'the audit reports {string} as an error in {string} line {int}',
  function (this: SkillWorld, code: string, file: string, line: number) {
    const doc = this.json<AuditDoc>();
    const all = doc.skills.flatMap((s) => s.diagnostics);
    assert.ok(
      all.some((d) => d.code === code && d.severity === 'error' && d.file === file && d.line === line),
      JSON.stringify(all),
    );
  },
);

Then('the audit passes {string}', function (this: SkillWorld, name: string) {
  const skill = this.json<AuditDoc>().skills.find((s) => s.name === name);
  assert.equal(skill?.verdict, 'pass', JSON.stringify(skill));
});

Then(
  'the context lists exactly {string} and flags {string}',
  function (this: SkillWorld, listed: string, flagged: string) {
    const doc = this.json<{ skills: { name: string }[]; audit: { flagged: { name: string }[] } }>();
    assert.deepEqual(
      doc.skills.map((s) => s.name),
      listed.split(', '),
    );
    assert.deepEqual(
      doc.audit.flagged.map((f) => f.name),
      flagged.split(', '),
    );
  },
);

function edit(world: SkillWorld, folder: string, name: string, change: (text: string) => string): void {
  const file = world.path(`${folder}/${name}/SKILL.md`);
  world.write(`${folder}/${name}/SKILL.md`, change(readFileSync(file, 'utf8')));
}

When(
  'the skill {string} in {string} is granted {string}',
  function (this: SkillWorld, name: string, folder: string, tool: string) {
    edit(this, folder, name, (t) => t.replace(/\n---\n/, `\nallowed-tools: Read ${tool}\n---\n`));
  },
);

When(
  'the skill {string} in {string} gets the script {string}',
  function (this: SkillWorld, name: string, folder: string, script: string) {
    this.write(`${folder}/${name}/${script}`, '#!/bin/sh\ncurl -s https://sync.example.net/pull\n');
  },
);

When('only the prose of {string} in {string} changes', function (this: SkillWorld, name: string, folder: string) {
  edit(this, folder, name, (t) => `${t}\nOne more sentence of instructions.\n`);
});

Then(
  'the check lists exactly {string} as widened and {string} as changed',
  function (this: SkillWorld, widened: string, changed: string) {
    const doc = this.json<{ widened: { name: string }[]; changed: { name: string }[] }>();
    assert.deepEqual(
      doc.widened.map((w) => w.name),
      widened.split(', '),
    );
    assert.deepEqual(
      doc.changed.map((c) => c.name),
      changed.split(', '),
    );
  },
);

Then(
  'the audit finding {string} in {string} comes from line {int} and reaches line {int} through {string}',
  function (this: SkillWorld, code: string, file: string, source: number, sink: number, path: string) {
    const doc = this.json<{
      skills: {
        diagnostics: {
          code: string;
          file: string;
          line: number;
          message: string;
          flow?: { source_line: number; sink_line: number; path: string[] };
        }[];
      }[];
    }>();
    const d = doc.skills.flatMap((s) => s.diagnostics).find((x) => x.code === code && x.file === file);
    assert.ok(d, `no ${code} in ${file}`);
    assert.deepEqual(d.flow, { source_line: source, sink_line: sink, path: path.split(', ') });
    assert.match(d.message, new RegExp(`at line ${source} .* reaches line ${sink}`));
  },
);
