// Verbs are imported lazily so `skillgraph validate` never pays for the resolver or the pool.
import { isSkillgraphError, type ErrorCode } from '../model/errors.js';
import type { VerbSpec } from './args.js';
import { EXIT, ExitError } from './exit.js';
import { didYouMean } from '../model/wording.js';
import { withSafeOutput, writeJson, type CliIo, type OutputLevel } from './io.js';
import { VERSION } from './version.js';
import { helpWidth, overviewRows } from './help.js';
import { wrapToWidth } from './width.js';

export interface VerbModule {
  readonly spec: VerbSpec;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/** Keep sorted by name. */
export const VERBS: Readonly<Record<string, () => Promise<VerbModule>>> = {
  audit: () => import('./verbs/audit.js'),
  bench: () => import('./verbs/bench.js'),
  catalog: () => import('./verbs/catalog.js'),
  check: () => import('./verbs/check.js'),
  context: () => import('./verbs/context.js'),
  describe: () => import('./verbs/describe.js'),
  graph: () => import('./verbs/graph.js'),
  hosts: () => import('./verbs/hosts.js'),
  init: () => import('./verbs/init.js'),
  list: () => import('./verbs/list.js'),
  load: () => import('./verbs/load.js'),
  lock: () => import('./verbs/lock.js'),
  materialize: () => import('./verbs/materialize.js'),
  merge: () => import('./verbs/merge.js'),
  resolve: () => import('./verbs/resolve.js'),
  serve: () => import('./verbs/serve.js'),
  validate: () => import('./verbs/validate.js'),
};

/** The caller asked for something impossible (exit 2), not a crash. */
const USAGE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'usage',
  'options.invalid',
  'config.invalid',
  'root.missing',
  'root.not-directory',
  'path.invalid',
  'path.duplicate',
  'lockfile.invalid',
  'log.invalid',
  'wasm.missing',
  'dependency.missing',
]);

/** Findings about skills (exit 1). */
const FINDING_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'skill.invalid',
  'skill.not-found',
  'skill.ambiguous',
  'skill.digest-changed',
  'catalog.duplicate-name',
  'resolve.cycle',
  'resolve.not-found',
  'workspace.exists',
]);

/** Run the CLI with `argv` (without node and script); returns the exit status. */
export async function main(argv: readonly string[], rawIo: CliIo): Promise<number> {
  // Human output quotes untrusted skill text; no escape sequence from it may reach the terminal.
  const [verb, ...rest] = argv;
  // `--json` is a flag only before `--`.
  const end = argv.indexOf('--');
  const flags = end < 0 ? argv : argv.slice(0, end);
  const json = flags.includes('--json');
  const io = { ...withSafeOutput(rawIo), level: outputLevel(flags, json) };
  if (verb === undefined || verb === '--help' || verb === '-h' || verb === 'help') {
    // Asked for, help is the result (stdout); a bare `skillgraph` is a usage error (stderr).
    const out = verb === undefined ? io.stderr : io.stdout;
    out.write(await overview(helpWidth(out)));
    return verb === undefined ? EXIT.usage : EXIT.ok;
  }
  if (verb === '--version' || verb === '-v') {
    if (json) writeJson(io, { version: VERSION });
    else io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const load = Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
  if (!load) {
    const message = `unknown verb '${verb}'${didYouMean(verb, Object.keys(VERBS))}`;
    io.stderr.write(
      `skillgraph: ${message}${message.endsWith('?') ? '' : '.'} Verbs: ${Object.keys(VERBS).join(', ')}.\n`,
    );
    if (json) writeJson(io, { error: { code: 'usage', message } });
    return EXIT.usage;
  }
  try {
    const mod = await load();
    return await mod.run(rest, io);
  } catch (error) {
    if (error instanceof ExitError) {
      // A usage error comes before any output; under --json it still gets its one document.
      if (json && error.exitCode === EXIT.usage) writeJson(io, { error: { code: 'usage', message: error.message } });
      return error.exitCode;
    }
    if (isSkillgraphError(error)) {
      const status = USAGE_CODES.has(error.code)
        ? EXIT.usage
        : FINDING_CODES.has(error.code)
          ? EXIT.findings
          : EXIT.internal;
      io.stderr.write(`skillgraph ${verb}: ${error.message}\n`);
      if (json) writeJson(io, { error: { code: error.code, message: error.message, details: error.details } });
      return status;
    }
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(
      `skillgraph ${verb}: internal error — please report it with the lines below.\n` +
        `skillgraph ${VERSION}, node ${process.version}, ${process.platform}-${process.arch}\n${text}\n`,
    );
    if (json)
      writeJson(io, { error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } });
    return EXIT.internal;
  }
}

/** Formats whose output is a document for a program: stderr then holds errors only. */
export const DOCUMENT_FORMATS: readonly string[] = ['json', 'sarif', 'junit', 'github'];

function outputLevel(flags: readonly string[], json: boolean): OutputLevel {
  if (flags.includes('--quiet') || flags.includes('-q')) return 'quiet';
  if (flags.includes('--verbose')) return 'verbose';
  const at = flags.indexOf('--format');
  const format = at >= 0 ? flags[at + 1] : flags.find((f) => f.startsWith('--format='))?.slice('--format='.length);
  return json || (format !== undefined && DOCUMENT_FORMATS.includes(format)) ? 'document' : 'normal';
}

async function overview(width: number): Promise<string> {
  const verbs: [string, string][] = [];
  for (const name of Object.keys(VERBS).sort()) verbs.push([name, (await VERBS[name]!()).spec.summary]);
  const tail = wrapToWidth(
    "Every verb takes --json (one JSON document on stdout), --quiet, --verbose and --help; 'skillgraph VERB --help' " +
      'shows its options and examples.',
    width,
  );
  return [
    `skillgraph ${VERSION} — Agent Skills engine`,
    '',
    'usage: skillgraph <verb> [options]',
    '',
    'verbs:',
    ...overviewRows(verbs, width),
    '',
    ...tail,
    'Exit: 0 ok, 1 findings, 2 usage, 70 internal.',
    '',
  ].join('\n');
}

export function processIo(): CliIo {
  // A reader closing the pipe early (`| head`) is not a crash; the verb exits with its own status.
  for (const stream of [process.stdout, process.stderr])
    if (!stream.listeners('error').includes(ignoreClosedPipe)) stream.on('error', ignoreClosedPipe);
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
  throw error;
}
