/**
 * Steps for features/routing.feature: skills under `skills/` in the
 * scenario's folder, the CLI in-process. Phrases say "routing" or name the
 * document they read so they cannot collide with other features' steps.
 */
import { Given, Then } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { SkillWorld } from '../support/world.js';

interface Finding {
  code: string;
  file?: string;
  line: number;
  message: string;
}

Given(
  'the routing tree holds the skill {string} described as {string}',
  function (this: SkillWorld, name: string, description: string) {
    this.writeSkill(`skills/${name}`, `name: ${name}\ndescription: ${JSON.stringify(description)}`);
  },
);

Given(
  'the routing tree holds the skill {string} described as {string} with the body:',
  function (this: SkillWorld, name: string, description: string, body: string) {
    this.writeSkill(`skills/${name}`, `name: ${name}\ndescription: ${JSON.stringify(description)}`, `${body}\n`);
  },
);

Given('the file {string} holds {string}', function (this: SkillWorld, rel: string, text: string) {
  this.write(rel, text.replace(/\\n/g, '\n'));
});

/** Every finding of a validate document, with the file of the entry it is under. */
function validateFindings(world: SkillWorld): Finding[] {
  const doc = world.json<{ skills: { file: string; diagnostics: Finding[] }[] }>();
  return doc.skills.flatMap((s) => s.diagnostics.map((d) => ({ ...d, file: d.file ?? `skills/${s.file}` })));
}

Then(
  'the routing finding {string} is reported for {string} naming {string}',
  function (this: SkillWorld, code: string, file: string, other: string) {
    const found = validateFindings(this).filter((d) => d.code === code);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.file, file);
    assert.match(found[0]!.message, new RegExp(`'${other}'.*score 0\\.\\d\\d, sharing .*pdf`));
  },
);

Then(
  'the routing finding {string} is reported for {string} at line {int}',
  function (this: SkillWorld, code: string, file: string, line: number) {
    const found = validateFindings(this).filter((d) => d.code === code);
    assert.deepEqual(
      found.map((d) => [d.file, d.line]),
      [[file, line]],
    );
  },
);

Then('no routing finding {string} is reported', function (this: SkillWorld, code: string) {
  assert.deepEqual(
    validateFindings(this).filter((d) => d.code === code),
    [],
  );
});

Then(
  "the catalog's diagnostics hold {int} {string} and {int} {string}",
  function (this: SkillWorld, a: number, codeA: string, b: number, codeB: string) {
    const codes = this.json<{ diagnostics: Finding[] }>().diagnostics.map((d) => d.code);
    assert.equal(codes.filter((c) => c === codeA).length, a, codes.join(' '));
    assert.equal(codes.filter((c) => c === codeB).length, b, codes.join(' '));
  },
);

Then(
  'the graph has a {string} edge from {string} to {string}',
  function (this: SkillWorld, kind: string, from: string, to: string) {
    const edges = this.json<{ edges: { kind: string; from: string; to: string }[] }>().edges;
    assert.ok(
      edges.some((e) => e.kind === kind && e.from === from && e.to === to),
      JSON.stringify(edges),
    );
  },
);

Then(
  'the load names {string} as used and not handed over, and {string} as not installed',
  function (this: SkillWorld, used: string, missing: string) {
    const rows = this.json<{ not_handed_over: { uses: string; catalogued: boolean }[] }>().not_handed_over;
    assert.deepEqual(
      rows.map((r) => [r.uses, r.catalogued]).sort(),
      [
        [missing, false],
        [used, true],
        ['pdf-forms', true],
      ].sort(),
    );
  },
);
