/**
 * Steps for features/hosts.feature: a project folder (`repo`) and a home
 * folder under the scenario's temp dir, skills written into the agents'
 * folders, and checks on what each agent's model says about them.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { SkillWorld } from '../support/world.js';

interface HostSkillJson {
  name: string;
  path: string;
  verdict: string;
  description: string;
  winner?: string;
  rule?: string;
}

Given(
  'the project has the skill {string} in {string} described as {string}',
  function (this: SkillWorld, name: string, folder: string, description: string) {
    this.writeSkill(join('repo', folder, name), `name: ${name}\ndescription: ${JSON.stringify(description)}`);
  },
);

Given(
  'the home folder has the skill {string} in {string} described as {string}',
  function (this: SkillWorld, name: string, folder: string, description: string) {
    this.writeSkill(join('home', folder, name), `name: ${name}\ndescription: ${JSON.stringify(description)}`);
  },
);

Given(
  'the project has the skill {string} in {string} with frontmatter:',
  function (this: SkillWorld, name: string, folder: string, frontmatter: string) {
    this.writeSkill(join('repo', folder, name), frontmatter);
  },
);

Given(
  'the project has {int} skills in {string} with {int}-character descriptions',
  function (this: SkillWorld, count: number, folder: string, length: number) {
    for (let i = 0; i < count; i++) {
      const name = `bulk-${String(i).padStart(4, '0')}`;
      this.writeSkill(
        join('repo', folder, name),
        `name: ${name}\ndescription: ${'Use when testing budgets. '.repeat(length).slice(0, length)}`,
      );
    }
  },
);

Given('the project is a git repository', function (this: SkillWorld) {
  this.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
});

When('skillgraph runs {string}', async function (this: SkillWorld, command: string) {
  await this.run(command.split(/\s+/).filter(Boolean));
});

Then('skillgraph exits {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, `stderr: ${this.last?.stderr}`);
});

Then("skillgraph's output contains {string}", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stdout.includes(text), `stdout:\n${this.last?.stdout}`);
});

Then("skillgraph's summary contains {string}", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stderr.includes(text), `stderr:\n${this.last?.stderr}`);
});

Then('every output line fits 80 columns', function (this: SkillWorld) {
  for (const line of this.last!.stdout.split('\n')) assert.ok([...line].length <= 80, `too wide: ${line}`);
});

function skillOf(world: SkillWorld, host: string, path: string): HostSkillJson {
  const doc = world.json<{ hosts: { host: string; skills: HostSkillJson[] }[] }>();
  const h = doc.hosts.find((x) => x.host === host);
  assert.ok(h, `no host ${host}`);
  const s = h.skills.find((x) => x.path.endsWith(`/${path}`));
  assert.ok(s, `${host} says nothing of ${path}: ${h.skills.map((x) => x.path).join(', ')}`);
  return s;
}

Then(
  '{word} calls the skill at {string} {string}',
  function (this: SkillWorld, host: string, path: string, verdict: string) {
    assert.equal(skillOf(this, host, path).verdict, verdict);
  },
);

Then(
  '{word} gives the skill at {string} the rule {string}',
  function (this: SkillWorld, host: string, path: string, rule: string) {
    assert.equal(skillOf(this, host, path).rule, rule);
  },
);

Then(
  '{word} shows the skill at {string} as {string}',
  function (this: SkillWorld, host: string, path: string, description: string) {
    const s = skillOf(this, host, path);
    assert.equal(s.verdict, 'shown');
    assert.equal(s.description, description);
  },
);

Then(
  '{word} lets the skill at {string} lose to {string}',
  function (this: SkillWorld, host: string, path: string, winner: string) {
    const s = skillOf(this, host, path);
    assert.equal(s.verdict, 'shadowed');
    assert.ok(s.winner?.endsWith(`/${winner}`), `winner ${s.winner}`);
  },
);

Then('the SARIF report has a {string} result at {string}', function (this: SkillWorld, rule: string, file: string) {
  const log = this.json<{
    runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
  }>();
  const hit = log.runs[0]!.results.find(
    (r) => r.ruleId === rule && r.locations[0]!.physicalLocation.artifactLocation.uri.endsWith(file),
  );
  assert.ok(
    hit,
    `results: ${log.runs[0]!.results.map((r) => `${r.ruleId} ${r.locations[0]!.physicalLocation.artifactLocation.uri}`).join('; ')}`,
  );
});
