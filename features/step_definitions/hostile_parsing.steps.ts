/**
 * Steps for features/hostile_parsing.feature: hostile SKILL.md files written
 * into the scenario's temp dir, findings checked by code and place. Phrases
 * say "hostile" so they cannot collide with other features' steps.
 */
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { Given, Then, When } from '@cucumber/cucumber';
import type { SkillWorld } from '../support/world.js';

interface Finding {
  code: string;
  file: string;
  line: number;
  column: number;
}

const HEAD = (name: string): string => `name: ${name}\ndescription: Use when a hostile scenario needs ${name}.`;

/** The findings of the last catalog document about `folder`'s SKILL.md. */
function findings(world: SkillWorld, folder: string): Finding[] {
  const file = `${realpathSync(world.path(folder))}/SKILL.md`;
  return world.json<{ diagnostics: Finding[] }>().diagnostics.filter((d) => d.file === file);
}

Given(
  'the hostile SKILL.md {string} has {int} aliases of one anchor',
  function (this: SkillWorld, folder: string, count: number) {
    const name = folder.split('/').at(-1)!;
    this.writeSkill(folder, `${HEAD(name)}\nanchor: &a x\nlist: [${Array(count).fill('*a').join(',')}]`);
  },
);

Given(
  'the hostile SKILL.md {string} nests {int} levels as {}',
  function (this: SkillWorld, folder: string, levels: number, spelling: string) {
    const name = folder.split('/').at(-1)!;
    const deep = spelling.startsWith('flow') ? `deep: [a', ${'['.repeat(levels)}` : `deep:\n${'- '.repeat(levels)}x`;
    this.writeSkill(folder, `${HEAD(name)}\n${deep}`);
  },
);

Given('the hostile SKILL.md {string} is named {}', function (this: SkillWorld, folder: string, yamlName: string) {
  this.writeSkill(folder, `name: ${yamlName}\ndescription: Use when a hostile scenario needs a bad name.`);
});

When(
  'I catalog the hostile roots {string} again with {string}',
  async function (this: SkillWorld, roots: string, flags: string) {
    this.state.hostileFirst = this.last?.stdout;
    const rootFlags = roots
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((r) => ['--root', r]);
    await this.run(['catalog', ...rootFlags, ...flags.split(/\s+/).filter(Boolean), '--json']);
  },
);

Then('both hostile catalog documents are byte-identical', function (this: SkillWorld) {
  // Stats name the worker count, which differs on purpose; everything else must not.
  const strip = (text: string): string => JSON.stringify({ ...(JSON.parse(text) as object), stats: undefined });
  assert.equal(strip(this.last!.stdout), strip(this.state.hostileFirst as string));
});

Then(
  'the hostile finding for {string} is {string} at line {int} column {int}',
  function (this: SkillWorld, folder: string, code: string, line: number, column: number) {
    assert.deepEqual(
      findings(this, folder).map((d) => [d.code, d.line, d.column]),
      [[code, line, column]],
    );
  },
);

Then(
  'the hostile finding for {string} includes {string} at line {int} column {int}',
  function (this: SkillWorld, folder: string, code: string, line: number, column: number) {
    const found = findings(this, folder).map((d) => [d.code, d.line, d.column]);
    assert.ok(
      found.some(([c, l, k]) => c === code && l === line && k === column),
      JSON.stringify(found),
    );
  },
);
