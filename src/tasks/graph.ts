import { SkillgraphError } from '../model/errors.js';
import type { CycleReport, IncludeGraph } from '../resolve/index.js';
import {
  GRAPH_FORMATS,
  graphText,
  includeGraphWithCycles,
  withImplicitEdges,
  type GraphFormat,
} from '../resolve/graph.js';
import { implicitEdges } from '../routing/edges.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import type { TaskStatus } from './catalog.js';
import { bodySource, folderProbe, skillDir } from './routing-io.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface GraphTaskOptions {
  readonly request: CatalogRequest;
  readonly format?: GraphFormat;
}

export interface GraphRun {
  readonly status: TaskStatus;
  readonly format: GraphFormat;
  readonly graph: IncludeGraph;
  readonly cycles: readonly CycleReport[];
  readonly text: string;
  /** Includes, implicit edges (links and mentions), includes of unknown skills. */
  readonly counts: { readonly includes: number; readonly implicit: number; readonly missing: number };
  readonly document: Record<string, unknown>;
}

const GRAPH_TASK_KEYS = optionKeys<GraphTaskOptions>('graphTask', { request: true, format: true });

/** The include graph of the catalog `options.request` describes; status 1 on a cycle or unknown include. */
export async function graphTask(options: GraphTaskOptions): Promise<GraphRun> {
  checkOptionKeys(options, GRAPH_TASK_KEYS);
  const format = options.format ?? 'mermaid';
  if (!(GRAPH_FORMATS as readonly string[]).includes(format)) {
    throw new SkillgraphError(
      'options.invalid',
      `graph option 'format' must be one of ${GRAPH_FORMATS.join(', ')}, got '${String(format)}'`,
      { field: 'format' },
    );
  }
  const { catalog } = await loadRequest(options.request);
  // Perf: one encoding and one Tarjan pass for text, JSON and cycle reports; no skill is resolved.
  const includes = includeGraphWithCycles(catalog);
  const targets = catalog.skills.map((p) => ({ name: p.descriptor.name, dir: skillDir(p) }));
  const routing = implicitEdges(catalog.skills.map(bodySource), targets, { probe: folderProbe, severity: 'off' });
  const graph = withImplicitEdges(includes.graph, routing.edges);
  const cycles = includes.cycles;
  const text = graphText(graph, format);
  const missing = graph.edges.filter((e) => e.missing).length;
  const counts = {
    includes: includes.graph.edges.length,
    implicit: graph.edges.length - includes.graph.edges.length,
    missing,
  };
  const document = { format, text, nodes: graph.nodes, edges: graph.edges, cycles };
  return { status: cycles.length > 0 || missing > 0 ? 1 : 0, format, graph, cycles, text, counts, document };
}
