/**
 * The library is the CLI's equal: each task's document, written by
 * `jsonDocument`, is byte for byte what its verb prints under `--json`, its
 * status is the verb's exit status, and the report writers give the verb's
 * SARIF. The verbs build their requests with the CLI's own flags parser here,
 * so both sides read the same roots and options.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogRequest } from '../../../src/cli/catalog-flags.js';
import type { CliIo } from '../../../src/cli/io.js';
import { jsonDocument, reportText } from '../../../src/report/index.js';
import {
  auditTask,
  catalogJsonTask,
  catalogTask,
  checkTask,
  contextTask,
  describeTask,
  graphTask,
  loadTask,
  lockTask,
  materializeTask,
  mergeTask,
  resolveTask,
  shardTask,
  validateTask,
  writeResolveJson,
} from '../../../src/tasks/index.js';
import { cliRunner } from '../cli/_cli.js';

const EXAMPLES = new URL('../../../examples/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-tasks-'));
const cwd = join(scratch, 'work');
cpSync(EXAMPLES, cwd, { recursive: true, verbatimSymlinks: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = cliRunner(scratch);
const ROOTS = [
  '--root',
  'skills/global:global',
  '--root',
  'skills/project:project',
  '--root',
  'skills/local:local',
  '--no-cache',
];
const io: CliIo = {
  stdout: { write: () => true },
  stderr: { write: () => true },
  cwd,
  env: { HOME: join(scratch, 'home') },
};
/** The request the verb builds from `flags`. */
const request = (flags: readonly string[] = ROOTS, verb = 'catalog') => {
  const values: Record<string, string | boolean | string[]> = {};
  for (let i = 0; i < flags.length; i++) {
    const name = flags[i]!.slice(2);
    if (name === 'root') values.root = [...((values.root as string[] | undefined) ?? []), flags[++i]!];
    else values[name] = true;
  }
  return catalogRequest(values, io, verb);
};

describe('a task gives the document its verb prints', () => {
  it('validate and audit: the same JSON bytes, exit status and SARIF', async () => {
    const cli = await run(['validate', 'skills', '--json', '--fail-on', 'warning'], cwd);
    const task = await validateTask({ paths: ['skills'], cwd, failOn: 'warning' });
    expect(jsonDocument(task.document)).toBe(cli.stdout);
    expect(task.status).toBe(cli.code);
    const sarif = await run(['validate', 'skills', '--format', 'sarif'], cwd);
    expect(reportText('sarif', task.report)).toBe(sarif.stdout);
    const audit = await run(['audit', 'skills', '--json'], cwd);
    const audited = await auditTask({ paths: ['skills'], cwd });
    expect(jsonDocument(audited.document)).toBe(audit.stdout);
    expect(audited.status).toBe(audit.code);
  });

  it('catalog: the task, its streamed bytes and the verb agree', async () => {
    const cli = await run(['catalog', ...ROOTS, '--json'], cwd);
    const task = await catalogTask({ request: request(), cwd });
    expect(jsonDocument(task.document)).toBe(cli.stdout);
    const chunks: Buffer[] = [];
    const status = await catalogJsonTask({ request: request() }, (chunk) => chunks.push(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(cli.stdout);
    expect([task.status, status]).toEqual([cli.code, cli.code]);
  });

  it('resolve, describe and graph', async () => {
    const cli = await run(['resolve', 'ship-it', ...ROOTS, '--json'], cwd);
    const resolved = await resolveTask({ request: request(ROOTS, 'resolve'), names: ['ship-it'] });
    expect(jsonDocument(resolved.document)).toBe(cli.stdout);
    const chunks: Buffer[] = [];
    await writeResolveJson(resolved, { write: (chunk: Buffer) => chunks.push(chunk) });
    expect(Buffer.concat(chunks).toString('utf8')).toBe(cli.stdout);
    const described = await run(['describe', 'ship-it', ...ROOTS, '--json'], cwd);
    expect(jsonDocument((await describeTask({ request: request(), name: 'ship-it' })).document)).toBe(described.stdout);
    const graph = await run(['graph', '--format', 'dot', ...ROOTS, '--json'], cwd);
    const task = await graphTask({ request: request(), format: 'dot' });
    expect([jsonDocument(task.document), task.status]).toEqual([graph.stdout, graph.code]);
  });

  it('context, load and materialize', async () => {
    const cli = await run(['context', '--format', 'xml', '--budget', '2000t', ...ROOTS], cwd);
    const task = await contextTask({ request: request(), format: 'xml', budget: '2000t', cwd });
    expect(task.text).toBe(cli.stdout);
    const asJson = await run(['context', '--budget', '2000t', ...ROOTS, '--json'], cwd);
    expect(jsonDocument((await contextTask({ request: request(), budget: '2000t', cwd })).document)).toBe(
      asJson.stdout,
    );
    const load = await run(['load', 'release-notes', ...ROOTS, '--json'], cwd);
    expect(jsonDocument((await loadTask({ request: request(), name: 'release-notes', cwd })).document)).toBe(
      load.stdout,
    );
    const copied = await run(['materialize', 'ws-cli', ...ROOTS, '--json'], cwd);
    const made = await materializeTask({ request: request(), dir: 'ws-task', cwd });
    expect(jsonDocument(made.document).replace('"dir": "ws-task"', '"dir": "ws-cli"')).toBe(copied.stdout);
  });

  it('lock and check: the lockfile written, drift found, the same documents', async () => {
    const flags = ['--root', 'skills/project:project', '--no-cache'];
    const cli = await run(['lock', ...flags, '--out', 'cli.lock.json', '--json'], cwd);
    const locked = await lockTask({
      request: request(flags, 'lock'),
      out: 'task.lock.json',
      cwd,
      home: join(scratch, 'home'),
    });
    expect(jsonDocument(locked.document).replace('task.lock.json', 'cli.lock.json')).toBe(cli.stdout);
    expect([locked.written, locked.status]).toEqual([true, cli.code]);
    const check = await run(['check', ...flags, '--lock', 'task.lock.json', '--json'], cwd);
    const checked = await checkTask({
      request: request(flags, 'check'),
      lock: 'task.lock.json',
      cwd,
      home: join(scratch, 'home'),
    });
    expect([jsonDocument(checked.document), checked.status]).toEqual([check.stdout, check.code]);
    expect(checked.drift.ok).toBe(true);
  });

  it('shards: the documents the verb prints, merged into the unsharded run', async () => {
    const docs = [];
    for (const index of [1, 2]) {
      const cli = await run(['catalog', ...ROOTS, '--shard', `${index}/2`, '--json'], cwd);
      const doc = jsonDocument(
        (await shardTask({ verb: 'catalog', request: request(), shard: { index, count: 2 } })).document,
      );
      expect(doc).toBe(cli.stdout);
      docs.push({ file: `shard-${index}.json`, doc: JSON.parse(doc) as unknown });
    }
    const merged = await mergeTask({ shards: docs, cwd });
    expect(merged.verb).toBe('catalog');
    const whole = await run(['catalog', ...ROOTS, '--json'], cwd);
    expect(merged.verb === 'catalog' && jsonDocument(merged.run.document)).toBe(whole.stdout);
  });
});

describe('a task refuses what it does not know', () => {
  const cases: [string, () => Promise<unknown>, string][] = [
    ['validateTask', () => validateTask({ paths: ['skills'], cwd, profil: 'spec' } as never), 'profile'],
    ['auditTask', () => auditTask({ paths: ['skills'], cwd, failon: 'error' } as never), 'failOn'],
    ['catalogTask', () => catalogTask({ request: request(), rooting: false } as never), 'routing'],
    ['CatalogRequest', () => catalogTask({ request: { ...request(), loads: {} } as never }), 'load'],
    ['resolveTask', () => resolveTask({ request: request(), name: ['x'] } as never), 'names'],
    ['lockTask', () => lockTask({ request: request(), outs: 'x.json' } as never), 'out'],
    ['contextTask', () => contextTask({ request: request(), budgets: '10' } as never), 'budget'],
    ['mergeTask', () => mergeTask({ shard: [] } as never), 'shards'],
  ];
  for (const [what, call, closest] of cases) {
    it(`${what}: an unknown key is options.invalid, with the closest one it knows`, async () => {
      await expect(call()).rejects.toMatchObject({
        code: 'options.invalid',
        message: expect.stringContaining(`did you mean '${closest}'`),
      });
    });
  }
});
