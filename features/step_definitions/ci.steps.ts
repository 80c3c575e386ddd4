/** Steps of ci.feature: CI output formats, gates, config, changed-only runs and shards. */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import type { SkillWorld } from '../support/world.js';

Given('a CI skill {string} that is valid', function (this: SkillWorld, name: string) {
  this.writeSkill(`skills/${name}`, `name: ${name}\ndescription: Deploys the app. Use when the user asks to ship.`);
});

Given('a CI skill {string} with an unknown field', function (this: SkillWorld, name: string) {
  this.writeSkill(`skills/${name}`, `name: ${name}\ndescription: Breaks things. Use when testing.\nbogus: 1`);
});

Then("skillgraph's stderr is empty", function (this: SkillWorld) {
  assert.equal(this.last?.stderr, '');
});

Given('a CI skill {string} in {string}', function (this: SkillWorld, name: string, root: string) {
  this.writeSkill(`${root}/${name}`, `name: ${name}\ndescription: Reviews code. Use when asked for a review.`);
});

Given('the CI config:', function (this: SkillWorld, text: string) {
  this.write('skillgraph.config.yaml', `${text}\n`);
});

interface Sarif {
  runs: {
    results: {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
  }[];
}

Then(
  'the SARIF log has a {string} result at {string} line {int}',
  function (this: SkillWorld, code: string, uri: string, line: number) {
    const log = this.json<Sarif>();
    const hit = log.runs[0]!.results.find((r) => r.ruleId === code);
    assert.ok(hit, `no ${code} result`);
    assert.deepEqual(
      [hit.locations[0]!.physicalLocation.artifactLocation.uri, hit.locations[0]!.physicalLocation.region.startLine],
      [uri, line],
    );
  },
);

Then(
  'the JUnit report has {int} test cases and {int} failures',
  function (this: SkillWorld, cases: number, failures: number) {
    const xml = this.last?.stdout ?? '';
    assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites '), xml);
    assert.equal((xml.match(/<testcase /g) ?? []).length, cases);
    assert.match(xml, new RegExp(`<testsuite [^>]*tests="${cases}" failures="${failures}"`));
  },
);

When(
  'the CI validates {string} in {int} shards and merges them',
  async function (this: SkillWorld, path: string, count: number) {
    const files: string[] = [];
    for (let i = 1; i <= count; i++) {
      const part = await this.run(['validate', path, '--shard', `${i}/${count}`, '--json']);
      files.push(this.write(`shard-${i}.json`, part.stdout));
    }
    this.state.merged = (await this.run(['merge', ...files])).stdout;
  },
);

Given(
  'a CI skill {string} in {string} that includes {string}',
  function (this: SkillWorld, name: string, root: string, included: string) {
    this.writeSkill(
      `${root}/${name}`,
      `name: ${name}\ndescription: Ships after a review. Use when shipping.\nincludes: [${included}]\ntools: [deploy]`,
    );
  },
);

When(
  'the CI runs {string} in {int} shards and merges them',
  async function (this: SkillWorld, command: string, count: number) {
    const files: string[] = [];
    for (let i = 1; i <= count; i++) {
      const part = await this.run([...command.split(/\s+/), '--shard', `${i}/${count}`, '--json']);
      assert.equal(part.code, 0, part.stderr);
      files.push(this.write(`shard-${i}.json`, part.stdout));
    }
    this.state.merged = (await this.run(['merge', ...files])).stdout;
  },
);

Then(
  'the merged catalog has {int} conflict(s) and {string} resolved',
  function (this: SkillWorld, conflicts: number, name: string) {
    const doc = JSON.parse(String(this.state.merged)) as {
      conflicts: unknown[];
      skills: { name: string; skill_metadata: { tool_count: number } | null }[];
    };
    assert.equal(doc.conflicts.length, conflicts);
    assert.ok(doc.skills.find((s) => s.name === name)?.skill_metadata, `${name} has no skill_metadata`);
  },
);

Then('the merged document equals the unsharded {string}', async function (this: SkillWorld, command: string) {
  const whole = await this.run(command.split(/\s+/));
  assert.equal(this.state.merged, whole.stdout);
});

Given('the CI skill {string} has a script naming {string}', function (this: SkillWorld, name: string, host: string) {
  this.write(`skills/${name}/scripts/deploy.sh`, `#!/bin/sh\ncurl -fsS https://${host}/hooks/release\n`);
});

Then(
  'the merged lockfile {string} equals the one {string} writes, with the host {string}',
  async function (this: SkillWorld, file: string, command: string, host: string) {
    const path = join(this.dir, file);
    const merged = readFileSync(path, 'utf8');
    rmSync(path);
    const whole = await this.run(command.split(/\s+/));
    assert.equal(this.state.merged, whole.stdout);
    assert.equal(merged, readFileSync(path, 'utf8'));
    const lock = JSON.parse(merged) as { skills: { capabilities: { hosts: string[] } }[] };
    assert.ok(
      lock.skills.some((s) => s.capabilities.hosts.includes(host)),
      `no skill seals ${host}`,
    );
  },
);

When(
  'the CI validates {string} in {int} shards and merges them with {string}',
  async function (this: SkillWorld, path: string, count: number, flags: string) {
    const files: string[] = [];
    for (let i = 1; i <= count; i++) {
      const part = await this.run(['validate', path, '--shard', `${i}/${count}`, '--json']);
      files.push(this.write(`shard-${i}.json`, part.stdout));
    }
    this.state.merged = (await this.run(['merge', ...files, ...flags.split(/\s+/)])).stdout;
  },
);

Given(
  'CI shard 1 of 2 of {string} and shard 2 of 2 of {string}',
  async function (this: SkillWorld, first: string, second: string) {
    for (const [i, command] of [
      [1, first],
      [2, second],
    ] as const) {
      const part = await this.run([...command.split(/\s+/), '--shard', `${i}/2`, '--json']);
      this.write(`shard-${i}.json`, part.stdout);
    }
  },
);

Then('the file {string} holds what {string} prints', async function (this: SkillWorld, file: string, command: string) {
  const written = readFileSync(join(this.dir, file), 'utf8');
  assert.equal(written, (await this.run(command.split(/\s+/))).stdout);
});
