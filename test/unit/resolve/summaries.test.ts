import { describe, expect, it } from 'vitest';
import { resolveCatalog, resolveSummaries } from '../../../src/engine/resolve.js';
import { chainCatalog, makeCatalog, type SkillSpec } from './_catalog.js';

const BACKENDS = ['js', 'wasm'] as const;
const LAYOUTS = ['arena', 'delta'] as const;

// Skills that resolve, override, share keys, meet a cycle, include a missing skill, and include a failed one.
const SPECS: SkillSpec[] = [
  {
    name: 'root',
    includes: ['mid', { skill: 'ro', overrides: { edit: { writes: false } } }],
    tools: ['own'],
    inline: [{ description: 'x' }],
    mcp: [{ server: 'gh', tools: [{ name: 'push', writes: true }] }],
  },
  { name: 'mid', includes: ['leaf'], tools: ['shared'], agentSkills: ['vendor/pdf'] },
  { name: 'leaf', tools: ['shared', { name: 'edit', writes: true }] },
  { name: 'ro', tools: [{ name: 'edit', writes: true }] },
  { name: 'loop-a', includes: ['loop-b'], tools: ['a'] },
  { name: 'loop-b', includes: ['loop-a'] },
  { name: 'lost', includes: ['nowhere'], tools: ['t'] },
  { name: 'via-lost', includes: ['lost'] },
  { name: 'deps', tools: ['x'], dependencies: { mcp_servers: ['gh'] } },
  { name: 'bare' },
];

/** What resolveCatalog says of each skill, as resolveSummaries says it (no declared dependencies). */
function expected(catalog: ReturnType<typeof makeCatalog>, options: Parameters<typeof resolveCatalog>[1]) {
  return resolveCatalog(catalog, options).skills.map((s) => {
    if (!s.ok) return undefined;
    const { dependencies: _deps, ...summary } = s.summary as typeof s.summary & { dependencies?: unknown };
    return summary;
  });
}

describe.each(BACKENDS)('resolveSummaries (%s backend)', (backend) => {
  it.each(LAYOUTS)('says what resolveCatalog says of every skill (%s layout)', (layout) => {
    const catalog = makeCatalog(SPECS);
    const summaries = resolveSummaries(catalog, { backend, layout });
    expect(summaries).toEqual(expected(catalog, { backend, layout }));
    const byName = new Map(catalog.skills.map((p, i) => [p.descriptor.name, summaries[i]]));
    expect(byName.get('loop-a')).toBeUndefined();
    expect(byName.get('via-lost')).toBeUndefined();
    expect(byName.get('root')).toEqual({
      tool_count: 6,
      writes: true,
      read_only: false,
      source_types: ['tool_ref', 'inline', 'mcp', 'agent_skill'],
    });
    expect(byName.get('bare')).toEqual({ tool_count: 0, writes: false, read_only: true, source_types: [] });
  });

  it('handles a long include chain, one summary per skill in catalog order', () => {
    const catalog = chainCatalog(300);
    const summaries = resolveSummaries(catalog, { backend });
    expect(summaries).toHaveLength(catalog.skills.length);
    expect(summaries).toEqual(expected(catalog, { backend }));
  });

  it('gives skills of one summary equal frozen values, and a failed skill undefined at its own index', () => {
    const catalog = makeCatalog([
      { name: 'a', tools: ['x'] },
      { name: 'b', tools: ['y'] },
      { name: 'c', includes: ['gone'] },
      { name: 'd', tools: ['x', 'y'] },
    ]);
    const summaries = resolveSummaries(catalog, { backend });
    expect(summaries).toHaveLength(4);
    expect(summaries[0]).toEqual({ tool_count: 1, writes: false, read_only: true, source_types: ['tool_ref'] });
    expect(summaries[1]).toEqual(summaries[0]);
    expect(Object.isFrozen(summaries[1])).toBe(true);
    expect(2 in summaries).toBe(true);
    expect(summaries[2]).toBeUndefined();
    expect(summaries[3]).toEqual({ tool_count: 2, writes: false, read_only: true, source_types: ['tool_ref'] });
  });

  it('is frozen, like every resolution result', () => {
    const summaries = resolveSummaries(makeCatalog(SPECS), { backend });
    expect(Object.isFrozen(summaries)).toBe(true);
    expect(summaries.every((s) => s === undefined || Object.isFrozen(s))).toBe(true);
  });
});
