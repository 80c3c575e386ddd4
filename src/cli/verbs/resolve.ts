// `skillgraph resolve [NAME...]`: each skill's tools, flattened; exit 1 when a requested skill fails.
import { backendChoice } from '../../engine/backend.js';
import type { BackendChoice } from '../../model/backend.js';
import { isSkillgraphError } from '../../model/errors.js';
import type { CatalogResolution } from '../../resolve/index.js';
import { shortChain } from '../../resolve/index.js';
import { resolveTask, writeResolveJson, type ResolveRun } from '../../tasks/resolve.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { lazyCatalogRequest, runTask } from '../catalog-request.js';
import { requirementsLine } from '../catalog-text.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { parseShard } from '../shard-flag.js';

export const spec: VerbSpec = {
  name: 'resolve',
  summary: "flatten skills' includes, tools, inline tools, MCP tools and nested skills",
  usage:
    '[NAME...] [--backend auto|wasm|js] [--summary | --entries]' +
    ' [--root PATH[:scope[:precedence]]]... [--shard i/n] [--json]',
  flags: {
    ...CATALOG_FLAGS,
    summary: { type: 'boolean', description: 'capability summaries and counts only, no entry lists' },
    entries: {
      type: 'boolean',
      description:
        "every skill's entry list, also without NAMEs (they repeat their includes' lists: quadratic on chains)",
    },
    timings: {
      type: 'boolean',
      description: 'add stats.timings_ms (milliseconds per phase) to the JSON; they differ run to run',
    },
    shard: {
      type: 'string',
      value: 'i/n',
      description:
        'with --json: parse shard i of n (a stable split by skill path); ' +
        'skillgraph merge resolves the shard documents together',
    },
  },
  positionals: 'names',
  examples: ['skillgraph resolve', 'skillgraph resolve ship-it --json', 'skillgraph resolve --summary --root skills'],
};

const LEFT_OUT_SHOWN = 5;

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  let backend: BackendChoice;
  try {
    backend = backendChoice(values.backend, io.env);
  } catch (error) {
    if (isSkillgraphError(error)) usageError(io, spec.name, error.message);
    throw error;
  }
  if (values.summary === true && values.entries === true)
    usageError(io, spec.name, '--summary leaves entry lists out and --entries asks for them: pick one');
  const asked = { names: positionals, summary: values.summary === true, entries: values.entries === true, backend };
  const shard = parseShard(io, spec.name, values.shard);
  if (shard) {
    if (values.json !== true) usageError(io, spec.name, '--shard prints a shard document: add --json');
    if (values.timings === true) usageError(io, spec.name, '--timings measures one run: not with --shard');
    const request = await lazyCatalogRequest(values, io, spec.name);
    // Perf: a shard parses in this thread (yaml); the resolve path leaves that to the engine.
    const { shardTask } = await import('../../tasks/shard-catalog.js');
    writeJson(io, (await shardTask({ verb: 'resolve', request, shard, resolve: asked })).document);
    return EXIT.ok;
  }
  const request = catalogRequest(values, io, spec.name);
  const result = await runTask(io, spec.name, () =>
    resolveTask({ request, ...asked, timings: values.timings === true }),
  );
  if (values.json) {
    await writeResolveJson(result, io.stdout);
    return result.status;
  }
  writeHuman(result.result, result.withEntries, io);
  writeNotes(io, result);
  return result.status;
}

function writeNotes(io: CliIo, run: ResolveRun): void {
  const { result, counts, leftOut } = run;
  for (const d of result.diagnostics) note(io, `${d.severity}: ${d.file} ${d.code} ${d.message}\n`);
  for (const d of leftOut.slice(0, LEFT_OUT_SHOWN))
    note(io, `left out: ${d.file}:${d.line}:${d.column} ${d.code} ${d.message}\n`);
  if (leftOut.length > LEFT_OUT_SHOWN)
    note(io, `left out: … and ${leftOut.length - LEFT_OUT_SHOWN} more errors (skillgraph catalog lists them all)\n`);
  note(
    io,
    `${counts.skills} skills: ${counts.ok} resolved, ${counts.failed} failed, ${counts.cycles} cycles` +
      ` (${result.stats.backend} backend)\n`,
  );
}

/** The human listing of a long chain is quadratic too: lines are gathered per write. */
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
    push(
      `${paint(color, 'green', '✓')} ${paint(color, 'bold', s.name)}` +
        `  ${tool_count} tools, ${writes ? paint(color, 'yellow', 'writes') : 'read-only'}` +
        `${source_types.length ? ` [${source_types.join(', ')}]` : ''}`,
    );
    const requires = s.summary.dependencies ? requirementsLine(s.summary.dependencies) : '';
    if (requires) push(`    ${paint(color, 'dim', `requires: ${requires}`)}`);
    if (!entries) continue;
    // Perf: by occurrence id, not `s.entries`, which keeps each list once read.
    for (const occ of result.lists.occurrences(i)) {
      const e = result.lists.entry(occ);
      const via = e.source === s.name ? '' : paint(color, 'dim', `  (from ${e.source})`);
      push(`    ${e.writes ? paint(color, 'yellow', 'w') : ' '} ${e.key}${via}`);
    }
  }
  for (const c of result.cycles)
    push(`${paint(color, 'red', 'cycle')} ${shortChain(c.path)}  (${c.skills.length} skills)`);
  if (out.length > 0) io.stdout.write(`${out.join('\n')}\n`);
}
