// `skillgraph serve`: the live catalog as an MCP server. The SDK is imported on demand, so no other
// verb loads it.
import type { VerbSpec } from '../args.js';
import { intFlag, parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, lazyCatalogRequest } from '../catalog-request.js';
import { EXIT } from '../exit.js';
import type { CliIo } from '../io.js';
import { parseBudget } from '../../context/budget.js';
import { CONTEXT_PATHS, type ContextPaths } from '../../context/render.js';
import { isSkillgraphError } from '../../model/errors.js';
import { loadServing } from '../../serve/load.js';
import type { ServeListing } from '../../serve/serving.js';

export const spec: VerbSpec = {
  name: 'serve',
  summary: 'serve the catalog over MCP (Skills extension, load_skill and search_skills tools), live on edits',
  usage:
    '[PATH...] [--http PORT] [--page-size N] [--budget N|Nt [--paths uri|absolute|relative] [--no-digests]]' +
    ' [--no-watch | --poll] [--root PATH[:scope[:prec]]]...',
  flags: {
    ...CATALOG_FLAGS,
    http: {
      type: 'string',
      value: 'PORT',
      description: 'serve Streamable HTTP on 127.0.0.1:PORT (0 = any free port) instead of stdio',
    },
    'page-size': {
      type: 'string',
      value: 'N',
      description: 'entries per page of skills/list, resources/list and directory reads (default 100)',
    },
    budget: {
      type: 'string',
      value: 'N|Nt',
      description:
        'add the skill listing to the server instructions, ' +
        'the whole instructions fitted into N characters (UTF-8 bytes) or N o200k tokens',
    },
    paths: {
      type: 'string',
      value: 'uri|absolute|relative',
      description:
        'with --budget: show each SKILL.md by skill:// URI (default), ' +
        'absolute path or path relative to the working folder',
    },
    'no-digests': { type: 'boolean', description: 'with --budget: leave the digests out of the listing' },
    'no-watch': { type: 'boolean', description: 'serve the catalog as sealed at start; never re-seal' },
    poll: { type: 'boolean', description: 'watch by stat rescans (once a second) instead of file-system events' },
  },
  positionals: 'roots',
  examples: ['skillgraph serve', 'skillgraph serve skills --http 8808'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  if (values.json === true) usageError(io, spec.name, 'serve speaks JSON-RPC on stdout; --json does not apply');
  const http = values.http === undefined ? undefined : intFlag(io, spec.name, 'http', values.http, 0);
  if (http !== undefined && http > 65535) usageError(io, spec.name, '--http must be a port number, 0–65535');
  const pageSize = intFlag(io, spec.name, 'page-size', values['page-size'], 100);
  if (pageSize < 1 || pageSize > 10_000) usageError(io, spec.name, '--page-size must be 1–10000');
  if (values['no-watch'] === true && values.poll === true)
    usageError(io, spec.name, '--no-watch and --poll contradict each other');
  const listing = listingFlags(values, io);
  const request = await lazyCatalogRequest(values, io, spec.name, { roots: positionals });
  const stop = new AbortController();
  const onSignal = (): void => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { serveSkills } = await loadServing();
    await serveSkills({
      load: request.load,
      // No progress line: a host reads the log, not a terminal.
      engine: { ...request.engine, onProgress: undefined },
      ...(http !== undefined ? { http } : {}),
      pageSize,
      ...(listing ? { listing } : {}),
      watch: values['no-watch'] !== true,
      poll: values.poll === true,
      log: (line) => io.stderr.write(`${line}\n`),
      signal: stop.signal,
    });
  } catch (error) {
    if (isSkillgraphError(error) && error.details.field === 'budget') usageError(io, spec.name, `--${error.message}`);
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return EXIT.ok;
}

/** The listing in the instructions, or none without a budget. */
function listingFlags(values: Readonly<Record<string, unknown>>, io: CliIo): ServeListing | undefined {
  const budget = typeof values.budget === 'string' ? values.budget : null;
  if (budget === null) {
    if (values.paths !== undefined || values['no-digests'] === true)
      usageError(io, spec.name, '--paths and --no-digests only apply with --budget');
    return undefined;
  }
  try {
    parseBudget(budget);
  } catch (error) {
    if (isSkillgraphError(error)) usageError(io, spec.name, `--budget ${error.message}`);
    throw error;
  }
  const paths = typeof values.paths === 'string' ? values.paths : 'uri';
  if (!(CONTEXT_PATHS as readonly string[]).includes(paths))
    usageError(io, spec.name, `--paths must be one of ${CONTEXT_PATHS.join(', ')}, got '${paths}'`);
  return { budget, paths: paths as ContextPaths, digests: values['no-digests'] !== true, relativeTo: io.cwd };
}
