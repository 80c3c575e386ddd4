/**
 * The CLI contract, for every verb: `--json` prints
 * exactly one JSON document with the current `schemaVersion` on stdout and
 * nothing on stderr, usage errors exit 2 (still with their one document), and
 * `--help` is the result of its run: on stdout.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../src/cli/io.js';
import { VERBS, main } from '../../../src/cli/main.js';

const EXAMPLES = new URL('../../../examples/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-contract-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function _run(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // init never overwrites: each of its runs starts from an empty folder.
  if (args[0] === 'init') rmSync(join(scratch, 'init', 'skillgraph.config.yaml'), { force: true });
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: EXAMPLES,
    env: { HOME: join(scratch, 'home'), XDG_CACHE_HOME: join(scratch, 'cache') },
  });
  return { code, stdout, stderr };
}

/** A successful invocation of each verb on the bundled examples. */
const OK_ARGS: Readonly<Record<string, readonly string[]>> = {
  audit: ['skills'],
  bench: ['--repeat', '1'],
  catalog: [],
  check: ['--lock', join(scratch, 'check.lock.json')],
  context: ['--lazy'],
  describe: ['ship-it'],
  graph: ['--format', 'dot'],
  hosts: ['shared-layout', '--home', join(scratch, 'home')],
  init: [join(scratch, 'init')],
  list: [],
  load: ['release-notes'],
  lock: ['--out', join(scratch, 'check.lock.json')],
  materialize: [join(scratch, 'workspace')],
  merge: [join(scratch, 'shard.json')],
  resolve: ['ship-it'],
  validate: ['skills'],
};

/**
 * Verbs that run until stopped and whose stdout is a protocol (`serve`: JSON-RPC): no `--json`
 * document; they are driven as child processes by their own suites (test/unit/serve/).
 */
const SERVERS = ['serve'] as const;
mkdirSync(join(scratch, 'init'));

describe('every verb', () => {
  beforeAll(async () => {
    writeFileSync(join(scratch, 'shard.json'), (await _run(['validate', 'skills', '--shard', '1/1', '--json'])).stdout);
  });

  it('has a successful invocation in this test', () => {
    expect([...Object.keys(OK_ARGS), ...SERVERS].sort()).toEqual(Object.keys(VERBS).sort());
  });

  for (const verb of SERVERS) {
    it(`${verb} --json is a usage error with one usage document (its stdout is the protocol)`, async () => {
      const { code, stdout } = await _run([verb, '--json']);
      expect(code).toBe(2);
      expect(JSON.parse(stdout)).toMatchObject({ schemaVersion: SCHEMA_VERSION, error: { code: 'usage' } });
    });

    it(`${verb} with an unknown flag exits 2, and --help goes to stdout`, async () => {
      expect((await _run([verb, '--no-such-flag'])).code).toBe(2);
      const help = await _run([verb, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`skillgraph ${verb}`);
      expect(help.stderr).toBe('');
    });
  }

  // `lock` runs before `check` (object order): check compares against the lock just written.
  for (const verb of ['lock', ...Object.keys(OK_ARGS).filter((v) => v !== 'lock')]) {
    it(`${verb} --json prints exactly one JSON document with the schemaVersion, and nothing on stderr`, async () => {
      const { code, stdout, stderr } = await _run([verb, ...OK_ARGS[verb]!, '--json']);
      expect(code).toBe(0);
      expect(stdout.endsWith('}\n')).toBe(true);
      const doc = JSON.parse(stdout) as { schemaVersion: number };
      expect(doc.schemaVersion).toBe(SCHEMA_VERSION);
      expect(stderr).toBe('');
    });

    it(`${verb} without --json puts its results on stdout; --quiet leaves stderr empty`, async () => {
      const human = await _run([verb, ...OK_ARGS[verb]!]);
      expect(human.code).toBe(0);
      const quiet = await _run([verb, ...OK_ARGS[verb]!, '--quiet']);
      expect(quiet.code).toBe(0);
      expect(quiet.stderr).toBe('');
      // lock and materialize write files (their result is the file, with a summary line on stderr);
      // check without drift and audit of clean skills have nothing to list.
      if (!['lock', 'materialize', 'check', 'audit'].includes(verb)) expect(human.stdout.length).toBeGreaterThan(0);
    });

    it(`${verb} --json with an unknown flag exits 2 with one usage document`, async () => {
      const { code, stdout, stderr } = await _run([verb, '--no-such-flag', '--json']);
      expect(code).toBe(2);
      expect(JSON.parse(stdout)).toMatchObject({ schemaVersion: SCHEMA_VERSION, error: { code: 'usage' } });
      expect(stderr).toContain('--no-such-flag');
      expect(stderr).toContain(`skillgraph ${verb}: `);
      expect(stderr).toContain(`Run 'skillgraph ${verb} --help' for usage.`);
    });

    it(`${verb} --help goes to stdout and exits 0`, async () => {
      const { code, stdout, stderr } = await _run([verb, '--help']);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toContain(`skillgraph ${verb}`);
    });
  }
});
