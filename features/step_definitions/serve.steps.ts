/**
 * Steps for serve.feature: a host (the SDK's Client) talking to
 * `skillgraph serve` spawned over stdio in the scenario's temp dir.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { childEnv, cliCommand, getSkill, listAll, rpcCode, sha, verifiedRead } from '../../test/unit/serve/_client.js';
import type { SkillWorld } from '../support/world.js';

interface Host {
  client: Client;
  changes: number;
  tool?: Record<string, unknown>;
  /** The server's stderr, when the scenario reads it. */
  log?: string;
}

const host = (w: SkillWorld): Host => w.state.host as Host;

/** Poll `check` until it holds, at most `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail('the condition did not hold in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

Given(
  'a skill {string} in {string} with the file {string}',
  function (this: SkillWorld, name: string, folder: string, file: string) {
    this.writeSkill(folder, `name: ${name}\ndescription: Fill PDF forms. Use when a PDF is mentioned.`);
    this.write(`${folder}/${file}`, '# Invoice\n');
  },
);

Given(
  'a skill {string} in {string} and another {string} in {string}',
  function (this: SkillWorld, a: string, fa: string, b: string, fb: string) {
    this.writeSkill(fa, `name: ${a}\ndescription: Review code (global). Use when asked for a review.`);
    this.writeSkill(fb, `name: ${b}\ndescription: Review code (project). Use when asked for a review.`);
  },
);

Given('a file {string} beside the skills', function (this: SkillWorld, rel: string) {
  this.write(rel, 'not a skill file\n');
});

Given(
  'a host connected to {string} over stdio with the global, project and local roots',
  async function (this: SkillWorld, command: string) {
    // Flags after `skillgraph serve` in the step's command are passed on.
    const extra = command
      .split(/\s+/)
      .slice(2)
      .filter((a) => a !== '');
    for (const scope of ['global', 'project', 'local']) this.mkdir(scope);
    const roots = ['global', 'project', 'local'].map((scope) => `--root=${this.path(scope)}:${scope}`);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliCommand(), 'serve', '--no-cache', ...extra, ...roots],
      cwd: this.dir,
      env: childEnv(this.path('home')),
      stderr: 'ignore',
    });
    const h: Host = { client: new Client({ name: 'feature-host', version: '1.0.0' }), changes: 0 };
    h.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void h.changes++);
    await h.client.connect(transport);
    this.state.host = h;
  },
);

Given(
  'a host connected to {string} over stdio with the root {string}, which does not exist yet',
  async function (this: SkillWorld, command: string, rel: string) {
    const extra = command
      .split(/\s+/)
      .slice(2)
      .filter((a) => a !== '');
    this.mkdir('home');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliCommand(), 'serve', '--no-cache', ...extra, `--root=${this.path(rel)}:project`],
      cwd: this.dir,
      env: childEnv(this.path('home')),
      stderr: 'pipe',
    });
    const h: Host = { client: new Client({ name: 'feature-host', version: '1.0.0' }), changes: 0, log: '' };
    transport.stderr?.on('data', (chunk: Buffer) => (h.log += chunk.toString()));
    h.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void h.changes++);
    await h.client.connect(transport);
    this.state.host = h;
  },
);

Then(
  "the server's log says {string} is missing and watched from {string}",
  async function (this: SkillWorld, rel: string, parent: string) {
    const h = host(this);
    const line = `serve: root ${this.path(rel)} is missing; watching ${parent === '.' ? this.dir : this.path(parent)} for it`;
    await eventually(() => (h.log ?? '').includes(line));
  },
);

Then("the server's log says {string} appeared", async function (this: SkillWorld, rel: string) {
  const h = host(this);
  await eventually(() => (h.log ?? '').includes(`serve: root ${this.path(rel)} appeared; watching it`));
});

When('an installer writes the skill {string} into {string}', function (this: SkillWorld, name: string, folder: string) {
  this.state.changesBefore = host(this).changes;
  this.writeSkill(`${folder}/${name}`, `name: ${name}\ndescription: Fill PDF forms. Use when a PDF is mentioned.`);
});

Then('skills\\/list comes to list {string}', async function (this: SkillWorld, uris: string) {
  const { client } = host(this);
  const want = uris === '' ? [] : uris.split(', ');
  await eventually(
    async () => JSON.stringify((await listAll(client)).entries.map((e) => e.uri)) === JSON.stringify(want),
  );
});

After(async function (this: SkillWorld) {
  const h = this.state.host as Host | undefined;
  if (h) await h.client.close();
});

Then('the server declares the Skills extension with directory reads', function (this: SkillWorld) {
  assert.deepEqual(host(this).client.getServerCapabilities()?.extensions, {
    'io.modelcontextprotocol/skills': { directoryRead: true },
  });
});

Then('skills\\/list lists {string}', async function (this: SkillWorld, uris: string) {
  const { entries } = await listAll(host(this).client);
  assert.deepEqual(
    entries.map((e) => e.uri),
    uris.split(', '),
  );
});

Then('every listed file reads back with its listed digest and size', async function (this: SkillWorld) {
  const { client } = host(this);
  for (const entry of (await listAll(client)).entries)
    for (const f of entry.resources) await verifiedRead(client, entry, f.uri);
});

Then('{string} answers skills\\/get but is not listed', async function (this: SkillWorld, uri: string) {
  const { client } = host(this);
  const entry = await getSkill(client, uri);
  await verifiedRead(client, entry, uri);
  assert.ok(!(await listAll(client)).entries.some((e) => e.uri === uri));
});

Then('reading {string} is refused with {int}', async function (this: SkillWorld, uri: string, code: number) {
  assert.equal(await rpcCode(() => host(this).client.readResource({ uri })), code);
});

When('the host calls load_skill with skill_name {string}', async function (this: SkillWorld, name: string) {
  const h = host(this);
  h.tool = (await h.client.callTool({ name: 'load_skill', arguments: { skill_name: name } }))
    .structuredContent as Record<string, unknown>;
});

Then('the tool answers {string} with the base URI {string}', function (this: SkillWorld, status: string, path: string) {
  assert.equal(host(this).tool?.status, status);
  assert.equal(host(this).tool?.path, path);
});

When('{string} is edited', async function (this: SkillWorld, rel: string) {
  const h = host(this);
  await getSkill(h.client, 'skill://pdf/SKILL.md'); // the host holds an entry
  this.state.changesBefore = h.changes;
  this.write(rel, '# Invoice, edited\n');
});

Then('the host is told the resources changed', async function (this: SkillWorld) {
  const h = host(this);
  await eventually(() => h.changes > (this.state.changesBefore as number));
});

Then('skills\\/get lists the new digest of {string}', async function (this: SkillWorld, uri: string) {
  const { client } = host(this);
  const digest = sha(readFileSync(this.path('project/pdf/templates/invoice.md')));
  await eventually(async () =>
    (await getSkill(client, 'skill://pdf/SKILL.md')).resources.some((r) => r.uri === uri && r.digest === digest),
  );
  await verifiedRead(client, await getSkill(client, 'skill://pdf/SKILL.md'), uri);
});

Then(
  'the server instructions are at most {int} bytes and hold {string}',
  function (this: SkillWorld, limit: number, text: string) {
    const instructions = host(this).client.getInstructions() ?? '';
    assert.ok(
      Buffer.byteLength(instructions, 'utf8') <= limit,
      `instructions are ${Buffer.byteLength(instructions, 'utf8')} bytes, over ${limit}`,
    );
    assert.ok(instructions.includes(text), `instructions lack ${JSON.stringify(text)}:\n${instructions}`);
  },
);

Then('the server instructions do not hold {string}', function (this: SkillWorld, text: string) {
  assert.ok(!(host(this).client.getInstructions() ?? '').includes(text));
});

Then(
  'search_skills for {string} finds {string} at {string}',
  async function (this: SkillWorld, query: string, name: string, uri: string) {
    const result = (await host(this).client.callTool({ name: 'search_skills', arguments: { query } }))
      .structuredContent as { skills: { skill_name: string; uri: string }[] };
    assert.ok(
      result.skills.some((s) => s.skill_name === name && s.uri === uri),
      JSON.stringify(result),
    );
  },
);
