/**
 * `catalog`, `resolve` and `lock --shard i/n --json`: each shard walks every
 * root (the walk is cheap and the same on every job) but reads and parses
 * only the SKILL.md files whose path inside their root falls in its shard.
 * Its document carries the walk's facts, the options that shape the result
 * and its parsed candidates (for a lock, also where each was placed and its
 * folder seal), so `skillgraph merge` seals the whole catalog (precedence,
 * conflicts, digest, includes across shards), then resolves or locks it, and
 * prints exactly what the unsharded run prints.
 */
import { posix } from 'node:path';
import type { DiscoverResult } from '../discover/walk.js';
import { JS_HASHER } from '../catalog/hasher.js';
import { hashBackendFor } from '../engine/backend.js';
import { budgetResults } from '../engine/budget-items.js';
import { parseItem } from '../engine/parse-files.js';
import {
  assembleCatalog,
  planCatalog,
  type CatalogPlan,
  type ParseItem,
  type ParseItemResult,
} from '../engine/plan.js';
import type { BackendChoice, HashBackend } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import type { CatalogLoad, CatalogRequest } from './catalog-load.js';
import { lockShardOptions } from './lock.js';
import {
  brokenFolderInput,
  folderInput,
  prepareSeal,
  sealFolders,
  type FolderInput,
  type FolderSeal,
} from './lock-seal.js';
import { catalogShape } from './shard-options.js';
import { shardOf, type Shard } from './shard.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** The walk's facts every shard of one run shares; merge checks they agree. */
export interface CatalogShardWalk {
  readonly discovered: Omit<DiscoverResult, 'candidates'>;
  readonly seal: CatalogPlan['seal'] | null;
  readonly backend: string;
}

/** Where the walk placed a candidate: its root as configured and its path inside it. */
export interface CandidatePlace {
  readonly root: string;
  readonly inRoot: string;
}

/** One candidate this shard parsed: its place in the run's candidate order and the parse result. */
export interface CatalogShardCandidate {
  readonly position: number;
  readonly result: ParseItemResult;
  /** Lock shards: where the walk placed the file. */
  readonly place?: CandidatePlace;
  /** Lock shards: its folder seal (a candidate that made no package is sealed for its tree digest). */
  readonly folder?: FolderSeal;
}

/** The verbs whose shards carry parse results. */
export type CatalogShardVerb = 'catalog' | 'resolve' | 'lock';

/** A lock shard seals the folder of every candidate it parsed (winners or not: winners are known in merge only). */
export type SealFolders = (folders: readonly FolderInput[]) => readonly FolderSeal[];

/** What a catalog shard document carries besides the header. */
export interface CatalogShardPart {
  readonly walk: CatalogShardWalk;
  /** The catalog options that shape the result (`catalogShape`). */
  readonly shape: Readonly<Record<string, unknown>>;
  readonly total: number;
  readonly candidates: readonly CatalogShardCandidate[];
}

/** The path a candidate is sharded by: inside its root, so the split is the same wherever the tree is checked out. */
export function candidatePath(item: Pick<ParseItem, 'locator' | 'root'>): string {
  const rel = posix.relative(item.root, item.locator);
  return rel === '' || rel.startsWith('..') ? item.locator : rel;
}

/**
 * Walk every root, parse this shard's candidates only; with `seal` (a lock shard), also place
 * each candidate and seal its folder.
 *
 * @example const part = catalogShard(request, { index: 1, count: 4 }); part.candidates.length
 */
export function catalogShard(request: CatalogRequest, shard: Shard, seal?: SealFolders): CatalogShardPart {
  const hasher = hashBackendFor(request.engine?.backend ?? 'auto');
  const plan = planCatalog({ ...request.load, hasher });
  // The total-input budget is over the whole run, in candidate order, as the unsharded run cuts it.
  const cut = budgetResults(plan.items, undefined, request.load.maxInputBytes);
  const candidates: CatalogShardCandidate[] = [];
  plan.items.forEach((item, position) => {
    if (shardOf(candidatePath(item), shard.count) !== shard.index) return;
    candidates.push({ position, result: cut.get(position) ?? parseItem(item, hasher) });
  });
  const { candidates: all, ...discovered } = plan.discovered;
  const walk = { discovered, seal: plan.seal ?? null, backend: hasher.name };
  const shape = catalogShape(request);
  if (!seal) return { walk, shape, total: plan.items.length, candidates };
  const seals = seal(
    candidates.map((c) => (c.result.package ? folderInput(c.result.package) : brokenFolderInput(c.result.locator))),
  );
  const placed = candidates.map((c, i): CatalogShardCandidate => {
    const { root, inRoot } = all[c.position]!;
    return { ...c, place: { root, inRoot }, folder: seals[i]! };
  });
  return { walk, shape, total: plan.items.length, candidates: placed };
}

/** The library's camelCase keys a shard document spells in snake_case; every other key is already both. */
const SNAKE: Readonly<Record<string, string>> = {
  allowedTools: 'allowed_tools',
  modelInvocable: 'model_invocable',
  bodyLine: 'body_line',
  inlineTools: 'inline_tools',
  inputSchema: 'input_schema',
  agentSkills: 'agent_skills',
  notCatalogued: 'not_catalogued',
  sameFile: 'same_file',
  reachedTwice: 'reached_twice',
  resourceId: 'resource_id',
  conflictOrder: 'conflict_order',
  inRoot: 'in_root',
};
/** A library key as a shard document spells it. */
export function snakeKey(key: string): string {
  return SNAKE[key] ?? key;
}
const CAMEL: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SNAKE).map(([k, v]) => [v, k]));
/** Maps whose keys come from the skill's author (frontmatter, tool names, JSON Schemas): passed unchanged. */
const OPAQUE = new Set(['frontmatter', 'metadata', 'overrides', 'inputSchema', 'input_schema']);

/**
 * Rename keys by `table` at every depth, in place order, leaving authors' maps alone;
 * the counts by reason (`not-regular` …) take `_` for `-` in the document.
 *
 * @example renameKeys({ bodyLine: 3 }, 'snake') // { body_line: 3 }
 */
export function renameKeys(value: unknown, to: 'snake' | 'camel'): unknown {
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, to));
  if (value === null || typeof value !== 'object') return value;
  const table = to === 'snake' ? SNAKE : CAMEL;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = table[key] ?? key;
    if (OPAQUE.has(key)) out[name] = v;
    else if (key === 'notCatalogued' || key === 'not_catalogued') out[name] = reasonKeys(v, to);
    else out[name] = renameKeys(v, to);
  }
  return out;
}

function reasonKeys(value: unknown, to: 'snake' | 'camel'): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [to === 'snake' ? k.replaceAll('-', '_') : k.replaceAll('_', '-'), v]),
  );
}

/** A fingerprint of the walk and of the options that shape the result: shards of one run share it. */
export function walkFingerprint(
  walk: CatalogShardWalk,
  total: number,
  options?: Readonly<Record<string, unknown>>,
): string {
  const bytes = new TextEncoder().encode(
    JSON.stringify(options === undefined ? { walk, total } : { walk, total, options }),
  );
  return JS_HASHER.hashBatch([bytes])[0]!;
}

/**
 * Seal the candidates of every shard (in run order, each once) into the catalog the unsharded run builds;
 * `placed` (lock shards) says where the walk placed each candidate. Digests are recomputed, never
 * taken from the documents.
 */
export function assembleShards(
  walk: CatalogShardWalk,
  results: readonly ParseItemResult[],
  placed?: ReadonlyMap<string, CandidatePlace>,
): CatalogLoad {
  const hasher: HashBackend = { ...JS_HASHER, name: walk.backend as HashBackend['name'] };
  const discovered = { ...walk.discovered, candidates: [] } as DiscoverResult;
  const plan: CatalogPlan = {
    items: results as unknown as ParseItem[],
    discovered,
    hasher,
    ...(walk.seal ? { seal: walk.seal } : {}),
  };
  const loaded = assembleCatalog(plan, results, { trustDigests: false });
  const seen = placed ? { ...loaded, walk: { ...loaded.walk, placed } } : loaded;
  return { ...seen, rootSource: 'flags' } as unknown as CatalogLoad;
}

/**
 * The `--json` document of `catalog`, `resolve` or `lock --shard i/n`: the header merge checks,
 * the walk every shard shares, the options that shape the result (the catalog's, then the
 * verb's own), and this shard's candidates (packages with snake_case keys, authors' maps unchanged).
 */
export function catalogShardDocument(
  verb: CatalogShardVerb,
  shard: Shard,
  part: CatalogShardPart,
  verbOptions?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const options = { ...part.shape, ...verbOptions };
  return {
    shard: {
      verb,
      index: shard.index,
      count: shard.count,
      total: part.total,
      run: walkFingerprint(part.walk, part.total, options),
    },
    walk: renameKeys(part.walk, 'snake'),
    options,
    candidates: renameKeys(part.candidates, 'snake'),
  };
}

export interface ShardTaskOptions {
  readonly verb: CatalogShardVerb;
  readonly request: CatalogRequest;
  readonly shard: Shard;
  /** Resolve shards: what the merged resolution is asked for (default: every skill, no entry lists, `auto`). */
  readonly resolve?: {
    readonly names?: readonly string[];
    readonly summary?: boolean;
    readonly entries?: boolean;
    readonly backend?: BackendChoice;
  };
  /** Lock shards: the lockfile (absolute), the home folder, and what may be locked. */
  readonly lock?: {
    readonly out: string;
    readonly home: string;
    readonly allowErrors?: boolean;
    readonly allowIncomplete?: boolean;
  };
}

/** A shard task's result: the candidates this shard parsed and its `--json` document (status always 0). */
export interface ShardRun {
  readonly status: 0;
  readonly part: CatalogShardPart;
  /** The document `mergeTask` joins, without `schemaVersion`. */
  readonly document: Record<string, unknown>;
}

const SHARD_TASK_KEYS = optionKeys<ShardTaskOptions>('shardTask', {
  verb: true,
  request: true,
  shard: true,
  resolve: true,
  lock: true,
});

/**
 * One shard of a `catalog`, `resolve` or `lock` run: every root walked, this shard's candidates
 * parsed (and for a lock, placed and their folders sealed), as the document `mergeTask` joins.
 *
 * @example writeFileSync('shard-1.json', jsonDocument((await shardTask({ verb: 'catalog', request, shard: { index: 1, count: 4 } })).document))
 */
export async function shardTask(options: ShardTaskOptions): Promise<ShardRun> {
  checkOptionKeys(options, SHARD_TASK_KEYS);
  const { verb, request, shard } = options;
  if (verb === 'lock') {
    if (options.lock === undefined)
      throw new SkillgraphError('options.invalid', "a lock shard needs the 'lock' option", { field: 'lock' });
    await prepareSeal();
    const part = catalogShard(request, shard, sealFolders);
    return { status: 0, part, document: catalogShardDocument(verb, shard, part, lockShardOptions(options.lock)) };
  }
  const part = catalogShard(request, shard);
  if (verb === 'catalog') return { status: 0, part, document: catalogShardDocument(verb, shard, part) };
  const r = options.resolve ?? {};
  const resolveOptions = {
    names: [...(r.names ?? [])],
    summary: r.summary === true,
    entries: r.entries === true,
    backend: r.backend ?? 'auto',
  };
  return { status: 0, part, document: catalogShardDocument(verb, shard, part, resolveOptions) };
}
