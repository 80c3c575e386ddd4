/**
 * Steps for features/context.feature (and shared with lazy_loading.feature):
 * skills written into scoped roots under the scenario's temp dir, the CLI run
 * in-process as an agent host would run it, and checks on what it printed.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { SkillWorld } from '../support/world.js';

const PRECEDENCE: Record<string, number> = { global: 10, project: 20, local: 30 };

/** Scopes whose roots this scenario created, in creation order. */
function roots(world: SkillWorld): string[] {
  return ((world.state.contextRoots as string[] | undefined) ??= []);
}

function addRoot(world: SkillWorld, scope: string): string {
  const list = roots(world);
  if (!list.includes(scope)) list.push(scope);
  return join('roots', scope);
}

/** `--root` flags for every root the scenario created. */
export function rootFlags(world: SkillWorld): string[] {
  return roots(world).flatMap((scope) => [
    '--root',
    `roots/${scope}:${scope}${PRECEDENCE[scope] === undefined ? ':5' : ''}`,
  ]);
}

/** Follow a dotted path (`budget.omitted`, `skills.0.name`) into parsed JSON. */
export function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (v, key) => (v === null || v === undefined ? undefined : (v as Record<string, unknown>)[key]),
      value,
    );
}

Given(
  'the {word} skill root holds {string} described as {string}',
  function (this: SkillWorld, scope: string, name: string, description: string) {
    const root = addRoot(this, scope);
    this.writeSkill(
      join(root, name),
      `name: ${name}\ndescription: ${JSON.stringify(description)}`,
      `# ${name}\n\nINSTRUCTIONS-OF-${name}\n`,
    );
  },
);

Given(
  'the {word} skill root holds {string} with frontmatter:',
  function (this: SkillWorld, scope: string, name: string, frontmatter: string) {
    const root = addRoot(this, scope);
    this.writeSkill(join(root, name), frontmatter, `# ${name}\n\nINSTRUCTIONS-OF-${name}\n`);
  },
);

Given('the {word} skill root exists but is empty', function (this: SkillWorld, scope: string) {
  this.mkdir(addRoot(this, scope));
});

Given(
  'the skill {string} in the {word} root has a file {string} containing {string}',
  function (this: SkillWorld, name: string, scope: string, file: string, text: string) {
    this.write(join(addRoot(this, scope), name, file), `${text}\n`);
  },
);

When('the host runs {string}', async function (this: SkillWorld, command: string) {
  await this.run([...command.split(/\s+/).filter(Boolean), ...rootFlags(this)]);
});

Then('the host sees exit status {int}', function (this: SkillWorld, status: number) {
  assert.equal(this.last?.code, status, `stderr: ${this.last?.stderr}\nstdout: ${this.last?.stdout}`);
});

Then("the host's stdout contains {string}", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stdout.includes(text), `stdout lacks ${JSON.stringify(text)}:\n${this.last?.stdout}`);
});

Then("the host's stdout contains:", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stdout.includes(text), `stdout lacks:\n${text}\n--- stdout:\n${this.last?.stdout}`);
});

Then("the host's stdout does not contain {string}", function (this: SkillWorld, text: string) {
  assert.ok(!this.last?.stdout.includes(text), `stdout should not hold ${JSON.stringify(text)}:\n${this.last?.stdout}`);
});

Then("the host's stdout is at most {int} bytes", function (this: SkillWorld, limit: number) {
  const size = Buffer.byteLength(this.last?.stdout ?? '', 'utf8');
  assert.ok(size <= limit, `stdout is ${size} bytes, over ${limit}`);
});

Then("the host's stdout is empty", function (this: SkillWorld) {
  assert.equal(this.last?.stdout, '');
});

Then("the host's stderr contains {string}", function (this: SkillWorld, text: string) {
  assert.ok(this.last?.stderr.includes(text), `stderr lacks ${JSON.stringify(text)}:\n${this.last?.stderr}`);
});

Then("the host's JSON has {string} equal to {string}", function (this: SkillWorld, path: string, expected: string) {
  let want: unknown = expected;
  try {
    want = JSON.parse(expected);
  } catch {
    // a bare string
  }
  assert.deepEqual(at(this.json(), path), want);
});

Then("the host's JSON has {string} at most {int}", function (this: SkillWorld, path: string, limit: number) {
  const value = Number(at(this.json(), path));
  assert.ok(value <= limit, `${path} is ${value}, over ${limit}`);
});

Then("the host's JSON has {string} over {int}", function (this: SkillWorld, path: string, limit: number) {
  const value = Number(at(this.json(), path));
  assert.ok(value > limit, `${path} is ${value}, not over ${limit}`);
});

Then("the host's JSON has {int} item(s) in {string}", function (this: SkillWorld, count: number, path: string) {
  const value = at(this.json(), path);
  assert.ok(Array.isArray(value), `${path} is not a list: ${JSON.stringify(value)}`);
  assert.equal(value.length, count, JSON.stringify(value));
});

Then("the host's stdout lists the skills in this order: {string}", function (this: SkillWorld, names: string) {
  const listed = [...(this.last?.stdout ?? '').matchAll(/^- ([^:\s]+): .*\(file: /gm)].map((m) => m[1]);
  assert.deepEqual(listed, names.split(/,\s*/));
});

Given('the folder {string} exists', function (this: SkillWorld, rel: string) {
  this.mkdir(rel);
});

When('the host runs {string} alone', async function (this: SkillWorld, command: string) {
  await this.run(command.split(/\s+/).filter(Boolean));
});
