/**
 * `skillgraph resolve [NAME...]` — flatten each skill's tools.
 * JSON: `{schemaVersion, skills: [{name, ok, entries?, summary, error?: {type, message, path},
 * metadata}], cycles, counts, diagnostics (catalog errors: skill files left out), stats: {backend,
 * nodes, edges, arena_entries, timings_ms (with --timings)}}`. Entry lists come for the skills
 * named, or for every skill with `--entries`; never with `--summary`. Exit 1 when a requested skill fails.
 * `--shard i/n --json` parses one part and records the options; `skillgraph merge` resolves.
 */
import { backendChoice } from '../../engine/backend.js';
import type { BackendChoice } from '../../model/backend.js';
import type { Catalog } from '../../model/catalog.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { isSkillgraphError } from '../../model/errors.js';
import { resolveCatalog } from '../../engine/resolve.js';
import type { CatalogResolution } from '../../resolve/index.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { lazyCatalogRequest } from '../catalog-request.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { writeResolveDocument } from '../../tasks/resolve-document.js';
import { parseShard } from '../../tasks/shard.js';
import { shortChain } from '../../resolve/index.js';
import { requirementsLine } from './describe.js';

export const spec: VerbSpec = {
  name: 'resolve',
  summary: "flatten skills' includes, tools, inline tools, MCP tools and nested skills",
  usage: '[NAME...] [--backend auto|wasm|js] [--summary | --entries] [--root PATH[:scope[:precedence]]]... [--shard i/n] [--json]',
  flags: {
    ...CATALOG_FLAGS,
    summary: { type: 'boolean', description: 'capability summaries and counts only, no entry lists' },
    entries: { type: 'boolean', description: "every skill's entry list, also without NAMEs (they repeat their includes' lists: quadratic on chains)" },
    timings: { type: 'boolean', description: 'add stats.timings_ms (milliseconds per phase) to the JSON; they differ run to run' },
    shard: { type: 'string', value: 'i/n', description: 'with --json: parse shard i of n (a stable split by skill path); skillgraph merge resolves the shard documents together' },
  },
  positionals: 'names',
  examples: [
    'skillgraph resolve',
    'skillgraph resolve ship-it --json',
    'skillgraph resolve --summary --root skills',
  ],
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
  if (values.summary === true && values.entries === true) usageError(io, spec.name, '--summary leaves entry lists out and --entries asks for them: pick one');
  const shard = parseShard(io, spec.name, values.shard);
  if (shard) {
    if (values.json !== true) usageError(io, spec.name, '--shard prints a shard document: add --json');
    if (values.timings === true) usageError(io, spec.name, '--timings measures one run: not with --shard');
    const request = await lazyCatalogRequest(values, io, spec.name);
    // Perf: imported here only: a shard parses in this thread (yaml), which the resolve path leaves to the engine.
    const { catalogShard, catalogShardDocument } = await import('../../tasks/shard-catalog.js');
    const options: ResolveOptions = { names: positionals, summary: values.summary === true, entries: values.entries === true, backend: choice };
    writeJson(io, catalogShardDocument('resolve', shard, catalogShard(request, shard), { ...options }));
    return EXIT.ok;
  }
  const t0 = performance.now();
  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const catalogMs = Math.round((performance.now() - t0) * 1000) / 1000;
  const run = resolveRun(catalog, { names: positionals, summary: values.summary === true, entries: values.entries === true, backend: choice });
  if (values.json) return writeResolveJson(io, catalog, run, values.timings === true ? catalogMs : undefined);
  const { result, counts, leftOut } = run;
  writeHuman(result, withEntries(run.options), io);
  for (const d of result.diagnostics) note(io, `${d.severity}: ${d.file} ${d.code} ${d.message}\n`);
  for (const d of leftOut.slice(0, LEFT_OUT_SHOWN)) note(io, `left out: ${d.file}:${d.line}:${d.column} ${d.code} ${d.message}\n`);
  if (leftOut.length > LEFT_OUT_SHOWN) note(io, `left out: … and ${leftOut.length - LEFT_OUT_SHOWN} more errors (skillgraph catalog lists them all)\n`);
  note(io, `${counts.skills} skills: ${counts.ok} resolved, ${counts.failed} failed, ${counts.cycles} cycles (${result.stats.backend} backend)\n`);
  return resolveStatus(run);
}

/** What changes a resolution besides the catalog: the names asked for, entries or not, the backend. */
export interface ResolveOptions {
  readonly names: readonly string[];
  readonly summary: boolean;
  readonly entries: boolean;
  readonly backend: BackendChoice;
}

/** Entry lists are printed for the skills named, or for all with `--entries`; never with `--summary`. */
function withEntries(options: ResolveOptions): boolean {
  return !options.summary && (options.entries || options.names.length > 0);
}

/** A resolution of a catalog with what its outputs report: counts, and the catalog errors that left skills out. */
export interface ResolveRun {
  readonly options: ResolveOptions;
  readonly result: CatalogResolution;
  readonly counts: { readonly skills: number; readonly ok: number; readonly failed: number; readonly cycles: number; readonly entries: number };
  readonly leftOut: readonly Diagnostic[];
}

/**
 * Resolve `catalog` as `resolve` does (the names asked for, else every skill).
 *
 * @example const run = resolveRun(catalog, { names: [], summary: false, backend: 'auto' }); run.counts.failed
 */
export function resolveRun(catalog: Catalog, options: ResolveOptions): ResolveRun {
  const result = resolveCatalog(catalog, { backend: options.backend, ...(options.names.length > 0 ? { names: options.names } : {}) });
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
  return { options, result, counts, leftOut };
}

/** Exit status of a resolution: findings when a skill failed. */
function resolveStatus(run: ResolveRun): number {
  return run.counts.failed > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * Write the `resolve --json` document of a run (timings only when `catalogMs` is given) and return the exit status.
 *
 * @example return writeResolveJson(io, catalog, resolveRun(catalog, options));
 */
export async function writeResolveJson(io: CliIo, catalog: Catalog, run: ResolveRun, catalogMs?: number): Promise<number> {
  const { result, counts, leftOut } = run;
  await writeResolveDocument(io, catalog, result, withEntries(run.options), {
    cycles: result.cycles,
    counts,
    diagnostics: [...leftOut, ...result.diagnostics],
    stats: resolveStats(result, catalogMs),
  });
  return resolveStatus(run);
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

function writeHuman(result: CatalogResolution, entries: boolean, io: CliIo): void {
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
    if (!entries) continue;
    // Perf: entries by occurrence id, not `s.entries` (kept once read: 50 M references on a 10k chain).
    for (const occ of result.lists.occurrences(i)) {
      const e = result.lists.entry(occ);
      const via = e.source === s.name ? '' : paint(color, 'dim', `  (from ${e.source})`);
      push(`    ${e.writes ? paint(color, 'yellow', 'w') : ' '} ${e.key}${via}`);
    }
  }
  for (const c of result.cycles) push(`${paint(color, 'red', 'cycle')} ${shortChain(c.path)}  (${c.skills.length} skills)`);
  if (out.length > 0) io.stdout.write(`${out.join('\n')}\n`);
}
