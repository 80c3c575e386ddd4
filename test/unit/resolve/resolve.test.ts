import { describe, expect, it } from 'vitest';
import { pickResolver } from '../../../src/resolve/backends.js';
import { findCycles, resolveCatalog, resolveSkill, resolveSkillOrThrow } from '../../../src/engine/resolve.js';
import { isSkillgraphError } from '../../../src/model/errors.js';
import { chainCatalog, makeCatalog, type SkillSpec } from './_catalog.js';
import { naiveResolve } from './_naive.js';

const BACKENDS = ['js', 'wasm'] as const;
const keys = (specs: SkillSpec[], name: string, backend: (typeof BACKENDS)[number]) =>
  resolveSkill(makeCatalog(specs), name, { backend }).entries.map((e) => e.key);

describe.each(BACKENDS)('resolve semantics (%s backend)', (backend) => {
  it('puts deeper includes first, then own tools, inline, MCP and agent skills', () => {
    const specs: SkillSpec[] = [
      {
        name: 'root',
        includes: ['mid'],
        tools: ['own'],
        inline: [{ description: 'x' }, { description: 'y' }],
        mcp: [{ server: 'gh', tools: ['search'] }],
        agentSkills: ['vendor/pdf'],
      },
      { name: 'mid', includes: ['leaf'], tools: ['mid_tool'] },
      { name: 'leaf', tools: ['leaf_tool'] },
    ];
    expect(keys(specs, 'root', backend)).toEqual([
      'leaf_tool',
      'mid_tool',
      'own',
      'root/_anon_0',
      'root/_anon_1',
      'mcp:gh/search',
      'agent_skill:vendor/pdf',
    ]);
    const entries = resolveSkill(makeCatalog(specs), 'root', { backend }).entries;
    expect(entries.find((e) => e.kind === 'mcp')).toEqual({
      key: 'mcp:gh/search',
      kind: 'mcp',
      writes: false,
      server: 'gh',
      tool: 'search',
      source: 'root',
    });
    expect(entries.find((e) => e.kind === 'agent_skill')).toEqual({
      key: 'agent_skill:vendor/pdf',
      kind: 'agent_skill',
      writes: false,
      path: 'vendor/pdf',
      source: 'root',
    });
  });

  it('keys a named inline tool {skill}/{name}; anonymous ones keep their place in the list', () => {
    const cat = makeCatalog([
      { name: 'root', inline: [{ description: 'x' }, { description: 'y', name: 'fmt' }, { description: 'z' }] },
    ]);
    expect(resolveSkill(cat, 'root', { backend }).entries.map((e) => e.key)).toEqual([
      'root/_anon_0',
      'root/fmt',
      'root/_anon_2',
    ]);
  });

  it('keeps the first position and the last metadata of a repeated key', () => {
    const specs: SkillSpec[] = [
      { name: 'root', includes: ['a', 'b'] },
      { name: 'a', tools: ['shared', 'only_a'] },
      { name: 'b', tools: ['other', { name: 'shared', writes: true, description: 'from b' }] },
    ];
    const entries = resolveSkill(makeCatalog(specs), 'root', { backend }).entries;
    expect(entries.map((e) => e.key)).toEqual(['shared', 'only_a', 'other']);
    expect(entries[0]).toEqual({ key: 'shared', kind: 'tool_ref', writes: true, description: 'from b', source: 'b' });
  });

  it('applies overrides to entries through that include, for that includer only', () => {
    const specs: SkillSpec[] = [
      {
        name: 'dry',
        includes: [{ skill: 'fs', overrides: { write_file: { writes: false, description: 'dry run' } } }],
      },
      { name: 'wet', includes: ['fs'] },
      { name: 'fs', tools: ['read_file', { name: 'write_file', writes: true }] },
    ];
    const cat = makeCatalog(specs);
    const dry = resolveSkill(cat, 'dry', { backend });
    expect(dry.entries[1]).toEqual({
      key: 'write_file',
      kind: 'tool_ref',
      writes: false,
      description: 'dry run',
      source: 'fs',
    });
    expect(dry.summary).toEqual({ tool_count: 2, writes: false, read_only: true, source_types: ['tool_ref'] });
    expect(resolveSkill(cat, 'wet', { backend }).entries[1]).toEqual({
      key: 'write_file',
      kind: 'tool_ref',
      writes: true,
      source: 'fs',
    });
    expect(resolveSkill(cat, 'fs', { backend }).summary.writes).toBe(true);
  });

  it('reports a cycle with its full path, for every skill on it and for includers', () => {
    const cat = makeCatalog([
      { name: 'a', includes: ['b'] },
      { name: 'b', includes: ['c'] },
      { name: 'c', includes: ['a'] },
      { name: 'top', includes: ['ok', 'b'] },
      { name: 'ok', tools: ['t'] },
    ]);
    const r = resolveCatalog(cat, { backend });
    const byName = Object.fromEntries(r.skills.map((s) => [s.name, s]));
    expect(byName.a!.error).toEqual({ type: 'cycle_detected', message: 'include cycle: a -> b -> c -> a' });
    expect(byName.b!.error?.message).toBe('include cycle: b -> c -> a -> b');
    expect(byName.top!.error).toEqual({ type: 'cycle_detected', message: 'include cycle: top -> b -> c -> a -> b' });
    expect(byName.ok!.ok).toBe(true);
    expect(r.cycles).toEqual([{ skills: ['a', 'b', 'c'], path: ['a', 'b', 'c', 'a'] }]);
  });

  it('names the includer of an unknown skill, and the chain for its includers', () => {
    const cat = makeCatalog([
      { name: 'x', includes: ['y'] },
      { name: 'y', includes: ['ghost'] },
    ]);
    const r = resolveCatalog(cat, { backend });
    expect(r.skills[1]!.error).toEqual({
      type: 'skill_not_found',
      message: "skill 'y' includes unknown skill 'ghost'",
    });
    expect(r.skills[0]!.error).toEqual({
      type: 'skill_not_found',
      message: "skill 'y' includes unknown skill 'ghost' (include chain: x -> y -> ghost)",
    });
    expect(r.skills[0]!.entries).toEqual([]);
    expect(r.skills[0]!.summary).toEqual({ tool_count: 0, writes: false, read_only: true, source_types: [] });
  });

  it('goes through precedence by name and pins a scope with scope/name', () => {
    const cat = makeCatalog([
      { name: 'git', scope: 'global', tools: ['global_tool'] },
      { name: 'git', scope: 'project', tools: ['project_tool'] },
      { name: 'byname', includes: ['git'] },
      { name: 'pinned', includes: ['global/git'] },
      { name: 'badpin', includes: ['local/git'] },
    ]);
    const r = resolveCatalog(cat, { backend });
    const byName = Object.fromEntries(r.skills.map((s) => [s.name, s]));
    expect(byName.byname!.entries).toEqual([{ key: 'project_tool', kind: 'tool_ref', writes: false, source: 'git' }]);
    expect(byName.pinned!.entries).toEqual([
      { key: 'global_tool', kind: 'tool_ref', writes: false, source: 'global/git' },
    ]);
    expect(byName.badpin!.error).toEqual({
      type: 'skill_not_found',
      message: "skill 'badpin' includes unknown skill 'local/git'",
    });
  });

  it('reports one cycle per strongly connected component, however many skills reach it', () => {
    const specs: SkillSpec[] = [
      { name: 'p', includes: ['q'] },
      { name: 'q', includes: ['p', 'self'] },
      { name: 'self', includes: ['self'] },
    ];
    for (let i = 0; i < 50; i++) specs.push({ name: `user${i}`, includes: ['p'] });
    const r = resolveCatalog(makeCatalog(specs), { backend });
    expect(r.cycles).toEqual([
      { skills: ['p', 'q'], path: ['p', 'q', 'p'] },
      { skills: ['self'], path: ['self', 'self'] },
    ]);
    expect(r.skills.filter((s) => !s.ok)).toHaveLength(53);
    expect(findCycles(makeCatalog(specs), { backend })).toEqual(r.cycles);
  });

  it('resolves a 100,000-long include chain without recursion', () => {
    const r = resolveCatalog(chainCatalog(100_000, 'nowhere'), { backend });
    expect(r.skills).toHaveLength(100_000);
    const first = r.skills[0]!;
    expect(first.error?.type).toBe('skill_not_found');
    expect(first.error?.message).toContain(
      "skill 's99999' includes unknown skill 'nowhere' (include chain: s0 -> s1 -> ",
    );
    expect(first.error?.message).toContain('... (99984 more) ... -> s99992');
  });

  it('resolves a 100,000-long cycle in linear time and reports it once', () => {
    const specs: SkillSpec[] = [];
    const n = 100_000;
    for (let i = 0; i < n; i++)
      specs.push({ name: `c${String(i).padStart(6, '0')}`, includes: [`c${String((i + 1) % n).padStart(6, '0')}`] });
    const r = resolveCatalog(makeCatalog(specs), { backend });
    expect(r.cycles).toHaveLength(1);
    expect(r.cycles[0]!.path).toHaveLength(n + 1);
    expect(r.skills.every((s) => s.error?.type === 'cycle_detected')).toBe(true);
    expect(r.skills[5]!.error?.message).toMatch(/^include cycle: c000005 -> c000006 -> .* -> c000004 -> c000005$/);
  });

  it('resolves a long acyclic chain with the full closure in each list', () => {
    const r = resolveCatalog(chainCatalog(2_000), { backend });
    expect(r.skills[0]!.summary.tool_count).toBe(2_000);
    expect(r.skills[0]!.entries[0]).toEqual({ key: 't1999', kind: 'tool_ref', writes: false, source: 's1999' });
    expect(r.stats.arenaEntries).toBe((2_000 * 2_001) / 2);
  });
});

describe('resolve API', () => {
  it('reports an unknown requested skill as data, and throws from the OrThrow variant', () => {
    const cat = makeCatalog([
      { name: 'a', tools: ['t'] },
      { name: 'loop', includes: ['loop'] },
    ]);
    expect(resolveSkill(cat, 'zzz').error).toEqual({ type: 'skill_not_found', message: "unknown skill 'zzz'" });
    expect(resolveSkillOrThrow(cat, 'a').map((e) => e.key)).toEqual(['t']);
    let caught: unknown;
    try {
      resolveSkillOrThrow(cat, 'loop');
    } catch (error) {
      caught = error;
    }
    expect(isSkillgraphError(caught) && caught.code).toBe('resolve.cycle');
  });

  it('keeps every skill of a long cycle in the thrown details, shortening only the message', () => {
    const names = Array.from({ length: 20 }, (_, i) => `s${i + 1}`);
    const cat = makeCatalog(names.map((name, i) => ({ name, includes: [names[(i + 1) % names.length]!] })));
    let caught: unknown;
    try {
      resolveSkillOrThrow(cat, 's1');
    } catch (error) {
      caught = error;
    }
    if (!isSkillgraphError(caught)) throw new Error('resolveSkillOrThrow did not throw');
    expect(caught.details['path']).toEqual([...names, 's1']);
    expect(caught.message).toContain('... (5 more) ...');
    // Library callers read it from the failure too; JSON of a resolution does not carry it.
    const failure = resolveSkill(cat, 's3').error!;
    expect(failure.path).toEqual([...names.slice(2), ...names.slice(0, 3)]);
    expect(Object.keys(JSON.parse(JSON.stringify(failure)))).toEqual(['type', 'message']);
  });

  it('ends the path of an unknown include with the missing name', () => {
    const failure = resolveSkill(chainCatalog(30, 'ghost'), 's0').error!;
    expect(failure.type).toBe('skill_not_found');
    expect(failure.path).toHaveLength(31);
    expect(failure.path.at(-1)).toBe('ghost');
    expect(resolveSkill(chainCatalog(1), 'nope').error!.path).toEqual(['nope']);
  });

  it('carries declared dependencies in the summary, and finds a declared MCP server nothing in the closure provides', () => {
    const cat = makeCatalog([
      { name: 'gh', includes: ['base'], dependencies: { tools: ['git'], mcp_servers: ['github', 'linear'] } },
      { name: 'base', mcp: [{ server: 'github', tools: ['search'] }] },
      { name: 'plain', tools: ['t'] },
    ]);
    const r = resolveCatalog(cat, { backend: 'js' });
    const byName = Object.fromEntries(r.skills.map((s) => [s.name, s]));
    expect(byName.gh!.summary).toEqual({
      tool_count: 1,
      writes: false,
      read_only: true,
      source_types: ['mcp'],
      dependencies: { tools: ['git'], mcp_servers: ['github', 'linear'] },
    });
    expect(byName.plain!.summary).not.toHaveProperty('dependencies');
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([
      ['resolve.mcp-server-unprovided', 'warning', '/skills/project/gh/SKILL.md'],
    ]);
    expect(r.diagnostics[0]!.message).toContain("'linear'");
    // Resolving only the includer still sees the closure; a skill that provides its own server is clean.
    expect(resolveCatalog(cat, { backend: 'js', names: ['gh'] }).diagnostics).toHaveLength(1);
    const own = makeCatalog([
      { name: 'own', mcp: [{ server: 'linear', tools: ['issue'] }], dependencies: { mcp_servers: ['linear'] } },
    ]);
    expect(resolveCatalog(own, { backend: 'js' }).diagnostics).toEqual([]);
  });

  it('prints entries through JSON even though they are built lazily', () => {
    const cat = makeCatalog([{ name: 'a', tools: ['t'] }]);
    const json = JSON.parse(JSON.stringify(resolveCatalog(cat, { backend: 'js' }).skills));
    expect(json).toEqual([
      {
        name: 'a',
        ok: true,
        entries: [{ key: 't', kind: 'tool_ref', writes: false, source: 'a' }],
        summary: { tool_count: 1, writes: false, read_only: true, source_types: ['tool_ref'] },
      },
    ]);
  });

  it('agrees with the naive reference on the bundled shapes', () => {
    const cat = makeCatalog([
      { name: 'r', includes: ['d1', { skill: 'd2', overrides: { base: { description: 'via d2' } } }], tools: ['base'] },
      { name: 'd1', includes: ['base'] },
      { name: 'd2', includes: ['base'] },
      { name: 'base', tools: ['base', { name: 'w', writes: true }] },
    ]);
    for (const backend of BACKENDS) {
      expect(JSON.parse(JSON.stringify(resolveCatalog(cat, { backend }).skills))).toEqual(
        cat.skills.map((s) => naiveResolve(cat, s.descriptor.name)),
      );
    }
  });

  it('rejects an unknown backend name', () => {
    expect(() => resolveCatalog(makeCatalog([]), { backend: 'gpu' as never })).toThrow(/backend must be one of/);
  });
});

describe('the pure resolve stage', () => {
  it('runs its reference kernel for js and auto, and the WASM kernel only when it is passed in', () => {
    expect(pickResolver('js').name).toBe('js');
    expect(pickResolver('auto').name).toBe('js');
    expect(() => pickResolver('wasm')).toThrow(expect.objectContaining({ code: 'wasm.missing' }));
    expect(() => pickResolver('fast' as never)).toThrow(expect.objectContaining({ code: 'options.invalid' }));
  });
});
