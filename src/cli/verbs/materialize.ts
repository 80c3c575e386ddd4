// `skillgraph materialize DIR [NAME...]`: copy skills into DIR/<name>/, each write atomic and inside
// DIR. One bad skill never blocks the others: it is left out and named (exit 1).
import { leftOutLine } from '../../context/left-out.js';
import { materializeTask } from '../../tasks/materialize.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
import { note, writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'materialize',
  summary: 'copy skills into a workspace folder (or stage them one at a time with --lazy)',
  usage: 'DIR [NAME...] [--lazy] [--force] [--root PATH[:scope[:prec]]]... [--json]',
  minPositionals: 1,
  flags: {
    ...CATALOG_FLAGS,
    lazy: { type: 'boolean', description: 'copy nothing up front; stage only the NAMEs given, one load each' },
    force: {
      type: 'boolean',
      description: 'replace workspace files that hold other content (refused otherwise, exit 1)',
    },
  },
  positionals: 'paths',
  examples: [
    'skillgraph materialize .agent/skills',
    'skillgraph materialize .agent/skills code-review ship-it --force',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const [dir, ...names] = positionals as [string, ...string[]];
  // An empty DIR (an unset shell variable) would resolve to the working folder and fill it with skills.
  if (dir.trim() === '') usageError(io, spec.name, "DIR must not be empty; write '.' for the working folder");
  const request = catalogRequest(values, io, spec.name);
  const options = { request, dir, names, lazy: values.lazy === true, force: values.force === true, cwd: io.cwd };
  const result = await runTask(io, spec.name, () => materializeTask(options));
  const { skills, available, leftOut, shown } = result;
  if (values.json === true) writeJson(io, result.document);
  const lines = skills.map((s) =>
    s.status === 'loaded'
      ? `${s.name}: loaded into ${shown}/${s.name} (${s.files.length} file${s.files.length === 1 ? '' : 's'})`
      : `${s.name}: already_loaded`,
  );
  if (result.lazy)
    lines.push(`${available.length} skill${available.length === 1 ? '' : 's'} available to load into ${shown}`);
  const line = leftOutLine(leftOut);
  if (line) lines.push(line);
  for (const s of leftOut.skills.filter((x) => x.reason === 'failed'))
    lines.push(`${s.name}: ${s.diagnostics[0]?.message ?? 'not copied'}`);
  lines.push(...result.notHandedOver.lines);
  note(io, `${lines.map((l) => `materialize: ${l}`).join('\n')}\n`);
  return result.status;
}
