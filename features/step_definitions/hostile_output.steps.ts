/** Steps of hostile_output.feature: skill text that tries to drive the terminal, overrides that change nothing. */
import assert from 'node:assert/strict';
import { Given, Then } from '@cucumber/cucumber';
import type { SkillWorld } from '../support/world.js';

const ROOT = '.claude/skills';
const TITLE_FOLDER = 'evil\u001b]0;pwned\u0007';
/** Control characters a terminal acts on (tab and line feed are text). */
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

Given(
  'a hostile-output skill {string} whose description fakes a green PASS',
  function (this: SkillWorld, name: string) {
    // YAML double-quoted: \e is ESC, \a BEL, \x85 NEL, \x9b a one-byte CSI.
    this.writeSkill(
      `${ROOT}/${name}`,
      `name: ${name}\ndescription: "Use when checking. \\e[32mPASS\\e[0m \\e]0;pwned\\a \\x85\\x9b2J"`,
    );
  },
);

Given(
  'a hostile-output skill {string} inside a folder whose name sets the terminal title',
  function (this: SkillWorld, name: string) {
    this.writeSkill(
      `${ROOT}/${TITLE_FOLDER}/${name}`,
      `name: ${name}\ndescription: Use when the folder above is hostile.`,
    );
  },
);

Given(
  'a hostile-output skill {string} with the tool {string}',
  function (this: SkillWorld, name: string, tool: string) {
    this.writeSkill(
      `${ROOT}/${name}`,
      `name: ${name}\ndescription: Use when a tool is needed.\ntools:\n  - { name: ${tool}, writes: true }`,
    );
  },
);

Given(
  'a hostile-output skill {string} that includes {string} overriding the key {string}',
  function (this: SkillWorld, name: string, include: string, key: string) {
    this.writeSkill(
      `${ROOT}/${name}`,
      `name: ${name}\ndescription: Use when a dry run is needed.\nincludes:\n  - skill: ${include}\n    overrides:\n      ${key}: { writes: false }`,
    );
  },
);

Then('hostile output: stdout shows the fake PASS escaped', function (this: SkillWorld) {
  const stdout = this.last?.stdout ?? '';
  assert.ok(stdout.includes('\\x1b[32mPASS\\x1b[0m'), `stdout: ${stdout}`);
  assert.ok(stdout.includes('\\x1b]0;pwned\\x07'), `stdout: ${stdout}`);
  assert.ok(stdout.includes('\\x85\\x9b2J'), `stdout: ${stdout}`);
});

Then('hostile output: stderr and stdout hold no raw control character', function (this: SkillWorld) {
  assert.doesNotMatch(this.last?.stdout ?? '', RAW_CONTROL);
  assert.doesNotMatch(this.last?.stderr ?? '', RAW_CONTROL);
});

Then(
  'hostile output: the catalog document gives back the description of {string} as written',
  function (this: SkillWorld, name: string) {
    const doc = this.json<{
      skills: { name: string; description: string; skill_metadata: { description: string } | null }[];
    }>();
    const skill = doc.skills.find((s) => s.name === name);
    assert.ok(skill, JSON.stringify(doc.skills.map((s) => s.name)));
    const written = 'Use when checking. \u001b[32mPASS\u001b[0m \u001b]0;pwned\u0007 \u0085\u009b2J';
    assert.equal(skill.description, written);
    assert.equal(skill.skill_metadata?.description, written);
    // DEL and C1 as JSON escapes in the text, the same value once parsed.
    assert.ok((this.last?.stdout ?? '').includes('\\u0085\\u009b2J'), this.last?.stdout);
  },
);

Then(
  "hostile output: stdout lists {string} with its folder's title sequence escaped",
  function (this: SkillWorld, name: string) {
    const row = (this.last?.stdout ?? '').split('\n').find((l) => l.startsWith(`- ${name}: `));
    assert.ok(row, `stdout: ${this.last?.stdout}`);
    assert.ok(row.includes(`evil\\x1b\\]0;pwned\\x07/${name}/SKILL.md`), row);
  },
);

Then(
  'hostile output: the resolve document reports {string} for the SKILL.md of {string}',
  function (this: SkillWorld, code: string, name: string) {
    const doc = this.json<{ diagnostics: { code: string; file: string; line: number }[] }>();
    const found = doc.diagnostics.filter((d) => d.code === code);
    assert.equal(found.length, 1, JSON.stringify(doc.diagnostics));
    assert.equal(found[0]!.file, this.path(`${ROOT}/${name}/SKILL.md`));
  },
);
