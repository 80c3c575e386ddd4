/**
 * Steps for left_out.feature: a serve session whose log messages are kept, and a SKILL.md kept
 * outside any skill folder.
 */
import assert from 'node:assert/strict';
import { Given, Then } from '@cucumber/cucumber';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { childEnv, cliCommand } from '../../test/unit/serve/_client.js';
import type { SkillWorld } from '../support/world.js';

interface LoggedHost {
  client: Client;
  messages: { level: string; data: unknown }[];
}

Given(
  'the plain Markdown file {string} holds the skill {string} with the body {string}',
  function (this: SkillWorld, file: string, name: string, body: string) {
    this.write(file, `---\nname: ${name}\ndescription: Deploys the app. Use when shipping.\n---\n${body}\n`);
  },
);

Given('a host connected to skillgraph serve over the project root', async function (this: SkillWorld) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...cliCommand(), 'serve', '--no-cache', `--root=${this.path('roots/project')}:project`],
    cwd: this.dir,
    env: childEnv(this.path('home')),
    stderr: 'ignore',
  });
  const host: LoggedHost = { client: new Client({ name: 'left-out-host', version: '1.0.0' }), messages: [] };
  host.client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    (n) => void host.messages.push({ level: n.params.level, data: n.params.data }),
  );
  await host.client.connect(transport);
  this.state.host = host;
});

Then('the host was told by a warning log message that {string}', async function (this: SkillWorld, text: string) {
  const host = this.state.host as LoggedHost;
  const end = Date.now() + 10_000;
  const told = (): boolean => host.messages.some((m) => m.level === 'warning' && JSON.stringify(m.data).includes(text));
  while (!told() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  assert.ok(told(), `no warning holding ${JSON.stringify(text)} in ${JSON.stringify(host.messages)}`);
});

Then(
  'reading {string} gives a left-out list naming the folder {string} as {string}',
  async function (this: SkillWorld, uri: string, folder: string, reason: string) {
    const host = this.state.host as LoggedHost;
    const read = await host.client.readResource({ uri });
    const text = (read.contents[0] as { text: string }).text;
    const skills = (JSON.parse(text) as { left_out: { skills: { folder: string; reason: string }[] } }).left_out.skills;
    assert.ok(
      skills.some((s) => s.folder.endsWith(`/${folder}`) && s.reason === reason),
      text,
    );
  },
);
