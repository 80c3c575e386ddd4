/**
 * Steps for features/skill_protocol.feature: the protocol types called
 * in-process through the public entry. Every step says "protocol" so it
 * cannot collide with another feature's steps.
 */
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import {
  ActivationError,
  PermissionDeniedError,
  ResolutionError,
  SKILL_ERROR_TYPES,
  SkillDefinition,
  SkillError,
  SkillMetadata,
  SkillResult,
  SkillgraphError,
  isSkillgraphError,
  toSkillError,
  type EntryKind,
  type ErrorCode,
  type ResolvedToolEntry,
  type SkillErrorType,
  type SkillPackage,
} from '../../src/index.js';
import { EMPTY_COMPOSITION } from '../../src/internals.js';
import type { SkillWorld } from '../support/world.js';

interface ProtocolState {
  types?: readonly string[];
  error?: SkillError;
  pkg?: SkillPackage;
  entries?: ResolvedToolEntry[];
  metadata?: SkillMetadata;
  definition?: SkillDefinition;
  result?: SkillResult;
  mapped?: SkillError;
  refused?: unknown;
}

function st(world: SkillWorld): ProtocolState {
  return ((world.state['protocol'] as ProtocolState | undefined) ??= {}) as ProtocolState;
}

/** Run `fn`, keeping what it threw for a later "refused" step; fail if it did not throw. */
function refuse(world: SkillWorld, fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    st(world).refused = error;
    return;
  }
  assert.fail('expected the protocol constructor to refuse its input');
}

function pkg(name: string, description: string, version = '0.0.0'): SkillPackage {
  return {
    descriptor: {
      id: `project/${name}`,
      name,
      description,
      version,
      metadata: {},
      allowedTools: [],
      modelInvocable: true,
      source: {
        scope: 'project',
        precedence: 20,
        root: '/repo/.agents/skills',
        locator: `/repo/.agents/skills/${name}/SKILL.md`,
      },
      digest: `sha256:${'a'.repeat(64)}`,
    },
    body: '# Instructions\n',
    bodyLine: 4,
    composition: EMPTY_COMPOSITION,
    frontmatter: { name, description },
    diagnostics: [],
  };
}

// --- taxonomy ---

When('I list the protocol error types', function (this: SkillWorld) {
  st(this).types = SKILL_ERROR_TYPES;
});

Then('the protocol error types include {string}', function (this: SkillWorld, type: string) {
  assert.ok(st(this).types?.includes(type), `${type} missing from ${String(st(this).types)}`);
});

Then('there are exactly {int} protocol error types', function (this: SkillWorld, count: number) {
  assert.equal(st(this).types?.length, count);
  assert.equal(new Set(st(this).types).size, count);
});

// --- SkillError ---

When(
  /^I build a protocol error "([^"]*)" saying "([^"]*)" for skill "([^"]*)"(?: and tool "([^"]*)")?$/,
  function (this: SkillWorld, type: string, message: string, skillName: string, toolName?: string) {
    st(this).error = SkillError.create({
      type: type as SkillErrorType,
      message,
      skillName,
      ...(toolName ? { toolName } : {}),
    });
  },
);

When(
  'I build a protocol error {string} saying {string} for skill {string} with details:',
  function (this: SkillWorld, type: string, message: string, skillName: string, json: string) {
    const details = JSON.parse(json) as Record<string, unknown>;
    st(this).error = SkillError.create({ type: type as SkillErrorType, message, skillName, details });
  },
);

When(
  'I try to build a protocol error {string} saying {string} for skill {string}',
  function (this: SkillWorld, type: string, message: string, skillName: string) {
    refuse(this, () => SkillError.create({ type: type as SkillErrorType, message, skillName }));
  },
);

Then(
  'the protocol error has type {string} and message {string}',
  function (this: SkillWorld, type: string, message: string) {
    assert.equal(st(this).error?.type, type);
    assert.equal(st(this).error?.message, message);
  },
);

Then('the protocol error names skill {string} and no tool', function (this: SkillWorld, skillName: string) {
  assert.equal(st(this).error?.skillName, skillName);
  assert.equal(st(this).error?.toolName, undefined);
  assert.equal('tool_name' in st(this).error!.toJSON(), false);
});

Then(
  'the protocol error names skill {string} and tool {string}',
  function (this: SkillWorld, skillName: string, toolName: string) {
    assert.equal(st(this).error?.skillName, skillName);
    assert.equal(st(this).error?.toolName, toolName);
  },
);

Then('the protocol error details hold {string} = {string}', function (this: SkillWorld, key: string, value: string) {
  assert.equal(st(this).error?.details[key], value);
});

Then(
  'setting {string} on the protocol error fails and it still says {string}',
  function (this: SkillWorld, field: string, message: string) {
    const error = st(this).error!;
    assert.throws(() => Object.assign(error, { [field]: 'changed' }), TypeError);
    assert.equal(error.message, message);
  },
);

Then("the protocol error's details cannot be extended", function (this: SkillWorld) {
  const error = st(this).error!;
  assert.throws(() => Object.assign(error.details, { extra: 1 }), TypeError);
  assert.equal('extra' in error.details, false);
});

Then('the protocol error reads back from its JSON unchanged', function (this: SkillWorld) {
  const wire = JSON.stringify(st(this).error);
  const back = SkillError.from(JSON.parse(wire));
  assert.ok(back instanceof SkillError);
  assert.equal(JSON.stringify(back), wire);
});

Then(
  /^the protocol value is refused with code "([^"]*)" (at|saying) "([^"]*)"$/,
  function (this: SkillWorld, code: string, how: string, what: string) {
    const refused = st(this).refused;
    assert.ok(isSkillgraphError(refused), `expected a SkillgraphError, got ${String(refused)}`);
    assert.equal(refused.code, code);
    if (how === 'saying') assert.match(refused.message, new RegExp(what));
    else
      assert.ok(
        (refused.details['issues'] as { path: string }[]).some((i) => i.path === what),
        refused.message,
      );
  },
);

// --- SkillMetadata ---

Given(
  /^a protocol skill "([^"]*)" described as "([^"]*)"(?: at version "([^"]*)")?$/,
  function (this: SkillWorld, name: string, description: string, version?: string) {
    st(this).pkg = pkg(name, description, version);
    st(this).entries = [];
  },
);

Given('the skill resolves to the protocol tools:', function (this: SkillWorld, table: DataTable) {
  const skill = st(this).pkg!.descriptor.name;
  st(this).entries = table.hashes().map((row) => {
    const kind = row['kind'] as EntryKind;
    const key = row['key']!;
    const base = { key, kind, writes: row['writes'] === 'true', source: skill };
    if (kind === 'mcp') {
      const [server, tool] = key.slice('mcp:'.length).split('/');
      return { ...base, server: server!, tool: tool! };
    }
    if (kind === 'agent_skill') return { ...base, path: key.slice('agent_skill:'.length) };
    return base;
  });
});

When(
  /^I take the protocol metadata of the skill(?: with version "([^"]*)")?$/,
  function (this: SkillWorld, version?: string) {
    st(this).metadata = SkillMetadata.fromSkill(st(this).pkg, st(this).entries, version ? { version } : {});
  },
);

When('I try to take the protocol metadata of a missing package', function (this: SkillWorld) {
  refuse(this, () => SkillMetadata.fromSkill(null, []));
});

Then(
  'the protocol metadata has name {string}, description {string} and version {string}',
  function (this: SkillWorld, name: string, description: string, version: string) {
    const m = st(this).metadata!;
    assert.deepEqual([m.name, m.description, m.version], [name, description, version]);
  },
);

Then(
  /^the protocol metadata (is read-only|writes) with (\d+) tools? and source types "([^"]*)"$/,
  function (this: SkillWorld, mode: string, count: string, types: string) {
    const m = st(this).metadata!;
    assert.equal(m.writes, mode === 'writes');
    assert.equal(m.read_only, mode !== 'writes');
    assert.equal(m.tool_count, Number(count));
    assert.deepEqual(m.source_types, types === '' ? [] : types.split(','));
  },
);

Then(
  'setting {string} on the protocol metadata fails and it stays read-only',
  function (this: SkillWorld, field: string) {
    const m = st(this).metadata!;
    assert.throws(() => Object.assign(m, { [field]: true }), TypeError);
    assert.equal(m.read_only, true);
    assert.equal(m.writes, false);
  },
);

Then('the protocol metadata reads back from its JSON unchanged', function (this: SkillWorld) {
  const wire = JSON.stringify(st(this).metadata);
  assert.equal(JSON.stringify(SkillMetadata.from(JSON.parse(wire))), wire);
});

// --- SkillDefinition ---

When('I define the protocol skill', function (this: SkillWorld) {
  st(this).definition = SkillDefinition.fromSkill(st(this).pkg, st(this).entries);
});

When(
  'I define the protocol skill with input schema {string} and output schema {string}',
  function (this: SkillWorld, input: string, output: string) {
    st(this).definition = SkillDefinition.fromSkill(st(this).pkg, st(this).entries, {
      inputSchema: JSON.parse(input) as Record<string, unknown>,
      outputSchema: JSON.parse(output) as Record<string, unknown>,
    });
  },
);

When(
  /^I try to define the protocol skill with (input|output) schema '(.*)'$/,
  function (this: SkillWorld, which: string, schema: string) {
    const parsed = JSON.parse(schema) as Record<string, unknown>;
    refuse(this, () =>
      SkillDefinition.fromSkill(
        st(this).pkg,
        st(this).entries,
        which === 'input' ? { inputSchema: parsed } : { outputSchema: parsed },
      ),
    );
  },
);

When('I try to define the protocol skill declaring writes {string}', function (this: SkillWorld, writes: string) {
  const p = st(this).pkg!;
  refuse(this, () =>
    SkillDefinition.create({
      skillName: p.descriptor.name,
      description: p.descriptor.description,
      tools: st(this).entries!,
      writes: writes === 'true',
    }),
  );
});

Then(
  /^the protocol definition is for "([^"]*)" with (\d+) tools? and writes "(true|false)"$/,
  function (this: SkillWorld, name: string, count: string, writes: string) {
    const d = st(this).definition!;
    assert.deepEqual([d.skillName, d.tools.length, d.writes], [name, Number(count), writes === 'true']);
  },
);

Then(
  'the protocol definition has an input schema of type {string} and an output schema of type {string}',
  function (this: SkillWorld, input: string, output: string) {
    assert.equal(st(this).definition?.inputSchema?.['type'], input);
    assert.equal(st(this).definition?.outputSchema?.['type'], output);
  },
);

Then('the protocol definition and its tools cannot be changed', function (this: SkillWorld) {
  const d = st(this).definition!;
  assert.throws(() => Object.assign(d, { writes: true }), TypeError);
  assert.throws(() => (d.tools as ResolvedToolEntry[]).push(d.tools[0]!), TypeError);
  assert.throws(() => Object.assign(d.tools[0]!, { writes: true }), TypeError);
  assert.equal(d.writes, false);
  assert.equal(d.tools.length, 1);
});

Then('the protocol definition reads back from its JSON unchanged', function (this: SkillWorld) {
  const wire = JSON.stringify(st(this).definition);
  assert.equal(JSON.stringify(SkillDefinition.from(JSON.parse(wire))), wire);
});

// --- SkillResult ---

When(
  'I record a successful protocol run of {string} tool {string} returning {string}',
  function (this: SkillWorld, skillName: string, toolName: string, output: string) {
    st(this).result = SkillResult.create({ success: true, skillName, toolName, outputData: output });
  },
);

When(
  'I record a failed protocol run of {string} tool {string} with a {string} error',
  function (this: SkillWorld, skillName: string, toolName: string, type: string) {
    const error = SkillError.create({
      type: type as SkillErrorType,
      message: 'the tool exited with status 1',
      skillName,
      toolName,
    });
    st(this).result = SkillResult.create({ success: false, skillName, toolName, error, durationMs: 12 });
  },
);

When(
  'I record a successful protocol run of {string} taking {float} ms and creating {string}',
  function (this: SkillWorld, skillName: string, durationMs: number, resource: string) {
    st(this).result = SkillResult.create({
      success: true,
      skillName,
      durationMs,
      resourceChanges: [{ resource, action: 'created' }],
    });
  },
);

When(
  'I try to record a successful protocol run of {string} that carries an error',
  function (this: SkillWorld, skillName: string) {
    const error = SkillError.create({ type: 'tool_execution_failure', message: 'x', skillName });
    refuse(this, () => SkillResult.create({ success: true, skillName, error }));
  },
);

Then(
  'the protocol result succeeded for {string} tool {string} with output {string} and no error',
  function (this: SkillWorld, skillName: string, toolName: string, output: string) {
    const r = st(this).result!;
    assert.deepEqual(
      [r.success, r.skillName, r.toolName, r.outputData, r.error],
      [true, skillName, toolName, output, null],
    );
  },
);

Then('the protocol result failed with a {string} error', function (this: SkillWorld, type: string) {
  const r = st(this).result!;
  assert.equal(r.success, false);
  assert.ok(r.error instanceof SkillError);
  assert.equal(r.error.type, type);
});

Then(
  'the protocol result took {float} ms and changed {int} resource(s)',
  function (this: SkillWorld, ms: number, count: number) {
    assert.equal(st(this).result?.durationMs, ms);
    assert.equal(st(this).result?.resourceChanges.length, count);
  },
);

Then('the protocol result cannot be changed', function (this: SkillWorld) {
  const r = st(this).result!;
  assert.throws(() => Object.assign(r, { success: true }), TypeError);
  assert.throws(() => Object.assign(r.error!, { type: 'validation_error' }), TypeError);
  assert.equal(r.success, false);
});

Then('the protocol result reads back from its JSON unchanged', function (this: SkillWorld) {
  const wire = JSON.stringify(st(this).result);
  assert.equal(JSON.stringify(SkillResult.from(JSON.parse(wire))), wire);
});

// --- error mapping ---

/** A JavaScript class named `ValueError` whose instances keep the name `Error`, as a host may write one. */
class ValueError extends Error {}

/**
 * Build the thrown value a scenario names: a class, `errno CODE`, `code ERROR_CODE`, `resolver TYPE`,
 * `forwarded NAME` (a plain `{name, message}`) or `subclass NAME` (a JavaScript subclass of ValueError).
 */
function thrown(kind: string, message: string): unknown {
  const [head, arg] = kind.split(' ');
  switch (head) {
    case 'forwarded':
      return { name: arg, message };
    case 'subclass':
      // Its `name` stays 'Error': only the constructor chain says what it is.
      return new { [arg!]: class extends ValueError {} }[arg!]!(message);
    case 'errno':
      return Object.assign(new Error(`${arg}: ${message}`), { code: arg });
    case 'code':
      return new SkillgraphError(arg as ErrorCode, message);
    case 'resolver':
      return { type: arg, message };
    case 'ResolutionError':
      return new ResolutionError(message);
    case 'ActivationError':
      return new ActivationError(message);
    case 'PermissionDeniedError':
      return new PermissionDeniedError(message);
    case 'RangeError':
      return new RangeError(message);
    case 'TypeError':
      return new TypeError(message);
    case 'Error':
      return new Error(message);
    case 'ValueError':
    case 'JSONDecodeError':
    case 'UnicodeDecodeError':
    case 'RuntimeError':
    case 'PermissionError':
      // What a host bridging a Python tool forwards: an Error carrying the Python class name.
      return Object.assign(new Error(message), { name: head });
    default:
      throw new Error(`unknown thrown kind in the scenario: ${kind}`);
  }
}

When(
  /^I map a protocol failure (.+?) "([^"]*)" in skill "([^"]*)"(?: tool "([^"]*)")?$/,
  function (this: SkillWorld, kind: string, message: string, skillName: string, toolName?: string) {
    st(this).mapped = toSkillError(thrown(kind, message), { skillName, ...(toolName ? { toolName } : {}) });
  },
);

When(
  /^I try to map a protocol failure (.+?) "([^"]*)" in skill "([^"]*)"$/,
  function (this: SkillWorld, kind: string, message: string, skillName: string) {
    refuse(this, () => toSkillError(thrown(kind, message), { skillName }));
  },
);

Then('the mapped protocol error has type {string}', function (this: SkillWorld, type: string) {
  assert.equal(st(this).mapped?.type, type, JSON.stringify(st(this).mapped));
});

Then('the mapped protocol error names tool {string} in its details', function (this: SkillWorld, toolName: string) {
  assert.equal(st(this).mapped?.toolName, toolName);
  assert.equal(st(this).mapped?.details['tool_name'], toolName);
});

// --- describe (CLI, in-process) ---

Given(
  'a protocol skill folder {string} with frontmatter:',
  function (this: SkillWorld, folder: string, frontmatter: string) {
    this.writeSkill(folder, frontmatter);
  },
);

When('I run the protocol CLI {string}', async function (this: SkillWorld, command: string) {
  await this.run(command.split(/\s+/));
});

Then('the protocol CLI exits with status {int}', function (this: SkillWorld, status: number) {
  assert.equal(this.last?.code, status, this.last?.stderr);
});

Then(
  /^the protocol CLI metadata is version "([^"]*)", (read-only|writing) with (\d+) tools and source types "([^"]*)"$/,
  function (this: SkillWorld, version: string, mode: string, count: string, types: string) {
    const m = this.json<{ metadata: Record<string, unknown> }>().metadata;
    assert.deepEqual(
      [m['version'], m['read_only'], m['writes'], m['tool_count'], m['source_types']],
      [version, mode === 'read-only', mode === 'writing', Number(count), types.split(',')],
    );
  },
);

Then('the protocol CLI definition lists the tools {string}', function (this: SkillWorld, keys: string) {
  const d = this.json<{ definition: { tools: { key: string }[] } }>().definition;
  assert.deepEqual(
    d.tools.map((t) => t.key),
    keys.split(','),
  );
});

Then('the protocol CLI JSON reads back into SkillMetadata and SkillDefinition', function (this: SkillWorld) {
  const doc = this.json<{ metadata: unknown; definition: unknown }>();
  assert.deepEqual(SkillMetadata.from(doc.metadata).toJSON(), doc.metadata);
  assert.deepEqual(JSON.parse(JSON.stringify(SkillDefinition.from(doc.definition))), doc.definition);
});

Then('the protocol CLI human output mentions {string} and {string}', function (this: SkillWorld, a: string, b: string) {
  assert.ok(this.last?.stdout.includes(a), this.last?.stdout);
  assert.ok(this.last?.stdout.includes(b), this.last?.stdout);
});

Then(
  'the protocol CLI error is a {string} SkillError mentioning {string}',
  function (this: SkillWorld, type: string, text: string) {
    const doc = this.json<{ ok: boolean; metadata: unknown; error: unknown }>();
    assert.equal(doc.ok, false);
    assert.equal(doc.metadata, null);
    const error = SkillError.from(doc.error);
    assert.equal(error.type, type);
    assert.ok(error.message.includes(text), error.message);
  },
);

interface ListedSkill {
  readonly name: string;
  readonly metadata?: unknown;
  readonly skill_metadata?: unknown;
}

/** The protocol metadata of one listed skill: `skill_metadata` in catalog (beside the frontmatter `metadata`), `metadata` in resolve. */
function listedMetadata(world: SkillWorld, verb: string, name: string): unknown {
  const skill = world.json<{ skills: ListedSkill[] }>().skills.find((s) => s.name === name);
  assert.ok(skill, `no skill ${name} in the JSON output`);
  return verb === 'catalog' ? skill.skill_metadata : skill.metadata;
}

Then(
  /^the protocol CLI (catalog|resolve output) gives "([^"]*)" metadata with (\d+) tools and source types "([^"]*)"$/,
  function (this: SkillWorld, verb: string, name: string, count: string, types: string) {
    const metadata = SkillMetadata.from(listedMetadata(this, verb, name));
    assert.equal(metadata.name, name);
    assert.equal(metadata.tool_count, Number(count));
    assert.deepEqual(metadata.source_types, types.split(','));
  },
);

Then(
  /^the protocol CLI (catalog|resolve output) gives "([^"]*)" no metadata$/,
  function (this: SkillWorld, verb: string, name: string) {
    assert.equal(listedMetadata(this, verb, name), null);
  },
);

Then(
  'the protocol CLI catalog keeps the frontmatter metadata of {string}: {string} = {string}',
  function (this: SkillWorld, name: string, key: string, value: string) {
    const skill = this.json<{ skills: { name: string; metadata: Record<string, unknown> }[] }>().skills.find(
      (s) => s.name === name,
    );
    assert.ok(skill, `no skill ${name} in the JSON output`);
    assert.deepEqual(skill.metadata, { [key]: value });
  },
);
