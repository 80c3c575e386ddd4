// The include graph as Mermaid or DOT. Cycles are red, missing includes dashed to a grey node,
// implicit edges dotted; order follows the encoding so the text is deterministic.
import type { Catalog } from '../model/catalog.js';
import { SkillgraphError } from '../model/errors.js';
import { reportCycles, type CycleReport } from './cycles.js';
import { encodeCatalog, type EncodedCatalog } from './encode.js';
import { tarjan, type Components } from './kernel-js.js';

export const GRAPH_FORMATS = ['mermaid', 'dot'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

export interface IncludeGraphNode {
  readonly id: string;
  /** Name, or `scope/name` for a shadowed package reached through a pin. */
  readonly label: string;
  readonly scope: string;
  readonly cyclic: boolean;
}

/** Declared (`include`) or found in the skill's text (`link`, `mention`). */
export type EdgeKind = 'include' | 'link' | 'mention';

export interface IncludeGraphEdge {
  readonly kind: EdgeKind;
  readonly from: string;
  /** For a missing include, the include as written. */
  readonly to: string;
  readonly missing: boolean;
  readonly cycle: boolean;
  /** An implicit edge: where it is first written, and how many times it is. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly count?: number;
}

export interface ImplicitEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'link' | 'mention';
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface IncludeGraph {
  readonly nodes: readonly IncludeGraphNode[];
  readonly edges: readonly IncludeGraphEdge[];
}

/** The include graph of every catalog skill and every package it reaches. */
export function includeGraph(catalog: Catalog): IncludeGraph {
  const enc = encodeCatalog(catalog);
  return graphOf(enc, tarjan(enc.graph.nodeCount, enc.graph.edgeOffsets, enc.graph.edgeTarget));
}

/** The include graph and its cycle reports from one encoding, without resolving any skill. */
export function includeGraphWithCycles(catalog: Catalog): {
  readonly graph: IncludeGraph;
  readonly cycles: readonly CycleReport[];
} {
  const enc = encodeCatalog(catalog);
  const components = tarjan(enc.graph.nodeCount, enc.graph.edgeOffsets, enc.graph.edgeTarget);
  return { graph: graphOf(enc, components), cycles: reportCycles(enc, components) };
}

function graphOf(enc: EncodedCatalog, { component, cyclic }: Components): IncludeGraph {
  const g = enc.graph;
  const nodes = enc.nodes.map((pkg, v) => ({
    id: `n${v}`,
    label: enc.labels[v]!,
    scope: pkg.descriptor.source.scope,
    cyclic: cyclic[v] === 1,
  }));
  const edges: IncludeGraphEdge[] = [];
  for (let v = 0; v < g.nodeCount; v++) {
    for (let e = g.edgeOffsets[v]!; e < g.edgeOffsets[v + 1]!; e++) {
      const t = g.edgeTarget[e]!;
      edges.push({
        kind: 'include',
        from: enc.labels[v]!,
        to: t < 0 ? enc.edgeLabels[e]! : enc.labels[t]!,
        missing: t < 0,
        cycle: t >= 0 && cyclic[v] === 1 && component[v] === component[t],
      });
    }
  }
  return { nodes, edges };
}

/** The graph with implicit edges after its includes, one per source, target and kind. */
export function withImplicitEdges(graph: IncludeGraph, implicit: readonly ImplicitEdge[]): IncludeGraph {
  const nodes = new Set(graph.nodes.map((n) => n.label));
  const merged = new Map<string, IncludeGraphEdge & { count: number }>();
  for (const e of implicit) {
    if (!nodes.has(e.from) || !nodes.has(e.to)) continue;
    const key = `${e.from}\u0000${e.to}\u0000${e.kind}`;
    const seen = merged.get(key);
    if (seen) seen.count++;
    else
      merged.set(key, {
        kind: e.kind,
        from: e.from,
        to: e.to,
        missing: false,
        cycle: false,
        file: e.file,
        line: e.line,
        column: e.column,
        count: 1,
      });
  }
  return { nodes: graph.nodes, edges: [...graph.edges, ...merged.values()] };
}

const mermaidText = (s: string): string => s.replace(/"/g, '#quot;');
const dotText = (s: string): string => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** Render the include graph as text. */
export function renderIncludeGraph(catalog: Catalog, format: GraphFormat): string {
  if (!(GRAPH_FORMATS as readonly string[]).includes(format)) {
    throw new SkillgraphError(
      'options.invalid',
      `format must be one of ${GRAPH_FORMATS.join(', ')}, got '${String(format)}'`,
      { field: 'format' },
    );
  }
  return graphText(includeGraph(catalog), format);
}

/** The text of a graph already built (anything but `mermaid` renders DOT). */
export function graphText(graph: IncludeGraph, format: GraphFormat): string {
  const idOf = new Map(graph.nodes.map((n) => [n.label, n.id] as const));
  const missingIds = new Map<string, string>();
  for (const e of graph.edges) if (e.missing && !missingIds.has(e.to)) missingIds.set(e.to, `m${missingIds.size}`);
  const target = (e: IncludeGraphEdge): string => (e.missing ? missingIds.get(e.to)! : idOf.get(e.to)!);
  const lines: string[] = [];
  if (format === 'mermaid') {
    lines.push('flowchart LR');
    for (const n of graph.nodes) lines.push(`  ${n.id}["${mermaidText(n.label)}"]${n.cyclic ? ':::cycle' : ''}`);
    for (const [label, id] of missingIds) lines.push(`  ${id}["${mermaidText(label)} (missing)"]:::missing`);
    const red: number[] = [];
    const implicit: number[] = [];
    graph.edges.forEach((e, i) => {
      const arrow = e.kind !== 'include' ? `-. ${e.kind} .->` : e.missing ? '-.->' : e.cycle ? '==>' : '-->';
      lines.push(`  ${idOf.get(e.from)!} ${arrow} ${target(e)}`);
      if (e.cycle) red.push(i);
      if (e.kind !== 'include') implicit.push(i);
    });
    lines.push('  classDef cycle fill:#fdd,stroke:#c00,stroke-width:2px');
    lines.push('  classDef missing fill:#eee,stroke:#999,stroke-dasharray:4 3');
    if (red.length > 0) lines.push(`  linkStyle ${red.join(',')} stroke:#c00,stroke-width:3px`);
    if (implicit.length > 0) lines.push(`  linkStyle ${implicit.join(',')} stroke:#36c`);
  } else {
    lines.push('digraph includes {', '  rankdir=LR;', '  node [shape=box];');
    for (const n of graph.nodes)
      lines.push(`  ${n.id} [label="${dotText(n.label)}"${n.cyclic ? ', color=red, fontcolor=red' : ''}];`);
    for (const [label, id] of missingIds)
      lines.push(`  ${id} [label="${dotText(label)} (missing)", style=dashed, color=gray];`);
    for (const e of graph.edges) {
      const attrs =
        e.kind !== 'include'
          ? ` [style=dotted, color=blue, label="${e.kind}"]`
          : e.missing
            ? ' [style=dashed, color=gray]'
            : e.cycle
              ? ' [color=red, penwidth=2]'
              : '';
      lines.push(`  ${idOf.get(e.from)!} -> ${target(e)}${attrs};`);
    }
    lines.push('}');
  }
  return `${lines.join('\n')}\n`;
}
