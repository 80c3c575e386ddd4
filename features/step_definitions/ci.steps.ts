/** Steps of ci.feature: CI output formats, gates, config, changed-only runs and shards. */
import assert from 'node:assert/strict';
import { Given, Then } from '@cucumber/cucumber';
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
