/**
 * Steps for features/resolution.feature: composed skills written as SKILL.md
 * files in scoped roots under the scenario's temp dir (`<scope>-skills/`),
 * resolved through the CLI in-process, checked on its JSON.
 */
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { SkillWorld } from '../support/world.js';

interface ResolvedJson {
  skills: {
    name: string;
    ok: boolean;
    entries?: Record<string, unknown>[];
    summary: Record<string, unknown>;
    error?: { type: string; message: string; path: string[] };
  }[];
  cycles: { skills: string[]; path: string[] }[];
  stats: { backend: string };
}

function scopes(world: SkillWorld): string[] {
  return ((world.state.composedScopes as string[] | undefined) ??= []);
}

function writeComposed(world: SkillWorld, name: string, scope: string, composition: string): void {
  if (!scopes(world).includes(scope)) scopes(world).push(scope);
  world.writeSkill(
    `${scope}-skills/${name}`,
    `name: ${name}\ndescription: The ${name} skill. Use when composing tests.\n${composition}`,
  );
}

/** `--root` flags, or none when a config file lists the roots. */
function rootArgs(world: SkillWorld): string[] {
  if (world.state.composedConfig) return [];
  return scopes(world).flatMap((s) => ['--root', `${s}-skills:${s}`]);
}

async function resolveWith(
  world: SkillWorld,
  names: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<void> {
  const list = names.split(/\s+/).filter(Boolean);
  await world.run(['resolve', ...list, ...rootArgs(world), ...extra, '--json'], env);
}

function skill(world: SkillWorld, name: string): ResolvedJson['skills'][number] {
  const found = world.json<ResolvedJson>().skills.find((s) => s.name === name);
  assert.ok(found, `no result for '${name}' in: ${world.last?.stdout}`);
  return found;
}

const typed = (value: string): unknown =>
  value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value;

Given('the composed skill {string}:', function (this: SkillWorld, name: string, composition: string) {
  writeComposed(this, name, 'project', composition);
});

Given(
  'the composed skill {string} in the {word} scope:',
  function (this: SkillWorld, name: string, scope: string, composition: string) {
    writeComposed(this, name, scope, composition);
  },
);

Given('a skillgraph config file listing the composed skill roots', function (this: SkillWorld) {
  const roots = scopes(this).map((s) => `  - { path: ${s}-skills, scope: ${s} }`);
  this.write('skillgraph.config.yaml', `roots:\n${roots.join('\n')}\n`);
  this.state.composedConfig = true;
});

When('I resolve the composed skills {string}', async function (this: SkillWorld, names: string) {
  await resolveWith(this, names);
});

When(
  'I resolve the composed skills {string} with {string}',
  async function (this: SkillWorld, names: string, flags: string) {
    await resolveWith(this, names, flags.split(/\s+/).filter(Boolean));
  },
);

When('I resolve every composed skill', async function (this: SkillWorld) {
  await resolveWith(this, '');
});

When('I resolve every composed skill with their entries', async function (this: SkillWorld) {
  await resolveWith(this, '', ['--entries']);
});

When('I resolve every composed skill in text', async function (this: SkillWorld) {
  await this.run(['resolve', ...rootArgs(this)]);
});

When(
  'I resolve every composed skill with SKILLGRAPH_BACKEND {string}',
  async function (this: SkillWorld, backend: string) {
    await resolveWith(this, '', [], { SKILLGRAPH_BACKEND: backend });
  },
);

Then('the resolution exits with {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, this.last?.stderr);
});

Then('composed skill {string} resolves to the keys {string}', function (this: SkillWorld, name: string, keys: string) {
  const s = skill(this, name);
  assert.equal(s.ok, true, JSON.stringify(s.error));
  assert.deepEqual(
    s.entries?.map((e) => e.key),
    keys.split(',').map((k) => k.trim()),
  );
});

Then('composed skill {string} has the entry:', function (this: SkillWorld, name: string, table: DataTable) {
  const want = Object.fromEntries(Object.entries(table.rowsHash()).map(([k, v]) => [k, typed(v)]));
  const entry = skill(this, name).entries?.find((e) => e.key === want.key);
  assert.ok(entry, `no entry '${String(want.key)}' in ${name}`);
  for (const [field, value] of Object.entries(want))
    assert.deepEqual(entry[field], value, `${name} ${String(want.key)}.${field}`);
});

Then('composed skill {string} has the summary:', function (this: SkillWorld, name: string, table: DataTable) {
  const rows = table.rowsHash();
  const summary = skill(this, name).summary;
  for (const [field, value] of Object.entries(rows)) {
    const want =
      field === 'source_types'
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : typed(value);
    assert.deepEqual(summary[field], want, `${name} summary.${field}`);
  }
});

Then(
  'composed skill {string} fails with {string} saying {string}',
  function (this: SkillWorld, name: string, type: string, message: string) {
    const s = skill(this, name);
    assert.equal(s.ok, false);
    assert.deepEqual({ type: s.error?.type, message: s.error?.message }, { type, message });
    assert.ok(s.entries === undefined || s.entries.length === 0, JSON.stringify(s.entries));
  },
);

Then('the resolution reports {int} cycle(s) along {string}', function (this: SkillWorld, count: number, path: string) {
  const { cycles } = this.json<ResolvedJson>();
  assert.equal(cycles.length, count);
  assert.equal(cycles[0]?.path.join(' -> '), path);
});

Then('the resolution lists no entries', function (this: SkillWorld) {
  for (const s of this.json<ResolvedJson>().skills) assert.equal(s.entries, undefined, `${s.name} has entries`);
});

Then(
  'the resolution JSON is identical for backends {string} and {string}',
  async function (this: SkillWorld, a: string, b: string) {
    const docs: string[] = [];
    for (const backend of [a, b]) {
      await resolveWith(this, '', ['--backend', backend]);
      const doc = this.json<ResolvedJson>();
      assert.equal(doc.stats.backend, backend);
      docs.push(JSON.stringify({ skills: doc.skills, cycles: doc.cycles }));
    }
    assert.equal(docs[0], docs[1]);
  },
);

Then('the resolution stats name the {string} backend', function (this: SkillWorld, backend: string) {
  assert.equal(this.json<ResolvedJson>().stats.backend, backend);
});

When('I draw the composed include graph as {string}', async function (this: SkillWorld, format: string) {
  await this.run(['graph', '--format', format, ...rootArgs(this), '--json']);
});

Then('the include graph exits with {int}', function (this: SkillWorld, code: number) {
  assert.equal(this.last?.code, code, this.last?.stderr);
});

Then(
  'the include graph marks the cycle edge from {string} to {string}',
  function (this: SkillWorld, from: string, to: string) {
    const doc = this.json<{ edges: { from: string; to: string; cycle: boolean }[] }>();
    assert.ok(
      doc.edges.some((e) => e.from === from && e.to === to && e.cycle),
      JSON.stringify(doc.edges),
    );
  },
);

Then('the include graph text contains {string}', function (this: SkillWorld, fragment: string) {
  assert.ok(this.json<{ text: string }>().text.includes(fragment), this.json<{ text: string }>().text);
});

Given(
  'a composed include cycle of {int} skills {string} to {string}',
  function (this: SkillWorld, n: number, first: string, last: string) {
    const prefix = first.replace(/\d+$/, '');
    assert.equal(last, `${prefix}${n}`, 'the scenario names the cycle by its first and last skill');
    for (let i = 1; i <= n; i++)
      writeComposed(this, `${prefix}${i}`, 'project', `includes: [${prefix}${(i % n) + 1}]\n`);
  },
);

When('I describe the composed skill {string}', async function (this: SkillWorld, name: string) {
  await this.run(['describe', name, ...rootArgs(this), '--json']);
});

interface DescribedError {
  error: { type: string; message: string; details: { path?: string[] } };
}

Then(
  'the described error is {string} with a message shortened to {string}',
  function (this: SkillWorld, type: string, fragment: string) {
    const { error } = this.json<DescribedError>();
    assert.equal(error.type, type);
    assert.ok(error.message.includes(fragment), error.message);
  },
);

Then(
  "the described error's details hold the path of {int} skills from {string} through {string} back to {string}",
  function (this: SkillWorld, count: number, first: string, through: string, last: string) {
    const path = this.json<DescribedError>().error.details.path ?? [];
    assert.equal(path.length, count, JSON.stringify(path));
    assert.equal(path[0], first);
    assert.equal(path.at(-1), last);
    assert.ok(path.includes(through), JSON.stringify(path));
  },
);

Then(
  'composed skill {string} declares the dependencies tools {string} and MCP servers {string}',
  function (this: SkillWorld, name: string, tools: string, servers: string) {
    const list = (text: string): string[] =>
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
    assert.deepEqual(skill(this, name).summary.dependencies, { tools: list(tools), mcp_servers: list(servers) });
  },
);

Then(
  'the resolution reports {string} for MCP server {string} only',
  function (this: SkillWorld, code: string, server: string) {
    const found = this.json<{ diagnostics: { code: string; message: string }[] }>().diagnostics.filter(
      (d) => d.code === code,
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.ok(found[0]!.message.includes(`'${server}'`), found[0]!.message);
  },
);

Given(
  'a composed include chain of {int} skills {string} to {string}',
  function (this: SkillWorld, n: number, first: string, last: string) {
    const prefix = first.replace(/\d+$/, '');
    assert.equal(last, `${prefix}${n}`, 'the scenario names the chain by its first and last skill');
    for (let i = 1; i <= n; i++)
      writeComposed(
        this,
        `${prefix}${i}`,
        'project',
        `${i < n ? `includes: [${prefix}${i + 1}]\n` : ''}tools: [tool-${i}]\n`,
      );
  },
);

Then('every resolved skill carries a summary and no entry list', function (this: SkillWorld) {
  const { skills } = this.json<ResolvedJson>();
  assert.ok(skills.length > 0);
  for (const s of skills) {
    assert.equal(s.entries, undefined, `${s.name} has entries`);
    assert.equal(typeof s.summary.tool_count, 'number');
  }
});

Then('the resolution document is under {int} bytes per skill', function (this: SkillWorld, bytes: number) {
  const { skills } = this.json<ResolvedJson>();
  const size = Buffer.byteLength(this.last?.stdout ?? '');
  assert.ok(size < bytes * skills.length, `${size} bytes for ${skills.length} skills`);
});

Then('composed skill {string} has {int} entries', function (this: SkillWorld, name: string, count: number) {
  assert.equal(skill(this, name).entries?.length, count);
});

Then(
  "composed skill {string}'s error path holds {int} skills from {string} through {string} to {string}",
  function (this: SkillWorld, name: string, count: number, first: string, through: string, last: string) {
    const path = skill(this, name).error?.path ?? [];
    assert.equal(path.length, count, JSON.stringify(path));
    assert.equal(path[0], first);
    assert.equal(path.at(-1), last);
    assert.ok(path.includes(through), JSON.stringify(path));
  },
);

Then('the resolution output shortens the cycle to {string}', function (this: SkillWorld, fragment: string) {
  const line = (this.last?.stdout ?? '').split('\n').find((l) => l.startsWith('cycle '));
  assert.ok(line?.includes(fragment), this.last?.stdout);
});
