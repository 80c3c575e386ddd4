/**
 * `skillgraph graph [--format mermaid|dot]` — the include graph as text on
 * stdout, cycles highlighted. JSON: `{schemaVersion, format, text, nodes, edges, cycles}`.
 * Exit 1 when the graph has a cycle or an include of an unknown skill.
 */
import { GRAPH_FORMATS, graphText, includeGraphWithCycles, type GraphFormat } from '../../resolve/graph.js';
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
  const { graph, cycles } = includeGraphWithCycles(catalog);
  const text = graphText(graph, format);
  const missing = graph.edges.filter((e) => e.missing).length;
  if (values.json) writeJson(io, { format, text, nodes: graph.nodes, edges: graph.edges, cycles });
  else {
    io.stdout.write(text);
    note(io, `${graph.nodes.length} skills, ${graph.edges.length} includes, ${cycles.length} cycles, ${missing} unknown includes\n`);
  }
  return cycles.length > 0 || missing > 0 ? EXIT.findings : EXIT.ok;
}
