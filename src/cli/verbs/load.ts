// `skillgraph load NAME`: one skill's instructions, verified against the sealed digest. With
// `--run ID --log FILE` a repeat load in the same run answers `already_loaded` and prints nothing.
import { loadTask } from '../../tasks/load.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
import { note, writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'load',
  summary: "print one skill's instructions (verified against the catalog digest), once per run",
  usage: 'NAME [--run ID --log FILE] [--into DIR [--force]] [--root PATH[:scope[:prec]]]... [--json]',
  minPositionals: 1,
  flags: {
    ...CATALOG_FLAGS,
    run: { type: 'string', value: 'ID', description: 'run id whose loads are replayed from --log' },
    log: {
      type: 'string',
      value: 'FILE',
      description: 'session event log (JSON lines); a skill_loaded event is appended on load',
    },
    into: { type: 'string', value: 'DIR', description: "also stage the skill's folder into DIR/<name>/" },
    force: {
      type: 'boolean',
      description: 'with --into: replace files in DIR/<name>/ that hold other content (refused otherwise, exit 1)',
    },
  },
  positionals: 'names',
  examples: ['skillgraph load release-notes', 'skillgraph load release-notes --into .agent/skills'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  if (positionals.length > 1) usageError(io, spec.name, `load takes one skill name, got ${positionals.length}`);
  const runId = typeof values.run === 'string' ? values.run : null;
  const log = typeof values.log === 'string' ? values.log : null;
  if ((runId === null) !== (log === null)) usageError(io, spec.name, '--run and --log go together');
  if (runId === '') usageError(io, spec.name, '--run must not be empty');
  // `--into ""` (an unset variable) would stage into the working folder itself.
  if (typeof values.into === 'string' && values.into.trim() === '')
    usageError(io, spec.name, "--into must not be empty; write '.' for the working folder");
  if (values.force === true && typeof values.into !== 'string') usageError(io, spec.name, '--force needs --into');
  const into = typeof values.into === 'string' ? values.into : undefined;
  const request = catalogRequest(values, io, spec.name);
  const options = {
    request,
    name: positionals[0]!,
    run: runId,
    log,
    force: values.force === true,
    cwd: io.cwd,
    ...(into !== undefined ? { into } : {}),
  };
  const loaded = await runTask(io, spec.name, () => loadTask(options));
  const { result, staged } = loaded;
  if (values.json === true) writeJson(io, loaded.document);
  else io.stdout.write(loaded.text);
  const where = staged ? `; staged into ${String(values.into)}/${staged.name} (${staged.status})` : '';
  note(
    io,
    result.status === 'loaded'
      ? `load: ${result.name} ${result.digest} from ${loaded.baseDir}` +
          ` (${result.resources.length} file${result.resources.length === 1 ? '' : 's'})${where}\n`
      : `load: ${result.name} is already loaded in run ${runId ?? '?'} (${result.digest})${where}\n`,
  );
  const lines = loaded.notHandedOver.lines;
  if (lines.length > 0) note(io, lines.map((l) => `load: ${l}\n`).join(''));
  return loaded.status;
}
