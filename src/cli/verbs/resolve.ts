/**
 * `skillgraph resolve [NAME...]` — flatten each skill's tools.
 * JSON: `{schemaVersion, skills: [{name, ok, entries, summary, error?, metadata}], cycles,
 * counts, diagnostics (catalog errors: skill files left out), stats: {backend, nodes, edges,
 * arena_entries, timings_ms (with --timings)}}`; with
 * `--summary` the skills carry no entries. Exit 1 when a requested skill fails.
 */
import { backendChoice } from '../../engine/backend.js';
import type { BackendChoice } from '../../model/backend.js';
import { isSkillgraphError } from '../../model/errors.js';
import { resolveCatalog } from '../../engine/resolve.js';
import type { CatalogResolution } from '../../resolve/index.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, type CliIo } from '../io.js';
import { writeResolveDocument } from '../resolve-document.js';
import { requirementsLine } from './describe.js';

export const spec: VerbSpec = {
  name: 'resolve',
  summary: "flatten skills' includes, tools, inline tools, MCP tools and nested skills",
  usage: '[NAME...] [--backend auto|wasm|js] [--summary] [--root PATH[:scope[:precedence]]]... [--json]',
  flags: {
    ...CATALOG_FLAGS,
    summary: { type: 'boolean', description: 'capability summaries and counts only, no entry lists' },
    timings: { type: 'boolean', description: 'add stats.timings_ms (milliseconds per phase) to the JSON; they differ run to run' },
  },
  positionals: 'names',
};

/** How many catalog errors the human output shows before it counts the rest. */
const LEFT_OUT_SHOWN = 5;

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  let choice: BackendChoice;
  try {
    choice = backendChoice(values.backend, io.env);
  } catch (error) {
    if (isSkillgraphError(error)) usageError(io, spec.name, error.message);
    throw error;
  }
  const t0 = performance.now();
  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const catalogMs = Math.round((performance.now() - t0) * 1000) / 1000;
  const result = resolveCatalog(catalog, { backend: choice, ...(positionals.length > 0 ? { names: positionals } : {}) });
  const summaryOnly = values.summary === true;
  const failed = result.skills.filter((s) => !s.ok).length;
  const counts = {
    skills: result.skills.length,
    ok: result.skills.length - failed,
    failed,
    cycles: result.cycles.length,
    entries: result.skills.reduce((n, s) => n + s.summary.tool_count, 0),
  };
  // A skill whose SKILL.md has errors never reaches the catalog, so the resolver cannot name
  // it: list those errors here so no skill disappears silently (details: `skillgraph catalog`).
  // A walk stopped by --max-dirs left skills unseen: an include of one would read as an unknown skill without it.
  const leftOut = catalog.diagnostics.filter((d) => d.severity === 'error' || d.code === 'discover.dir-budget');
  if (values.json) {
    await writeResolveDocument(io, catalog, result, summaryOnly, {
      cycles: result.cycles,
      counts,
      diagnostics: [...leftOut, ...result.diagnostics],
      stats: resolveStats(result, values.timings === true ? catalogMs : undefined),
    });
  } else {
    writeHuman(result, summaryOnly, io);
    for (const d of result.diagnostics) note(io, `${d.severity}: ${d.file} ${d.code} ${d.message}\n`);
    for (const d of leftOut.slice(0, LEFT_OUT_SHOWN)) note(io, `left out: ${d.file}:${d.line}:${d.column} ${d.code} ${d.message}\n`);
    if (leftOut.length > LEFT_OUT_SHOWN) note(io, `left out: … and ${leftOut.length - LEFT_OUT_SHOWN} more errors (skillgraph catalog lists them all)\n`);
    note(io, `${counts.skills} skills: ${counts.ok} resolved, ${counts.failed} failed, ${counts.cycles} cycles (${result.stats.backend} backend)\n`);
  }
  return failed > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * `stats` of the document, snake_case; milliseconds per phase only when asked for (`--timings`):
 * without them the document is the same on every run.
 */
export function resolveStats(result: CatalogResolution, catalogMs?: number): Record<string, unknown> {
  const { backend, nodes, edges, arenaEntries, layout, timingsMs } = result.stats;
  return {
    backend,
    nodes,
    edges,
    arena_entries: arenaEntries,
    ...(layout !== undefined ? { layout } : {}),
    ...(catalogMs !== undefined ? { timings_ms: { catalog: catalogMs, ...timingsMs } } : {}),
  };
}

/** Lines gathered per stdout write: the human listing of a long chain is quadratic too. */
const HUMAN_LINES_PER_WRITE = 512;

function writeHuman(result: CatalogResolution, summaryOnly: boolean, io: CliIo): void {
  const color = useColor(io, 'stdout');
  let out: string[] = [];
  const push = (line: string): void => {
    out.push(line);
    if (out.length < HUMAN_LINES_PER_WRITE) return;
    io.stdout.write(`${out.join('\n')}\n`);
    out = [];
  };
  for (let i = 0; i < result.skills.length; i++) {
    const s = result.skills[i]!;
    if (!s.ok) {
      push(`${paint(color, 'red', '✗')} ${paint(color, 'bold', s.name)}  ${s.error?.type}: ${s.error?.message}`);
      continue;
    }
    const { tool_count, writes, source_types } = s.summary;
    push(`${paint(color, 'green', '✓')} ${paint(color, 'bold', s.name)}  ${tool_count} tools, ${writes ? paint(color, 'yellow', 'writes') : 'read-only'}${source_types.length ? ` [${source_types.join(', ')}]` : ''}`);
    const requires = s.summary.dependencies ? requirementsLine(s.summary.dependencies) : '';
    if (requires) push(`    ${paint(color, 'dim', `requires: ${requires}`)}`);
    if (summaryOnly) continue;
    // Perf: entries by occurrence id, not `s.entries` (kept once read: 50 M references on a 10k chain).
    for (const occ of result.lists.occurrences(i)) {
      const e = result.lists.entry(occ);
      const via = e.source === s.name ? '' : paint(color, 'dim', `  (from ${e.source})`);
      push(`    ${e.writes ? paint(color, 'yellow', 'w') : ' '} ${e.key}${via}`);
    }
  }
  for (const c of result.cycles) push(`${paint(color, 'red', 'cycle')} ${c.path.join(' -> ')}  (${c.skills.length} skills)`);
  if (out.length > 0) io.stdout.write(`${out.join('\n')}\n`);
}
