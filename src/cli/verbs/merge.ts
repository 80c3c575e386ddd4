/**
 * `skillgraph merge FILE...` — join the `--json` documents of the shards of
 * one run (`validate`, `catalog`, `resolve` or `lock --shard i/n --json`, one
 * per CI job) into exactly what the run prints without `--shard`, byte for
 * byte: the cross-shard work (sealing the catalog, resolving it, writing the
 * lockfile) is done here. Validate and catalog shards are written in any
 * report format (`--format`, `--output`; JSON by default), with the gate of
 * the run (or `--fail-on`). Every shard of the run must be given once; a
 * missing, repeated or foreign shard, one run with other options, or a
 * document that is not a shard's, is a usage error naming the file. Exit
 * status as the unsharded run's.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { readRegularFile } from '../../discover/safe-read.js';
import { BACKEND_NAMES, type BackendChoice } from '../../model/backend.js';
import { parseVerbArgs, usageError, type ParsedArgs, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import type { CliIo } from '../io.js';
import type { FolderSeal } from '../../tasks/lock-seal.js';
import { mergeValidate, type MergeAsk } from '../../tasks/merge-validate.js';
import { REPORT_FORMATS, type ReportFormat } from '../../report/formats.js';
import { REPORT_FLAGS, reportOptions } from '../report-flags.js';
import { OUTPUT_FLAG, reportOutputs } from '../report-output.js';
import { everyShardOnce, MAX_SHARDS } from '../../tasks/shard.js';
import {
  assembleShards,
  renameKeys,
  walkFingerprint,
  type CandidatePlace,
  type CatalogShardCandidate,
  type CatalogShardVerb,
  type CatalogShardWalk,
} from '../../tasks/shard-catalog.js';
import { CATALOG_SHAPE_KEYS, optionsDiffer, validCatalogShape } from '../../tasks/shard-options.js';
import { shardShapeProblem } from '../../tasks/shard-shape.js';
import { catalogJson, catalogStatus, completenessJson } from './catalog.js';
import { catalogRouting } from '../../tasks/routing-io.js';
import type { LockInput, LockOptions } from './lock.js';
import type { ResolveOptions } from './resolve.js';

export const spec: VerbSpec = {
  name: 'merge',
  summary: 'join the --json documents of validate, catalog, resolve or lock --shard runs into the unsharded output',
  usage: 'FILE... [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--fail-on error|warning] [--json]',
  minPositionals: 1,
  flags: {
    format: {
      ...REPORT_FLAGS.format,
      description: `output of validate and catalog shards: ${REPORT_FORMATS.join(', ')} (default json: as with --json)`,
    },
    'fail-on': { ...REPORT_FLAGS['fail-on'], description: "exit 1 on errors or on warnings too (default: the shards' own)" },
    'max-warnings': REPORT_FLAGS['max-warnings'],
    ...OUTPUT_FLAG,
  },
  positionals: 'paths',
  examples: [
    'skillgraph merge shard-*.json > skillgraph.json',
    'skillgraph merge shard-*.json --format github --output sarif=skillgraph.sarif',
  ],
};

/** A shard document this large is not one. */
const MAX_SHARD_BYTES = 1024 * 1024 * 1024;

function readJson(io: CliIo, file: string): unknown {
  const read = readRegularFile(resolve(io.cwd, file), MAX_SHARD_BYTES, { followLinks: true });
  if (!read.ok) usageError(io, spec.name, `cannot read ${file}: ${read.reason === 'missing' ? 'not found' : read.reason}`);
  let doc: unknown;
  try {
    doc = JSON.parse(read.bytes.toString('utf8'));
  } catch (error) {
    usageError(io, spec.name, `${file} is not JSON: ${(error as Error).message}`);
  }
  return doc;
}

const CATALOG_SHARD_VERBS: readonly string[] = ['catalog', 'resolve', 'lock'] satisfies CatalogShardVerb[];

function shardVerb(doc: unknown): string {
  const s = (doc as { shard?: { verb?: unknown } } | null)?.shard;
  return typeof s === 'object' && s !== null && typeof s.verb === 'string' && CATALOG_SHARD_VERBS.includes(s.verb) ? s.verb : 'validate';
}

/** The formats, files and gate asked for; JSON when no format is. */
function askOf(values: ParsedArgs['values'], io: CliIo): MergeAsk {
  const { format, failOn, maxWarnings } = reportOptions({ ...values, format: values.format ?? 'json' }, io, spec.name);
  return {
    format,
    outputs: reportOutputs(values, io, spec.name),
    ...(values['fail-on'] !== undefined ? { failOn } : {}),
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
  };
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const ask = askOf(values, io);
  const parsed: RawShard[] = positionals.map((file) => ({ file, doc: readJson(io, file) }));
  const verbs = new Set(parsed.map(({ doc }) => shardVerb(doc)));
  if (verbs.size > 1) usageError(io, spec.name, `${positionals.join(', ')} are shards of different verbs`);
  const verb = [...verbs][0]!;
  if (verb === 'validate') return mergeValidate(io, parsed, ask);
  if (verb === 'catalog') return mergeCatalog(io, parsed, ask);
  const other = [ask.format, ...ask.outputs.map((o) => o.format)].find((f) => f !== 'json');
  if (other !== undefined || ask.outputs.length > 0) {
    usageError(io, spec.name, `${verb} shards merge into the document '${verb} --json' prints: not --format ${other ?? 'json'} or --output`);
  }
  if (ask.failOn !== undefined || ask.maxWarnings !== undefined) {
    usageError(io, spec.name, `--fail-on and --max-warnings gate findings: validate and catalog shards only, not ${verb}`);
  }
  if (verb === 'resolve') return mergeResolve(io, parsed);
  return mergeLock(io, parsed);
}

/** A shard document as read; `doc` is let go once checked, so merge holds one copy of the packages. */
interface RawShard {
  readonly file: string;
  doc: unknown;
}

interface CatalogShardDoc {
  readonly shard: { readonly verb: CatalogShardVerb; readonly index: number; readonly count: number; readonly total: number; readonly run: string };
  readonly walk: CatalogShardWalk;
  readonly options: Readonly<Record<string, unknown>>;
  readonly candidates: readonly CatalogShardCandidate[];
}

function isMap(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface VerbOptions {
  readonly keys: readonly string[];
  readonly valid: (o: Readonly<Record<string, unknown>>) => boolean;
}

/** The options each verb's shards record besides the catalog's: their keys, and what each must hold. */
const OPTIONS: Readonly<Record<CatalogShardVerb, VerbOptions>> = {
  catalog: { keys: [], valid: () => true },
  resolve: {
    keys: ['names', 'summary', 'entries', 'backend'],
    valid: (o) =>
      Array.isArray(o.names) && o.names.every((n) => typeof n === 'string') && typeof o.summary === 'boolean' && typeof o.entries === 'boolean' && (BACKEND_NAMES as readonly unknown[]).includes(o.backend),
  },
  lock: {
    keys: ['out', 'home', 'allow_errors', 'allow_incomplete'],
    valid: (o) => typeof o.out === 'string' && isAbsolute(o.out) && typeof o.home === 'string' && typeof o.allow_errors === 'boolean' && typeof o.allow_incomplete === 'boolean',
  },
};

/** A `verb --shard i/n --json` document, its keys back in the library's casing; anything else is a usage error naming the file. */
function catalogShardOf(io: CliIo, file: string, doc: unknown, verb: CatalogShardVerb): CatalogShardDoc {
  const not = (why?: string): never => usageError(io, spec.name, `${file} is not the --json document of a '${verb} --shard i/n' run${why ? `: ${why}` : ''}`);
  const d = (isMap(doc) ? doc : {}) as Partial<CatalogShardDoc>;
  const s = d.shard;
  const header =
    isMap(s) && Number.isSafeInteger(s.count) && s.count >= 1 && s.count <= MAX_SHARDS && Number.isSafeInteger(s.index) && s.index >= 1 && s.index <= s.count &&
    Number.isSafeInteger(s.total) && s.total >= 0 && typeof s.run === 'string';
  if (!header) not();
  const check = OPTIONS[verb];
  if (!isMap(d.options)) not('it records no options');
  const keys = [...CATALOG_SHAPE_KEYS, ...check.keys];
  const sameKeys = Object.keys(d.options!).sort().join() === keys.sort().join();
  if (!(sameKeys && validCatalogShape(d.options!) && check.valid(d.options!))) not(`its options are not ${verb}'s`);
  const walk = renameKeys(d.walk, 'camel') as CatalogShardWalk;
  const candidates = renameKeys(d.candidates, 'camel') as CatalogShardCandidate[];
  const problem = shardShapeProblem(walk, candidates);
  if (problem) not(problem);
  if (walkFingerprint(walk, s!.total, d.options) !== s!.run) not('its run fingerprint is not that of its walk and options');
  for (const c of candidates) {
    const at = `entry ${c.position}`;
    if (c.position >= s!.total) not(`${at} is past the run's ${s!.total} entries`);
    if (c.result.package && c.result.package.descriptor.source.locator !== c.result.locator) not(`${at} holds a package of another file than ${c.result.locator}`);
    if (verb !== 'lock' && (c.place !== undefined || c.folder !== undefined)) not(`${at} carries a lock shard's place or folder seal`);
    if (verb === 'lock' && c.place === undefined) not(`${at} has no place`);
    if (verb === 'lock' && c.folder === undefined) not(`${at} has no folder seal`);
  }
  return { shard: s!, walk, options: d.options!, candidates };
}

/** The candidates of every shard of one run, once each, in run order, and the first shard (whose walk and options all share). */
function gatherShards(io: CliIo, parsed: RawShard[], verb: CatalogShardVerb): { first: { file: string; doc: CatalogShardDoc }; candidates: CatalogShardCandidate[] } {
  const docs = parsed.map((raw) => {
    const doc = catalogShardOf(io, raw.file, raw.doc, verb);
    raw.doc = null;
    return { file: raw.file, doc };
  });
  const first = docs[0]!;
  const { count, total, run } = first.doc.shard;
  for (const { file, doc } of docs.slice(1)) {
    const why = optionsDiffer(file, doc.options, first.file, first.doc.options);
    if (why !== undefined) usageError(io, spec.name, why);
  }
  everyShardOnce(io, spec.name, docs, (file, shard) =>
    shard.count !== count || shard.run !== run ? `${file} is shard ${shard.index}/${shard.count} of another run than ${first.file} (of ${count} shards)` : undefined,
  );
  const candidates: CatalogShardCandidate[] = new Array(total);
  const files = new Map<string, string>();
  for (const { file, doc } of docs) {
    for (const c of doc.candidates) {
      if (candidates[c.position] !== undefined) usageError(io, spec.name, `${file} repeats entry ${c.position} of the run: the shards are not of one run`);
      const twice = files.get(c.result.locator);
      if (twice !== undefined) usageError(io, spec.name, `${file} and ${twice} both hold ${c.result.locator}: the shards are not of one run`);
      files.set(c.result.locator, file);
      candidates[c.position] = c;
    }
  }
  if (files.size !== total) usageError(io, spec.name, `the shards hold ${files.size} of the run's ${total} entries: they are not of one run`);
  return { first, candidates };
}

/** Catalog shards: every candidate once, in run order, sealed here (precedence, conflicts, includes across shards). */
async function mergeCatalog(io: CliIo, parsed: RawShard[], ask: MergeAsk): Promise<number> {
  const { first, candidates } = gatherShards(io, parsed, 'catalog');
  const sealed = assembleShards(first.doc.walk, candidates.map((c) => c.result));
  // The routing pass needs every skill: it runs here, once the shards are one catalog again.
  const result = { ...sealed, routing: catalogRouting(sealed.catalog).diagnostics };
  if (ask.format === 'json' && ask.outputs.length === 0 && ask.failOn === undefined && ask.maxWarnings === undefined) {
    io.stdout.write(catalogJson(result));
    return catalogStatus(result.catalog, result.walk);
  }
  // Perf: the report writers load only for a report.
  const { writeCatalogReports } = await import('../catalog-report.js');
  return writeCatalogReports(io, result, ask);
}

/** Resolve shards: the catalog sealed from every shard, then resolved with the options they recorded. */
async function mergeResolve(io: CliIo, parsed: RawShard[]): Promise<number> {
  const { first, candidates } = gatherShards(io, parsed, 'resolve');
  const o = first.doc.options!;
  const options: ResolveOptions = { names: o.names as string[], summary: o.summary as boolean, entries: o.entries as boolean, backend: o.backend as BackendChoice };
  const { catalog } = assembleShards(first.doc.walk, candidates.map((c) => c.result));
  const { resolveRun, writeResolveJson } = await import('./resolve.js');
  return writeResolveJson(io, catalog, resolveRun(catalog, options));
}

/**
 * Lock shards: the catalog sealed from every shard and placed (roots relative to the lockfile's
 * folder); the folders' seals come from the shards. The packages go before the lock is sealed.
 */
async function mergeLock(io: CliIo, parsed: RawShard[]): Promise<number> {
  const { sealLock, lockPlaces } = await import('./lock.js');
  const { options, input, seals } = lockFromShards(io, parsed, lockPlaces);
  return sealLock(io, options, input, { json: true, color: false }, (skills) => skills.map((s) => seals.get(s.locator)!));
}

function lockFromShards(
  io: CliIo,
  parsed: RawShard[],
  lockPlaces: typeof import('./lock.js').lockPlaces,
): { options: LockOptions; input: LockInput; seals: ReadonlyMap<string, FolderSeal> } {
  const { first, candidates } = gatherShards(io, parsed, 'lock');
  const o = first.doc.options!;
  const options: LockOptions = { out: o.out as string, allowErrors: o.allow_errors as boolean, allowIncomplete: o.allow_incomplete as boolean };
  const placed = new Map<string, CandidatePlace>(candidates.map((c) => [c.result.locator, c.place!]));
  const seals = new Map<string, FolderSeal>();
  for (const c of candidates) if (c.folder) seals.set(c.result.locator, c.folder);
  const result = assembleShards(first.doc.walk, candidates.map((c) => c.result), placed);
  const places = lockPlaces(result, dirname(options.out), o.home as string);
  return { options, input: { places, completeness: completenessJson(result.walk), lines: [] }, seals };
}
