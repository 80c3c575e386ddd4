/**
 * Every JSON document the CLI prints validates against its JSON Schema in
 * `schemas/`, and every key in it is snake_case (the frontmatter's own
 * `metadata` map and the load_skill tool's JSON Schema keep their keys).
 * Runs each verb on the bundled examples, on a broken tree and into errors.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';

const REPO = new URL('../../../', import.meta.url).pathname;
const SCHEMAS = join(REPO, 'schemas');
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-schemas-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
cpSync(join(REPO, 'examples'), join(scratch, 'examples'), { recursive: true, verbatimSymlinks: true });
const EX = join(scratch, 'examples');
writeFileSync(
  join(EX, 'skills', 'project', 'ops-runbook', 'SKILL.md'),
  '---\nname: ops-runbook\ndescription: [unclosed\n---\n',
);

mkdirSync(join(scratch, 'init-here'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json')))
  ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));

async function run(args: readonly string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: () => true },
    cwd: EX,
    env: { HOME: join(scratch, 'home'), XDG_CACHE_HOME: join(scratch, 'cache') },
  });
  return { code, stdout };
}

/** Key paths that are not snake_case, outside the maps whose keys come from elsewhere. */
function badKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!(path === '' && key === 'schemaVersion') && !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(key)) out.push(at);
    // A descriptor's `metadata` is the frontmatter's map; a tool's `parameters` is a JSON Schema;
    // a shard's packages carry their frontmatter, metadata, overrides (by tool) and input schemas as written.
    if (
      (key === 'metadata' && /^skills\[\d+\]$/.test(path) && v !== null && !('tool_count' in (v as object))) ||
      (key === 'parameters' && path === 'tool')
    )
      continue;
    if (
      /^candidates\[\d+\]\.result\.package/.test(path) &&
      ['frontmatter', 'metadata', 'overrides', 'input_schema'].includes(key)
    )
      continue;
    out.push(...badKeys(v, at));
  }
  return out;
}

const lock = join(scratch, 'check.lock.json');
/** [schema, argv]; each run prints one document. */
const RUNS: readonly (readonly [string, readonly string[]])[] = [
  ['version', ['--version', '--json']],
  ['error', ['no-such-verb', '--json']],
  ['error', ['validate', '--no-such-flag', '--json']],
  ['error', ['catalog', '--config', 'missing.yaml', '--json']],
  ['validate', ['validate', 'skills', '--json']],
  ['validate', ['validate', 'skills/global', '--json']],
  ['validate', ['validate', 'skills', '--shard', '1/2', '--json']],
  ['validate', ['validate', '--config', 'skillgraph.config.yaml', '--json']],
  ['init', ['init', join(scratch, 'init-here'), '--json']],
  ['catalog', ['catalog', '--config', 'skillgraph.config.yaml', '--json']],
  ['catalog', ['catalog', '--config', 'skillgraph.config.yaml', '--nested', '--json']],
  ['catalog', ['list', '--json']],
  ['catalog-shard', ['catalog', '--config', 'skillgraph.config.yaml', '--shard', '1/2', '--json']],
  ['catalog-shard', ['catalog', '--config', 'skillgraph.config.yaml', '--shard', '2/2', '--json']],
  ['resolve-shard', ['resolve', '--config', 'skillgraph.config.yaml', '--shard', '1/2', '--json']],
  [
    'resolve-shard',
    ['resolve', 'ship-it', '--config', 'skillgraph.config.yaml', '--summary', '--shard', '2/2', '--json'],
  ],
  ['lock-shard', ['lock', '--out', lock, '--allow-errors', '--shard', '1/2', '--json']],
  ['lock-shard', ['lock', '--out', lock, '--shard', '2/2', '--json']],
  ['lock', ['lock', '--out', lock, '--allow-errors', '--json']],
  ['check', ['check', '--lock', lock, '--json']],
  ['resolve', ['resolve', '--config', 'skillgraph.config.yaml', '--json']],
  ['resolve', ['resolve', '--config', 'skillgraph.config.yaml', '--json', '--timings']],
  ['resolve', ['resolve', '--config', 'skillgraph.config.yaml', '--summary', '--json']],
  ['resolve', ['resolve', 'no-such-skill', '--json']],
  ['resolve', ['resolve', '--config', 'skillgraph.config.yaml', '--entries', '--json']],
  ['graph', ['graph', '--config', 'skillgraph.config.yaml', '--json']],
  ['describe', ['describe', 'ship-it', '--config', 'skillgraph.config.yaml', '--json']],
  ['describe', ['describe', 'no-such-skill', '--json']],
  ['context', ['context', '--json']],
  ['context', ['context', '--lazy', '--budget', '2500', '--json']],
  ['load', ['load', 'release-notes', '--json']],
  ['load', ['load', 'release-notes', '--into', join(scratch, 'ws-load'), '--json']],
  ['materialize', ['materialize', join(scratch, 'ws'), '--json']],
  ['bench', ['bench', '--repeat', '1', '--json']],
  ['audit', ['audit', 'skills', '--json']],
  ['hosts', ['hosts', '--json']],
  ['context-host', ['context', '--host', 'claude-code', '--json']],
  ['context-host', ['context', '--host', 'copilot', '--format', 'json']],
  ['hosts', ['hosts', 'skills', '--host', 'claude-code', '--host', 'codex', '--json']],
  ['audit', ['audit', '--explain', 'remote-exec', '--json']],
];

describe('every --json document', () => {
  it('has a schema file for each verb the runs cover', () => {
    for (const [schema] of RUNS) expect(ajv.getSchema(`${schema}.schema.json`), schema).toBeDefined();
  });

  for (const [schema, argv] of RUNS) {
    it(`${argv.join(' ')} validates against schemas/${schema}.schema.json, every key snake_case`, async () => {
      const { stdout } = await run(argv);
      const doc = JSON.parse(stdout) as unknown;
      const validate = ajv.getSchema(`${schema}.schema.json`)!;
      expect(validate(doc) ? [] : validate.errors).toEqual([]);
      expect(badKeys(doc)).toEqual([]);
    });
  }

  it('skillgraph merge of shard documents validates as a validate document', async () => {
    const parts = [];
    for (const i of [1, 2]) {
      const file = join(scratch, `shard-${i}.json`);
      writeFileSync(file, (await run(['validate', 'skills', '--shard', `${i}/2`, '--json'])).stdout);
      parts.push(file);
    }
    const doc = JSON.parse((await run(['merge', ...parts])).stdout) as unknown;
    const validate = ajv.getSchema('validate.schema.json')!;
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
  });

  it('skillgraph merge of catalog shard documents validates as a catalog document', async () => {
    const parts = [];
    for (const i of [1, 2]) {
      const file = join(scratch, `catalog-shard-${i}.json`);
      writeFileSync(
        file,
        (await run(['catalog', '--config', 'skillgraph.config.yaml', '--shard', `${i}/2`, '--json'])).stdout,
      );
      parts.push(file);
    }
    const doc = JSON.parse((await run(['merge', ...parts])).stdout) as unknown;
    const validate = ajv.getSchema('catalog.schema.json')!;
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
  });

  for (const [verb, flags] of [
    ['resolve', ['--config', 'skillgraph.config.yaml']],
    ['lock', ['--out', join(scratch, 'merged.lock.json'), '--allow-errors']],
  ] as const) {
    it(`skillgraph merge of ${verb} shard documents validates as a ${verb} document`, async () => {
      const parts = [];
      for (const i of [1, 2]) {
        const file = join(scratch, `${verb}-shard-${i}.json`);
        writeFileSync(file, (await run([verb, ...flags, '--shard', `${i}/2`, '--json'])).stdout);
        parts.push(file);
      }
      const doc = JSON.parse((await run(['merge', ...parts])).stdout) as unknown;
      const validate = ajv.getSchema(`${verb}.schema.json`)!;
      expect(validate(doc) ? [] : validate.errors).toEqual([]);
    });
  }

  it('a document with a renamed key fails its schema (the schemas are closed)', async () => {
    const doc = JSON.parse((await run(['validate', 'skills', '--json'])).stdout) as Record<string, unknown>;
    expect(ajv.getSchema('validate.schema.json')!({ ...doc, skipped_by: {} })).toBe(false);
    expect(ajv.getSchema('validate.schema.json')!({ ...doc, schemaVersion: 1 })).toBe(false);
  });
});
