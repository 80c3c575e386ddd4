/**
 * The Action's steps run as the runner runs them: `node action/run.mjs STEP` with the inputs as
 * SG_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and an event payload, on a copy of the
 * example project, with the action's checkout being this repository (its build, as `npm ci`
 * made it: run `npm run build:ts` after changing src/). A fork's pull request skips the upload
 * with a notice and keeps the annotations and the gate; code scanning off is detected through
 * the API; a usage error leaves no SARIF log; shard jobs and a merge job give the unsharded
 * report; a pin must be exact and carry its integrity.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { VERBS } from '../../../src/cli/main.js';

const REPO = new URL('../../../', import.meta.url).pathname;
const RUN = join(REPO, 'action', 'run.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-action-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const { parseOutputs } = (await import(join(REPO, 'action', 'github.mjs'))) as {
  parseOutputs: (text: string) => Record<string, string>;
};
const { checkIntegrity, fileIntegrity } = (await import(join(REPO, 'action', 'install.mjs'))) as {
  checkIntegrity: (file: string, expected: string) => void;
  fileIntegrity: (file: string) => string;
};

interface Job {
  readonly dir: string;
  step(name: string, inputs?: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }>;
  outputs(): Record<string, string>;
  summary(): string;
}

const FORK_PR = {
  pull_request: { head: { repo: { full_name: 'someone/skills-fork' } }, base: { repo: { full_name: 'owner/skills' } } },
};

/** A job's workspace (a copy of examples/) and the runner's files and variables. */
function job(name: string, event: { name: string; payload: unknown }, extra: Record<string, string> = {}): Job {
  const dir = join(scratch, name);
  cpSync(join(REPO, 'examples'), join(dir, 'ws'), { recursive: true, verbatimSymlinks: true });
  mkdirSync(join(dir, 'tmp'));
  writeFileSync(join(dir, 'event.json'), JSON.stringify(event.payload));
  writeFileSync(join(dir, 'out.txt'), '');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: join(dir, 'home'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    GITHUB_ACTION_PATH: REPO,
    GITHUB_WORKSPACE: join(dir, 'ws'),
    GITHUB_OUTPUT: join(dir, 'out.txt'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_REPOSITORY: 'owner/skills',
    GITHUB_API_URL: 'http://127.0.0.1:9',
    RUNNER_TEMP: join(dir, 'tmp'),
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    // action.yml's defaults
    SG_FAIL_ON: 'error',
    SG_CHECK: 'true',
    SG_UPLOAD_SARIF: 'true',
    SG_TOKEN: 'token-of-the-job',
    ...extra,
  };
  return {
    dir: join(dir, 'ws'),
    // Asynchronous: the fake code scanning API answers from this process.
    step: (step, inputs = {}) =>
      new Promise((done) => {
        execFile(
          process.execPath,
          [RUN, step],
          { cwd: join(dir, 'ws'), env: { ...env, ...inputs }, encoding: 'utf8', timeout: 120_000 },
          (error, stdout, stderr) => {
            done({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
          },
        );
      }),
    outputs: () => parseOutputs(readFileSync(join(dir, 'out.txt'), 'utf8')),
    summary: () => (existsSync(join(dir, 'summary.md')) ? readFileSync(join(dir, 'summary.md'), 'utf8') : ''),
  };
}

// The Action runs the built CLI (`npm test` builds it first when stale).
describe('the Action on the example project', () => {
  beforeAll(() => {
    if (!existsSync(join(REPO, 'dist', 'skillgraph.cjs'))) throw new Error('dist/ is not built: run npm run build');
  });
  it("a fork's pull request: annotations, outputs, summary, the upload skipped with a notice, the gate", async () => {
    const j = job('fork', { name: 'pull_request', payload: FORK_PR });
    const setup = await j.step('setup');
    expect(setup.status, setup.stdout).toBe(0);
    expect(j.outputs()).toMatchObject({
      mode: 'checkout',
      cli: join(REPO, 'bin', 'skillgraph.js'),
      'cache-key': expect.stringMatching(/^skillgraph-build-Linux-X64-node\d+-[0-9a-f]{32}$/),
    });
    expect(j.outputs()['cache-path']!.split('\n')).toEqual(['node_modules', 'dist', 'build'].map((p) => join(REPO, p)));
    const run = await j.step('run');
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('::warning file=skills/project/ops-runbook/SKILL.md,line=3');
    expect(run.stdout).toContain(
      '::notice title=skillgraph::SARIF upload skipped: the pull request comes from the fork someone/skills-fork',
    );
    const out = j.outputs();
    expect(out).toMatchObject({
      status: '0',
      'validate-status': '0',
      upload: 'false',
      'sarif-file': 'skillgraph.sarif',
      'json-file': 'skillgraph.json',
      skills: '7',
      errors: '0',
      warnings: '1',
    });
    // One run wrote both: the SARIF log is the one `validate --format sarif` prints.
    const sarif = readFileSync(join(j.dir, 'skillgraph.sarif'), 'utf8');
    expect((JSON.parse(sarif) as { runs: { results: unknown[] }[] }).runs[0]!.results).toHaveLength(1);
    expect(run.stderr.match(/^skillgraph validate /gm)).toHaveLength(1);
    expect(j.summary()).toContain('### skillgraph validate: ⚠️ passed with warnings');
    expect(j.summary()).toContain('| warning | `description.no-trigger` | skills/project/ops-runbook/SKILL.md:3 |');
    expect(
      (await j.step('gate', { SG_VALIDATE_STATUS: out['validate-status']!, SG_CHECK_STATUS: out['check-status']! }))
        .status,
    ).toBe(0);
  });

  it('fails the gate on an error, after the report is written', async () => {
    const j = job('broken', { name: 'pull_request', payload: FORK_PR });
    writeFileSync(
      join(j.dir, 'skills', 'project', 'ops-runbook', 'SKILL.md'),
      '---\nname: ops-runbook\ndescription: [unclosed\n---\n',
    );
    const run = await j.step('run', { SG_JUNIT_FILE: 'reports/skillgraph.xml' });
    expect(run.status).toBe(0);
    const out = j.outputs();
    expect(out).toMatchObject({ status: '1', 'validate-status': '1', errors: '1' });
    expect(readFileSync(join(j.dir, 'reports', 'skillgraph.xml'), 'utf8')).toContain('<failure type="yaml.invalid"');
    const gate = await j.step('gate', { SG_VALIDATE_STATUS: out['validate-status']! });
    expect(gate.status).toBe(1);
    expect(gate.stdout).toContain('::error title=skillgraph::skillgraph validate failed its gate (exit 1)');
  });

  it('a usage error fails the run step and leaves no SARIF log', async () => {
    const j = job('usage', { name: 'push', payload: {} });
    rmSync(join(j.dir, 'skillgraph.config.yaml'));
    const run = await j.step('run');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('::error title=skillgraph::skillgraph validate exited 2');
    expect(existsSync(join(j.dir, 'skillgraph.sarif'))).toBe(false);
    expect(j.outputs()).toMatchObject({ upload: 'false', 'sarif-file': '' });
  });

  describe('code scanning, asked through the API', () => {
    let server: Server;
    let answer = { status: 403, message: 'Code Security must be enabled for this repository to use code scanning.' };
    const seen: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        seen.push(`${req.url} ${req.headers.authorization}`);
        res
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: answer.message }));
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    });
    afterAll(() => server.close());
    const api = (): string => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    it('off: the upload is skipped with a notice', async () => {
      const j = job('off', { name: 'push', payload: {} }, { GITHUB_API_URL: api() });
      const run = await j.step('run');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('SARIF upload skipped: code scanning is not enabled for owner/skills');
      expect(j.outputs().upload).toBe('false');
      expect(seen.at(-1)).toBe('/repos/owner/skills/code-scanning/analyses?per_page=1 Bearer token-of-the-job');
    });

    it('on, with no analysis yet: the upload runs, the audit too', async () => {
      answer = { status: 404, message: 'no analysis found' };
      const j = job('on', { name: 'push', payload: {} }, { GITHUB_API_URL: api() });
      const run = await j.step('run', { SG_AUDIT: 'true', SG_PATHS: 'skills' });
      expect(run.status).toBe(0);
      expect(run.stdout).not.toContain('upload skipped');
      expect(j.outputs()).toMatchObject({
        upload: 'true',
        'upload-audit': 'true',
        'audit-status': '0',
        'audit-sarif-file': 'skillgraph-audit.sarif',
      });
    });
  });

  it('shard jobs and a merge job give the report of one unsharded run', async () => {
    const whole = job('whole', { name: 'push', payload: {} }, { SG_UPLOAD_SARIF: 'false', SG_PATHS: 'skills' });
    await whole.step('run');
    const shards = job('shards', { name: 'push', payload: {} }, { SG_UPLOAD_SARIF: 'false', SG_PATHS: 'skills' });
    for (const shard of ['1/2', '2/2']) {
      expect((await shards.step('run', { SG_SHARD: shard })).status).toBe(0);
      expect(shards.outputs()['upload-skipped']).toBe('a shard job uploads nothing (the merge job does)');
    }
    expect(shards.outputs()['shard-file']).toBe('skillgraph-shard-2-of-2.json');
    expect((await shards.step('run', { SG_MERGE: 'skillgraph-shard-*.json' })).status).toBe(0);
    for (const file of ['skillgraph.sarif', 'skillgraph.json']) {
      expect(readFileSync(join(shards.dir, file), 'utf8')).toBe(
        readFileSync(join(whole.dir, file), 'utf8').replaceAll(whole.dir, shards.dir),
      );
    }
    expect(shards.outputs()).toMatchObject({ skills: '7', warnings: '1' });
  });

  it("the hosts input runs skillgraph hosts, and says so clearly when this build has no 'hosts' verb", async () => {
    const j = job(
      'hosts',
      { name: 'push', payload: {} },
      { SG_UPLOAD_SARIF: 'false', SG_PATHS: 'skills', SG_HOSTS: 'claude-code' },
    );
    const run = await j.step('run');
    expect(run.stderr).toContain('skillgraph hosts skills --host claude-code');
    if (Object.hasOwn(VERBS, 'hosts')) return;
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("the hosts input needs a skillgraph with the 'hosts' verb");
    expect(j.outputs()['hosts-status']).toBe('2');
  });
});

describe('a pinned version', () => {
  it('must be exact and carry the integrity of its tarball', async () => {
    const j = job('pins', { name: 'push', payload: {} });
    for (const [inputs, said] of [
      [{ SG_VERSION: 'latest' }, 'input version must be an exact version'],
      [{ SG_VERSION: '^0.1.0' }, 'input version must be an exact version'],
      [{ SG_VERSION: '0.1.0' }, 'input integrity must be the sha512-'],
      [{ SG_INTEGRITY: `sha512-${'A'.repeat(86)}==` }, 'set version too'],
    ] as const) {
      const setup = await j.step('setup', inputs);
      expect(setup.status).toBe(1);
      expect(setup.stdout).toContain(said);
    }
    const pinned = await j.step('setup', { SG_VERSION: '0.1.0', SG_INTEGRITY: `sha512-${'A'.repeat(86)}==` });
    expect(pinned.status).toBe(0);
    expect(j.outputs()).toMatchObject({
      mode: 'pinned',
      cli: expect.stringContaining(join('skillgraph-0.1.0', 'node_modules', 'skillgraph', 'bin', 'skillgraph.js')),
    });
  });

  it('is installed only when the tarball matches', async () => {
    const file = join(scratch, 'skillgraph-0.1.0.tgz');
    writeFileSync(file, 'not the real tarball');
    expect(() => checkIntegrity(file, fileIntegrity(file))).not.toThrow();
    expect(() => checkIntegrity(file, `sha512-${'A'.repeat(86)}==`)).toThrow(/not the pinned .*: not installed/);
  });
});

describe('action.yml', () => {
  const action = parseYaml(readFileSync(join(REPO, 'action.yml'), 'utf8')) as {
    inputs: Record<string, unknown>;
    runs: { steps: { uses?: string; run?: string; env?: Record<string, string> }[] };
  };
  const mapped = new Set(action.runs.steps.flatMap((s) => Object.keys(s.env ?? {})));

  it('maps every input the scripts read, uses current actions, and never an unpinned package', async () => {
    const sources = ['run.mjs', 'install.mjs'].map((f) => readFileSync(join(REPO, 'action', f), 'utf8')).join('\n');
    const read = [...sources.matchAll(/(?:input|flag)\(env, '([a-z-]+)'|words\('([a-z-]+)'\)/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    for (const name of new Set(read)) {
      expect(Object.keys(action.inputs), name).toContain(name);
      expect(mapped, name).toContain(`SG_${name.toUpperCase().replaceAll('-', '_')}`);
    }
    expect(action.runs.steps.flatMap((s) => (s.uses ? [s.uses] : [])).sort()).toEqual([
      'actions/cache@v5',
      'github/codeql-action/upload-sarif@v4',
      'github/codeql-action/upload-sarif@v4',
    ]);
    const text = readFileSync(join(REPO, 'action.yml'), 'utf8');
    expect(text).not.toMatch(/npx|@latest|skillgraph@\$/);
    for (const step of action.runs.steps.filter((s) => s.run))
      expect(step.run).toMatch(/^node "\$GITHUB_ACTION_PATH\/action\/run\.mjs" (setup|install|run|gate)$/);
  });
});
