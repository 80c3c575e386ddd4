// `skillgraph graph`: exit 1 when the graph has a cycle or an include of an unknown skill.
import { GRAPH_FORMATS, type GraphFormat } from '../../resolve/graph.js';
import { graphTask } from '../../tasks/graph.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
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
  examples: ['skillgraph graph --format mermaid', 'skillgraph graph --format dot --root skills | dot -Tsvg'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const format = (typeof values.format === 'string' ? values.format : 'mermaid') as GraphFormat;
  if (!(GRAPH_FORMATS as readonly string[]).includes(format))
    usageError(io, spec.name, `--format must be one of ${GRAPH_FORMATS.join(', ')}, got '${format}'`);
  const request = catalogRequest(values, io, spec.name);
  const result = await runTask(io, spec.name, () => graphTask({ request, format }));
  if (values.json) writeJson(io, result.document);
  else {
    const { graph, cycles, counts } = result;
    io.stdout.write(result.text);
    note(
      io,
      `${graph.nodes.length} skills, ${counts.includes} includes, ${counts.implicit} links or mentions,` +
        ` ${cycles.length} cycles, ${counts.missing} unknown includes\n`,
    );
  }
  return result.status;
}
