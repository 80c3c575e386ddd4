// `skillgraph describe NAME`: one skill as the protocol types see it; exit 1 on failure.
import { displayPath } from '../../discover/paths.js';
import type { SkillEdge } from '../../routing/edges.js';
import { describeTask, type DescribeRun } from '../../tasks/describe.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
import { requirementsLine } from '../catalog-text.js';
import { paint, useColor, writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'describe',
  summary: "print one skill's protocol metadata and definition (resolved tools)",
  usage: 'NAME [--root PATH[:scope[:precedence]][!]]... [--preset NAME]... [--config FILE] [--json]',
  flags: CATALOG_FLAGS,
  minPositionals: 1,
  positionals: 'names',
  examples: ['skillgraph describe release-notes --json'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  // usageError throws ExitError, so under --json main() still prints its one error document.
  if (positionals.length > 1) usageError(io, spec.name, `takes one skill name, got ${positionals.length}`);
  // A blank name cannot become a SkillError (protocol.invalid, exit 70); it is the caller's mistake.
  if (positionals[0]!.trim() === '') usageError(io, spec.name, 'the skill name must not be empty');
  const request = catalogRequest(values, io, spec.name);
  const result = await runTask(io, spec.name, () => describeTask({ request, name: positionals[0]! }));
  if (values.json) writeJson(io, result.document);
  else io.stdout.write(render(result, io));
  return result.status;
}

/** `a (link), b (mention ×2)`. */
function edgeList(edges: readonly SkillEdge[], end: (e: SkillEdge) => string): string {
  const seen = new Map<string, number>();
  for (const e of edges) seen.set(`${end(e)} (${e.kind}`, (seen.get(`${end(e)} (${e.kind}`) ?? 0) + 1);
  return [...seen].map(([k, n]) => `${k}${n > 1 ? ` ×${n}` : ''})`).join(', ');
}

function render(d: DescribeRun, io: CliIo): string {
  const { uses, usedBy } = d;
  const color = useColor(io, 'stdout');
  if (d.error || !d.metadata || !d.definition) {
    return `${paint(color, 'red', d.error?.type ?? 'error')} ${d.name}: ${d.error?.message ?? 'not described'}\n`;
  }
  const m = d.metadata;
  const out = [
    `${paint(color, 'bold', m.name)} ${m.version}` +
      `${d.pkg ? paint(color, 'dim', ` (${d.pkg.descriptor.source.scope})`) : ''}`,
    `  ${m.description.replace(/\s+/g, ' ').trim()}`,
    `  ${m.read_only ? 'read-only' : paint(color, 'yellow', 'writes')} · ${m.tool_count} tool(s)` +
      (m.source_types.length ? ` · ${m.source_types.join(', ')}` : ''),
  ];
  if (d.pkg) out.push(`  file: ${displayPath(d.pkg.descriptor.source.locator, io.cwd)}`);
  const requires = d.pkg?.descriptor.dependencies ? requirementsLine(d.pkg.descriptor.dependencies) : '';
  if (requires) out.push(`  requires: ${requires}`);
  if (uses.length) out.push(`  uses: ${edgeList(uses, (e) => e.to)}`);
  if (usedBy.length) out.push(`  used by: ${edgeList(usedBy, (e) => e.from)}`);
  for (const f of d.diagnostics)
    out.push(`  ${paint(color, 'yellow', f.severity)} ${f.code}: ${f.message} (${displayPath(f.file, io.cwd)})`);
  if (d.definition.tools.length) {
    const keyW = Math.max(...d.definition.tools.map((t) => t.key.length));
    out.push('', 'Tools:');
    for (const t of d.definition.tools) {
      const own = t.source === m.name || t.source === d.name;
      const access = t.writes ? paint(color, 'yellow', 'write') : 'read ';
      const from = own ? '' : ` ${paint(color, 'dim', `from ${t.source}`)}`;
      out.push(`  ${t.key.padEnd(keyW)}  ${t.kind.padEnd(11)}  ${access}${from}`.trimEnd());
    }
  }
  return `${out.join('\n')}\n`;
}
