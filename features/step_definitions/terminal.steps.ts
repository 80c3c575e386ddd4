/** Steps of terminal.feature: help width and examples, table width, excerpts, colour, init defaults, watch. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Given, Then, When } from '@cucumber/cucumber';
import { main, VERBS } from '../../src/cli/main.js';
import { displayWidth } from '../../src/cli/width.js';
import type { SkillWorld } from '../support/world.js';

const REPO = new URL('../../', import.meta.url).pathname;

async function runOn(
  world: SkillWorld,
  args: readonly string[],
  env: Record<string, string>,
  tty: boolean,
): Promise<void> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)), ...(tty ? { isTTY: true, columns: 80 } : {}) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: world.dir,
    env: { HOME: world.path('home'), ...env },
  });
  world.last = { code, stdout, stderr };
}

When('I ask every verb for its help', async function (this: SkillWorld) {
  const helps: Record<string, string> = {};
  for (const verb of Object.keys(VERBS)) {
    await runOn(this, [verb, '--help'], {}, false);
    helps[verb] = this.last!.stdout;
  }
  this.state.helps = helps;
});

Then('every help is at most 80 columns wide and has an example', function (this: SkillWorld) {
  for (const [verb, text] of Object.entries(this.state.helps as Record<string, string>)) {
    assert.ok(Math.max(...text.split('\n').map(displayWidth)) <= 80, verb);
    assert.match(text, new RegExp(`\\nexamples:\\n  skillgraph ${verb}`), verb);
  }
});

Then("every line of skillgraph's stdout is at most {int} columns wide", function (this: SkillWorld, width: number) {
  for (const line of this.last!.stdout.split('\n')) assert.ok(displayWidth(line) <= width, line);
});

Then(
  'the row of {string} shows at least {int} columns of its description',
  function (this: SkillWorld, name: string, n: number) {
    const row = this.last!.stdout.split('\n').find((l) => l.includes(` ${name} `))!;
    assert.ok(row.length - row.indexOf('Deploys') >= n, row);
  },
);

When('I run skillgraph {string} on a terminal', async function (this: SkillWorld, command: string) {
  await runOn(this, command.split(/\s+/), {}, true);
});

When('I run skillgraph {string} on a terminal with NO_COLOR set', async function (this: SkillWorld, command: string) {
  await runOn(this, command.split(/\s+/), { NO_COLOR: '1', FORCE_COLOR: '1' }, true);
});

Then("skillgraph's stdout is coloured", function (this: SkillWorld) {
  assert.ok(this.last!.stdout.includes('\u001b['));
});

Then("skillgraph's stdout is not coloured", function (this: SkillWorld) {
  assert.ok(!this.last!.stdout.includes('\u001b['));
});

Given(
  'a CI skill {string} whose description has a stray word at column {int}',
  function (this: SkillWorld, name: string, column: number) {
    const lead = 'description: "Use when ';
    this.writeSkill(`skills/${name}`, `name: ${name}\n${lead}${'x'.repeat(column - lead.length - 3)}" trailing words`);
  },
);

Then("every excerpt in skillgraph's stdout is at most {int} columns wide", function (this: SkillWorld, width: number) {
  for (const line of this.last!.stdout.split('\n').filter((l) => / \| /.test(l)))
    assert.ok(displayWidth(line) <= width, line);
});

Then('the excerpt shows {string} with the caret under it', function (this: SkillWorld, text: string) {
  const lines = this.last!.stdout.split('\n');
  const at = lines.findIndex((l) => / \| /.test(l) && l.includes(text));
  assert.ok(at >= 0, this.last!.stdout);
  assert.equal(lines[at]!.slice(lines[at + 1]!.indexOf('^'), lines[at + 1]!.indexOf('^') + text.length), text);
});

Then('the config written says {string} and {string}', function (this: SkillWorld, a: string, b: string) {
  const text = readFileSync(this.path('skillgraph.config.yaml'), 'utf8');
  assert.ok(text.includes(`${a}\n`) && text.includes(`${b}\n`), text);
});

When(
  'I watch {string} with {string} and save {string} with an unknown field',
  async function (this: SkillWorld, path: string, command: string, name: string) {
    const loader = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
    const entry = pathToFileURL(join(REPO, 'src/cli/main.ts')).href;
    const args = [...command.split(/\s+/), path].filter((w) => w !== path).concat(path);
    const script = `const m = await import(${JSON.stringify(entry)}); process.exitCode = await m.main(${JSON.stringify([args[0], path, ...args.slice(1, -1)])}, m.processIo());`;
    const child = spawn(process.execPath, ['--import', loader, '--input-type=module', '-e', script], {
      cwd: this.dir,
      env: { ...process.env, NODE_OPTIONS: '', HOME: this.path('home'), NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    const seen = (re: RegExp): Promise<void> =>
      new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ${String(re)} on stderr: ${stderr}`)), 20_000);
        const check = (): void => void (re.test(stderr) && (clearTimeout(timer), done()));
        child.stderr.on('data', check);
        check();
      });
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exit = new Promise<number | null>((done) => child.on('exit', done));
    await seen(/--watch: checked \d+ skill/);
    await new Promise((r) => setTimeout(r, 300));
    this.writeSkill(
      `skills/${name}`,
      `name: ${name}\ndescription: Deploys the app. Use when the user asks to ship.\nbogus: 1`,
    );
    await seen(/re-checked \d+ of \d+ skill/);
    child.kill('SIGINT');
    this.state.watch = { stdout, stderr: () => stderr, exit: await exit };
    this.state.watchOut = () => stdout;
  },
);

Then('the watch re-checked {int} skill and reported {string}', function (this: SkillWorld, n: number, code: string) {
  const w = this.state.watch as { stderr: () => string };
  assert.match(w.stderr(), new RegExp(`re-checked ${n} of \\d+ skill`));
  assert.ok((this.state.watchOut as () => string)().includes(code));
});

Then('the watch ended with exit {int} on Ctrl-C', function (this: SkillWorld, code: number) {
  assert.equal((this.state.watch as { exit: number | null }).exit, code);
});
