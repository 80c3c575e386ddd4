import { describe, expect, it } from 'vitest';
import { graphText, includeGraphWithCycles } from '../../../src/resolve/graph.js';
import { findCycles, includeGraph, renderIncludeGraph } from '../../../src/resolve/index.js';
import { makeCatalog, type SkillSpec } from './_catalog.js';

const catalog = makeCatalog([
  { name: 'a', includes: ['b', 'ghost'] },
  { name: 'b', includes: ['a', 'c'] },
  { name: 'c', tools: ['t'] },
  { name: 'q"uote', includes: ['global/c'] },
  { name: 'c', scope: 'global' },
]);

describe('include graph', () => {
  it('marks edges inside a cycle, missing includes, and pinned shadowed packages', () => {
    const g = includeGraph(catalog);
    expect(g.nodes.map((n) => [n.label, n.cyclic])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['q"uote', false],
      ['global/c', false],
    ]);
    expect(g.edges).toEqual([
      { from: 'a', to: 'b', missing: false, cycle: true },
      { from: 'a', to: 'ghost', missing: true, cycle: false },
      { from: 'b', to: 'a', missing: false, cycle: true },
      { from: 'b', to: 'c', missing: false, cycle: false },
      { from: 'q"uote', to: 'global/c', missing: false, cycle: false },
    ]);
  });

  it('renders Mermaid with thick red cycle links and escaped labels', () => {
    const text = renderIncludeGraph(catalog, 'mermaid');
    expect(text).toContain('  n0["a"]:::cycle\n');
    expect(text).toContain('  n3["q#quot;uote"]\n');
    expect(text).toContain('  m0["ghost (missing)"]:::missing\n');
    expect(text).toContain('  n0 ==> n1\n  n0 -.-> m0\n  n1 ==> n0\n  n1 --> n2\n');
    expect(text).toContain('  linkStyle 0,2 stroke:#c00,stroke-width:3px\n');
  });

  it('renders DOT with red cycle edges and dashed missing includes', () => {
    const text = renderIncludeGraph(catalog, 'dot');
    expect(text.startsWith('digraph includes {\n')).toBe(true);
    expect(text).toContain('  n3 [label="q\\"uote"];\n');
    expect(text).toContain('  n0 -> n1 [color=red, penwidth=2];\n');
    expect(text).toContain('  n0 -> m0 [style=dashed, color=gray];\n');
    expect(text).toContain('  n1 -> n2;\n');
  });

  it('rejects an unknown format', () => {
    expect(() => renderIncludeGraph(catalog, 'svg' as never)).toThrow(/format must be one of mermaid, dot/);
  });

  it('gives the same graph, text and cycle reports from one encoding as includeGraph, renderIncludeGraph and findCycles', () => {
    const specs: SkillSpec[] = [
      { name: 'p', includes: ['q'] },
      { name: 'q', includes: ['r', 'p'] },
      { name: 'r', includes: ['q'] },
      { name: 's', includes: ['s'] },
      { name: 'top', includes: ['p', 'ghost'] },
      { name: 'leaf', tools: ['t'] },
    ];
    for (const cat of [catalog, makeCatalog(specs)]) {
      const both = includeGraphWithCycles(cat);
      expect(both.graph).toEqual(includeGraph(cat));
      expect(both.cycles).toEqual(findCycles(cat, { backend: 'js' }));
      expect(graphText(both.graph, 'dot')).toBe(renderIncludeGraph(cat, 'dot'));
      expect(graphText(both.graph, 'mermaid')).toBe(renderIncludeGraph(cat, 'mermaid'));
    }
    expect(includeGraphWithCycles(makeCatalog(specs)).cycles.map((c) => c.path.join(' -> '))).toEqual(['p -> q -> p', 's -> s']);
  });
});
