/** Steps of ci.feature that run the GitHub Action's steps as the runner does (action/run.mjs). */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { When, Then } from '@cucumber/cucumber';
import type { SkillWorld } from '../support/world.js';

const REPO = new URL('../../', import.meta.url).pathname;

function step(world: SkillWorld, name: string): Promise<{ code: number; stdout: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: world.path('home'),
    XDG_CACHE_HOME: world.path('cache'),
    GITHUB_ACTION_PATH: REPO,
    GITHUB_WORKSPACE: world.dir,
    GITHUB_OUTPUT: world.path('github-output.txt'),
    GITHUB_STEP_SUMMARY: world.path('summary.md'),
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: world.path('event.json'),
    GITHUB_REPOSITORY: 'owner/skills',
    RUNNER_TEMP: world.path('runner-temp'),
    SG_PATHS: 'skills',
    SG_FAIL_ON: 'error',
    SG_CHECK: 'true',
    SG_UPLOAD_SARIF: 'true',
    SG_TOKEN: 'token',
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(REPO, 'action', 'run.mjs'), name],
      { cwd: world.dir, env, encoding: 'utf8' },
      (error, stdout) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout });
      },
    );
  });
}

When('the Action runs on a pull request from a fork', async function (this: SkillWorld) {
  // The Action runs its own build (`npm test` makes it first when stale).
  assert.ok(existsSync(join(REPO, 'dist', 'skillgraph.cjs')), 'dist/ is not built: run npm run build');
  this.write(
    'event.json',
    JSON.stringify({
      pull_request: { head: { repo: { full_name: 'someone/fork' } }, base: { repo: { full_name: 'owner/skills' } } },
    }),
  );
  this.write('github-output.txt', '');
  this.state.action = await step(this, 'run');
  return undefined;
});

Then("the Action's run step printed the annotation {string}", function (this: SkillWorld, text: string) {
  const run = this.state.action as { code: number; stdout: string };
  assert.equal(run.code, 0, run.stdout);
  assert.ok(run.stdout.includes(text), run.stdout);
});

Then("the Action's run step printed the notice {string}", function (this: SkillWorld, text: string) {
  assert.ok((this.state.action as { stdout: string }).stdout.includes(`::notice title=skillgraph::${text}`));
});

Then(
  "the Action's outputs say upload {string} and validate-status {string}",
  async function (this: SkillWorld, upload: string, status: string) {
    const { parseOutputs } = (await import(join(REPO, 'action', 'github.mjs'))) as {
      parseOutputs: (t: string) => Record<string, string>;
    };
    const outputs = parseOutputs(readFileSync(this.path('github-output.txt'), 'utf8'));
    assert.deepEqual([outputs.upload, outputs['validate-status']], [upload, status]);
  },
);

Then("the Action's job summary lists {string}", function (this: SkillWorld, code: string) {
  assert.ok(readFileSync(this.path('summary.md'), 'utf8').includes(code));
});
