/**
 * `skillgraph load NAME` — read one skill for context: its instructions on
 * stdout, verified against the sealed digest. With `--run ID --log FILE` the
 * run's loaded set is replayed from the JSON-lines log first (a repeat load
 * answers `already_loaded` and prints nothing) and a `skill_loaded` event is
 * appended after a fresh load. `--into DIR` also stages the skill's folder
 * into DIR/<name>/.
 * JSON: `{schemaVersion, status, name, digest, baseDir, run, body?, resources?, staged?,
 * not_handed_over}`: each link or mention in the skill of another skill this load does not
 * hand over (or that is not installed at all), also noted on stderr.
 */
import { resolve } from 'node:path';
import { skillLoadedEvent } from '../../context/loaded-set.js';
import { appendEvent, readLoadedSet } from '../../workspace/event-log.js';
import { createLazyWorkspace, type StagedSkill } from '../../workspace/materialize.js';
import { readForContext } from '../../workspace/read.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';
import { handedOverNotes } from '../../tasks/handed-over.js';

export const spec: VerbSpec = {
  name: 'load',
  summary: "print one skill's instructions (verified against the catalog digest), once per run",
  usage: 'NAME [--run ID --log FILE] [--into DIR [--force]] [--root PATH[:scope[:prec]]]... [--json]',
  minPositionals: 1,
  flags: {
    ...CATALOG_FLAGS,
    run: { type: 'string', value: 'ID', description: 'run id whose loads are replayed from --log' },
    log: { type: 'string', value: 'FILE', description: 'session event log (JSON lines); a skill_loaded event is appended on load' },
    into: { type: 'string', value: 'DIR', description: "also stage the skill's folder into DIR/<name>/" },
    force: { type: 'boolean', description: 'with --into: replace files in DIR/<name>/ that hold other content (refused otherwise, exit 1)' },
  },
  positionals: 'names',
  examples: [
    'skillgraph load release-notes',
    'skillgraph load release-notes --into .agent/skills',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  if (positionals.length > 1) usageError(io, spec.name, `load takes one skill name, got ${positionals.length}`);
  const name = positionals[0]!;
  const runId = typeof values.run === 'string' ? values.run : null;
  const log = typeof values.log === 'string' ? resolve(io.cwd, values.log) : null;
  if ((runId === null) !== (log === null)) usageError(io, spec.name, '--run and --log go together');
  if (runId === '') usageError(io, spec.name, '--run must not be empty');
  // `--into ""` (an unset variable) would stage into the working folder itself.
  if (typeof values.into === 'string' && values.into.trim() === '') usageError(io, spec.name, "--into must not be empty; write '.' for the working folder");
  if (values.force === true && typeof values.into !== 'string') usageError(io, spec.name, '--force needs --into');

  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const loaded = log !== null && runId !== null ? readLoadedSet(log, runId) : undefined;
  const result = readForContext(catalog, name, loaded);
  let staged: StagedSkill | undefined;
  if (typeof values.into === 'string') staged = createLazyWorkspace(catalog, resolve(io.cwd, values.into), { force: values.force === true }).load(name); // the request as given: `scope/name` stages that copy
  if (result.status === 'loaded' && log !== null && runId !== null) appendEvent(log, skillLoadedEvent(runId, result.name, result.digest));

  const baseDir = result.baseDir.replace(/\\/g, '/');
  const siblings = handedOverNotes(catalog, [result.name], io.cwd);
  if (values.json === true) {
    writeJson(io, {
      status: result.status,
      name: result.name,
      digest: result.digest,
      base_dir: baseDir,
      run: runId,
      ...(result.status === 'loaded' ? { body: result.body, resources: result.resources } : {}),
      ...(staged ? { staged: { status: staged.status, path: `${String(values.into).replace(/\\/g, '/').replace(/\/+$/, '')}/${staged.name}`, files: staged.files } } : {}),
      not_handed_over: siblings.json,
    });
  } else if (result.status === 'loaded') {
    io.stdout.write(result.body.endsWith('\n') || result.body === '' ? result.body : `${result.body}\n`);
  }
  const where = staged ? `; staged into ${String(values.into)}/${staged.name} (${staged.status})` : '';
  note(
    io,
    result.status === 'loaded'
      ? `load: ${result.name} ${result.digest} from ${baseDir} (${result.resources.length} file${result.resources.length === 1 ? '' : 's'})${where}\n`
      : `load: ${result.name} is already loaded in run ${runId ?? '?'} (${result.digest})${where}\n`,
  );
  if (siblings.lines.length > 0) note(io, siblings.lines.map((l) => `load: ${l}\n`).join(''));
  return EXIT.ok;
}
