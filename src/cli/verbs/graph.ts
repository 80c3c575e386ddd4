/**
 * `skillgraph graph [--format mermaid|dot]` — the include graph as text on
 * stdout, cycles highlighted, with the implicit edges (links and mentions in
 * the skills' SKILL.md) beside the includes. JSON: `{schemaVersion, format,
 * text, nodes, edges, cycles}`, each edge with its `kind`.
 * Exit 1 when the graph has a cycle or an include of an unknown skill.
 */
import { GRAPH_FORMATS, graphText, includeGraphWithCycles, withImplicitEdges, type GraphFormat } from '../../resolve/graph.js';
import { bodySource, folderProbe, skillDir } from '../../tasks/routing-io.js';
import { implicitEdges } from '../../routing/edges.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'graph',
  summary: 'print the include graph as Mermaid or Graphviz DOT, cycles highlighted',
  usage: '[--format mermaid|dot] [--root PATH[:scope[:precedence]]]... [--json]',
  flags: {
    ...CATALOG_FLAGS,
    format: { type: 'string', value: 'F', description: `${GRAPH_FORMATS.join(' or ')} (default mermaid)` },
  },
  positionals: 'none',
  examples: [
    'skillgraph graph --format mermaid',
    'skillgraph graph --format dot --root skills | dot -Tsvg',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const format = (typeof values.format === 'string' ? values.format : 'mermaid') as GraphFormat;
  if (!(GRAPH_FORMATS as readonly string[]).includes(format)) usageError(io, spec.name, `--format must be one of ${GRAPH_FORMATS.join(', ')}, got '${format}'`);
  const { catalog } = await catalogFromFlags(values, io, spec.name);
  // Perf: one encoding and one Tarjan pass for text, JSON and cycle reports; no skill is resolved.
  const includes = includeGraphWithCycles(catalog);
  const targets = catalog.skills.map((p) => ({ name: p.descriptor.name, dir: skillDir(p) }));
  const routing = implicitEdges(catalog.skills.map(bodySource), targets, { probe: folderProbe, severity: 'off' });
  const graph = withImplicitEdges(includes.graph, routing.edges);
  const cycles = includes.cycles;
  const text = graphText(graph, format);
  const missing = graph.edges.filter((e) => e.missing).length;
  const implicit = graph.edges.length - includes.graph.edges.length;
  if (values.json) writeJson(io, { format, text, nodes: graph.nodes, edges: graph.edges, cycles });
  else {
    io.stdout.write(text);
    note(io, `${graph.nodes.length} skills, ${includes.graph.edges.length} includes, ${implicit} links or mentions, ${cycles.length} cycles, ${missing} unknown includes\n`);
  }
  return cycles.length > 0 || missing > 0 ? EXIT.findings : EXIT.ok;
}
