// Every shard of the run must be given once; a missing, repeated or foreign shard, or one run with
// other options, is a `usage` error naming the file.
import { dirname, isAbsolute, resolve } from 'node:path';
import { readRegularFile } from '../discover/safe-read.js';
import { BACKEND_NAMES, type BackendChoice } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { gate } from '../report/gate.js';
import { catalogRun, type CatalogRun } from './catalog.js';
import type { FolderSeal } from './lock-seal.js';
import { lockPlaces, sealLock, type LockRun } from './lock.js';
import { mergeValidate, type MergeGate } from './merge-validate.js';
import { resolveRun, type ResolveRun } from './resolve.js';
import { catalogRoutingDiagnostics } from './routing-io.js';
import {
  assembleShards,
  renameKeys,
  walkFingerprint,
  type CandidatePlace,
  type CatalogShardCandidate,
  type CatalogShardVerb,
  type CatalogShardWalk,
} from './shard-catalog.js';
import { CATALOG_SHAPE_KEYS, optionsDiffer, validCatalogShape } from './shard-options.js';
import { shardShapeProblem } from './shard-shape.js';
import { everyShardOnce, MAX_SHARDS } from './shard.js';
import type { ValidateRun } from './validate.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** `doc` is let go once checked, so merge holds one copy of the packages. */
export interface ShardFile {
  readonly file: string;
  doc: unknown;
}

export type MergeVerb = 'validate' | CatalogShardVerb;

export interface MergeTaskOptions extends MergeGate {
  /** The shard documents as read (`readShards`), or their files (relative to `cwd`). */
  readonly shards: readonly (ShardFile | string)[];
  readonly cwd?: string;
}

export type MergeRun =
  | { readonly verb: 'validate'; readonly status: 0 | 1; readonly shards: number; readonly run: ValidateRun }
  | { readonly verb: 'catalog'; readonly status: 0 | 1; readonly run: CatalogRun }
  | { readonly verb: 'resolve'; readonly status: 0 | 1; readonly run: ResolveRun }
  | { readonly verb: 'lock'; readonly status: 0 | 1; readonly run: LockRun };

/** A shard document this large is not one. */
const MAX_SHARD_BYTES = 1024 * 1024 * 1024;

/** Read shard documents; a file that cannot be read or is not JSON is a `usage` error naming it. */
export function readShards(files: readonly string[], cwd = process.cwd()): ShardFile[] {
  return files.map((file) => {
    const read = readRegularFile(resolve(cwd, file), MAX_SHARD_BYTES, { followLinks: true });
    if (!read.ok)
      throw new SkillgraphError(
        'usage',
        `cannot read ${file}: ${read.reason === 'missing' ? 'not found' : read.reason}`,
      );
    try {
      return { file, doc: JSON.parse(read.bytes.toString('utf8')) as unknown };
    } catch (error) {
      throw new SkillgraphError('usage', `${file} is not JSON: ${(error as Error).message}`);
    }
  });
}

const CATALOG_SHARD_VERBS: readonly string[] = ['catalog', 'resolve', 'lock'] satisfies CatalogShardVerb[];

/** The verb whose shards `shards` are; shards of different verbs are a `usage` error. */
export function shardsVerb(shards: readonly ShardFile[]): MergeVerb {
  const verbs = new Set(shards.map(({ doc }) => shardVerb(doc)));
  if (verbs.size > 1)
    throw new SkillgraphError('usage', `${shards.map((s) => s.file).join(', ')} are shards of different verbs`);
  return [...verbs][0]! as MergeVerb;
}

function shardVerb(doc: unknown): string {
  const s = (doc as { shard?: { verb?: unknown } } | null)?.shard;
  return typeof s === 'object' && s !== null && typeof s.verb === 'string' && CATALOG_SHARD_VERBS.includes(s.verb)
    ? s.verb
    : 'validate';
}

const MERGE_TASK_KEYS = optionKeys<MergeTaskOptions>('mergeTask', {
  shards: true,
  cwd: true,
  failOn: true,
  maxWarnings: true,
  sources: true,
});

/** Join the shards of one run into what the unsharded run makes (catalog sealed, resolved, lockfile written). */
export async function mergeTask(options: MergeTaskOptions): Promise<MergeRun> {
  checkOptionKeys(options, MERGE_TASK_KEYS);
  const cwd = options.cwd ?? process.cwd();
  const shards = options.shards.map((s) => (typeof s === 'string' ? readShards([s], cwd)[0]! : s));
  if (shards.length === 0)
    throw new SkillgraphError('options.invalid', "merge option 'shards' names no shard", { field: 'shards' });
  const verb = shardsVerb(shards);
  if (verb === 'validate') {
    const run = mergeValidate(shards, options);
    return { verb, status: run.status, shards: shards.length, run };
  }
  if (verb === 'catalog') return mergeCatalog(shards, options, cwd);
  if (verb === 'resolve') return mergeResolve(shards);
  return mergeLock(shards, cwd);
}

interface CatalogShardDoc {
  readonly shard: {
    readonly verb: CatalogShardVerb;
    readonly index: number;
    readonly count: number;
    readonly total: number;
    readonly run: string;
  };
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

/** What each verb's shards record besides the catalog's options. */
const OPTIONS: Readonly<Record<CatalogShardVerb, VerbOptions>> = {
  catalog: { keys: [], valid: () => true },
  resolve: {
    keys: ['names', 'summary', 'entries', 'backend'],
    valid: (o) =>
      Array.isArray(o.names) &&
      o.names.every((n) => typeof n === 'string') &&
      typeof o.summary === 'boolean' &&
      typeof o.entries === 'boolean' &&
      (BACKEND_NAMES as readonly unknown[]).includes(o.backend),
  },
  lock: {
    keys: ['out', 'home', 'allow_errors', 'allow_incomplete'],
    valid: (o) =>
      typeof o.out === 'string' &&
      isAbsolute(o.out) &&
      typeof o.home === 'string' &&
      typeof o.allow_errors === 'boolean' &&
      typeof o.allow_incomplete === 'boolean',
  },
};

/** Keys back in the library's casing; anything but a shard document is a `usage` error naming the file. */
function catalogShardOf(file: string, doc: unknown, verb: CatalogShardVerb): CatalogShardDoc {
  const not = (why?: string): never => {
    throw new SkillgraphError(
      'usage',
      `${file} is not the --json document of a '${verb} --shard i/n' run${why ? `: ${why}` : ''}`,
    );
  };
  const d = (isMap(doc) ? doc : {}) as Partial<CatalogShardDoc>;
  const s = d.shard;
  const header =
    isMap(s) &&
    Number.isSafeInteger(s.count) &&
    s.count >= 1 &&
    s.count <= MAX_SHARDS &&
    Number.isSafeInteger(s.index) &&
    s.index >= 1 &&
    s.index <= s.count &&
    Number.isSafeInteger(s.total) &&
    s.total >= 0 &&
    typeof s.run === 'string';
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
  if (walkFingerprint(walk, s!.total, d.options) !== s!.run)
    not('its run fingerprint is not that of its walk and options');
  for (const c of candidates) {
    const at = `entry ${c.position}`;
    if (c.position >= s!.total) not(`${at} is past the run's ${s!.total} entries`);
    if (c.result.package && c.result.package.descriptor.source.locator !== c.result.locator)
      not(`${at} holds a package of another file than ${c.result.locator}`);
    if (verb !== 'lock' && (c.place !== undefined || c.folder !== undefined))
      not(`${at} carries a lock shard's place or folder seal`);
    if (verb === 'lock' && c.place === undefined) not(`${at} has no place`);
    if (verb === 'lock' && c.folder === undefined) not(`${at} has no folder seal`);
  }
  return { shard: s!, walk, options: d.options!, candidates };
}

/** Every shard's candidates once, in run order, and the first shard (whose walk and options all share). */
function gatherShards(
  parsed: ShardFile[],
  verb: CatalogShardVerb,
): { first: { file: string; doc: CatalogShardDoc }; candidates: CatalogShardCandidate[] } {
  const docs = parsed.map((raw) => {
    const doc = catalogShardOf(raw.file, raw.doc, verb);
    raw.doc = null;
    return { file: raw.file, doc };
  });
  const first = docs[0]!;
  const { count, total, run } = first.doc.shard;
  for (const { file, doc } of docs.slice(1)) {
    const why = optionsDiffer(file, doc.options, first.file, first.doc.options);
    if (why !== undefined) throw new SkillgraphError('usage', why);
  }
  everyShardOnce(docs, (file, shard) =>
    shard.count !== count || shard.run !== run
      ? `${file} is shard ${shard.index}/${shard.count} of another run than ${first.file} (of ${count} shards)`
      : undefined,
  );
  const candidates: CatalogShardCandidate[] = new Array(total);
  const files = new Map<string, string>();
  for (const { file, doc } of docs) {
    for (const c of doc.candidates) {
      if (candidates[c.position] !== undefined)
        throw new SkillgraphError(
          'usage',
          `${file} repeats entry ${c.position} of the run: the shards are not of one run`,
        );
      const twice = files.get(c.result.locator);
      if (twice !== undefined)
        throw new SkillgraphError(
          'usage',
          `${file} and ${twice} both hold ${c.result.locator}: the shards are not of one run`,
        );
      files.set(c.result.locator, file);
      candidates[c.position] = c;
    }
  }
  if (files.size !== total)
    throw new SkillgraphError(
      'usage',
      `the shards hold ${files.size} of the run's ${total} entries: they are not of one run`,
    );
  return { first, candidates };
}

/** Sealed here: precedence, conflicts and includes cross shards. */
function mergeCatalog(parsed: ShardFile[], gated: MergeGate, cwd: string): MergeRun {
  const { first, candidates } = gatherShards(parsed, 'catalog');
  const sealed = assembleShards(
    first.doc.walk,
    candidates.map((c) => c.result),
  );
  // The routing pass needs every skill: it runs here, once the shards are one catalog again.
  const run = catalogRun({ ...sealed, routing: catalogRoutingDiagnostics(sealed.catalog) }, cwd);
  if (gated.failOn === undefined && gated.maxWarnings === undefined)
    return { verb: 'catalog', status: run.status, run };
  const limit = gated.maxWarnings !== undefined ? { maxWarnings: gated.maxWarnings } : {};
  const verdict = gate(run.catalog.diagnostics, { failOn: gated.failOn ?? 'error', ...limit });
  return { verb: 'catalog', status: verdict.passed ? run.status : 1, run };
}

function mergeResolve(parsed: ShardFile[]): MergeRun {
  const { first, candidates } = gatherShards(parsed, 'resolve');
  const o = first.doc.options;
  const options = {
    names: o.names as string[],
    summary: o.summary as boolean,
    entries: o.entries as boolean,
    backend: o.backend as BackendChoice,
  };
  const { catalog } = assembleShards(
    first.doc.walk,
    candidates.map((c) => c.result),
  );
  const run = resolveRun(catalog, options);
  return { verb: 'resolve', status: run.status, run };
}

/** The folders' seals come from the shards; roots are placed relative to the lockfile's folder. */
function mergeLock(parsed: ShardFile[], cwd: string): MergeRun {
  const { first, candidates } = gatherShards(parsed, 'lock');
  const o = first.doc.options;
  const out = o.out as string;
  const placed = new Map<string, CandidatePlace>(candidates.map((c) => [c.result.locator, c.place!]));
  const seals = new Map<string, FolderSeal>();
  for (const c of candidates) if (c.folder) seals.set(c.result.locator, c.folder);
  const result = assembleShards(
    first.doc.walk,
    candidates.map((c) => c.result),
    placed,
  );
  const places = lockPlaces(result, dirname(out), o.home as string);
  const { complete, limits, files } = result.walk;
  const lock = { out, cwd, allowErrors: o.allow_errors as boolean, allowIncomplete: o.allow_incomplete as boolean };
  const run = sealLock(lock, places, { complete, limits, files }, (skills) => skills.map((s) => seals.get(s.locator)!));
  return { verb: 'lock', status: run.status, run };
}
