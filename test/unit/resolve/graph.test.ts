import { describe, expect, it } from 'vitest';
import { graphText, includeGraphWithCycles, withImplicitEdges } from '../../../src/resolve/graph.js';
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
      { kind: 'include', from: 'a', to: 'b', missing: false, cycle: true },
      { kind: 'include', from: 'a', to: 'ghost', missing: true, cycle: false },
      { kind: 'include', from: 'b', to: 'a', missing: false, cycle: true },
      { kind: 'include', from: 'b', to: 'c', missing: false, cycle: false },
      { kind: 'include', from: 'q"uote', to: 'global/c', missing: false, cycle: false },
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
    expect(includeGraphWithCycles(makeCatalog(specs)).cycles.map((c) => c.path.join(' -> '))).toEqual([
      'p -> q -> p',
      's -> s',
    ]);
  });
});

describe('implicit edges in the graph', () => {
  const catalog = makeCatalog([{ name: 'a', includes: ['b'] }, { name: 'b' }, { name: 'c' }]);
  const at = { file: '/s/a/SKILL.md', line: 3, column: 1 };
  const graph = withImplicitEdges(includeGraph(catalog), [
    { from: 'a', to: 'c', kind: 'link', ...at },
    { from: 'a', to: 'c', kind: 'link', ...at, line: 9 },
    { from: 'c', to: 'b', kind: 'mention', ...at, file: '/s/c/SKILL.md' },
    { from: 'c', to: 'gone', kind: 'mention', ...at },
  ]);

  it('come after the includes, one per source, target and kind, with the first place and a count', () => {
    expect(graph.edges.map((e) => [e.kind, e.from, e.to, e.count ?? 0])).toEqual([
      ['include', 'a', 'b', 0],
      ['link', 'a', 'c', 2],
      ['mention', 'c', 'b', 1],
    ]);
    expect(graph.edges[1]).toMatchObject({ file: '/s/a/SKILL.md', line: 3, column: 1, missing: false, cycle: false });
  });

  it('render dotted and labelled with their kind', () => {
    const mermaid = graphText(graph, 'mermaid');
    expect(mermaid).toContain('  n0 --> n1\n  n0 -. link .-> n2\n  n2 -. mention .-> n1\n');
    expect(mermaid).toContain('  linkStyle 1,2 stroke:#36c\n');
    expect(graphText(graph, 'dot')).toContain('  n0 -> n2 [style=dotted, color=blue, label="link"];\n');
  });
});
