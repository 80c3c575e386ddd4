// Each shard walks every root (cheap, and the same on every job) but parses only its own SKILL.md
// files; merge then seals, resolves or locks the whole and prints what the unsharded run prints.
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

export interface CandidatePlace {
  readonly root: string;
  readonly inRoot: string;
}

/** A parse result and its place in the run's candidate order. */
export interface CatalogShardCandidate {
  readonly position: number;
  readonly result: ParseItemResult;
  readonly place?: CandidatePlace;
  /** Lock shards: a candidate that made no package is sealed for its tree digest. */
  readonly folder?: FolderSeal;
}

export type CatalogShardVerb = 'catalog' | 'resolve' | 'lock';

/** Winners or not: winners are known in merge only. */
export type SealFolders = (folders: readonly FolderInput[]) => readonly FolderSeal[];

export interface CatalogShardPart {
  readonly walk: CatalogShardWalk;
  readonly shape: Readonly<Record<string, unknown>>;
  readonly total: number;
  readonly candidates: readonly CatalogShardCandidate[];
}

/** Inside its root, so the split is the same wherever the tree is checked out. */
export function candidatePath(item: Pick<ParseItem, 'locator' | 'root'>): string {
  const rel = posix.relative(item.root, item.locator);
  return rel === '' || rel.startsWith('..') ? item.locator : rel;
}

/** Walk every root, parse this shard's candidates; a lock shard also places them and seals their folders. */
export function catalogShard(request: CatalogRequest, shard: Shard, seal?: SealFolders): CatalogShardPart {
  const hasher = hashBackendFor(request.engine?.backend ?? 'auto');
  const plan = planCatalog({ ...request.load, hasher });
  // The total-input budget is over the whole run, in candidate order, as the unsharded run cuts it.
  const cut = budgetResults(plan.items, undefined, request.load.maxInputBytes);
  const candidates: CatalogShardCandidate[] = [];
  plan.items.forEach((item, position) => {
    if (shardOf(candidatePath(item), shard.count) !== shard.index) return;
    // A shard document holds what merge seals: the links found while parsing are the routing pass's, not merge's.
    const { links: _links, ...result } = cut.get(position) ?? parseItem(item, hasher);
    candidates.push({ position, result });
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
export function snakeKey(key: string): string {
  return SNAKE[key] ?? key;
}
const CAMEL: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SNAKE).map(([k, v]) => [v, k]));
/** Maps whose keys come from the skill's author: passed unchanged. */
const OPAQUE = new Set(['frontmatter', 'metadata', 'overrides', 'inputSchema', 'input_schema']);

/** Rename keys at every depth, authors' maps left alone; counts by reason take `_` for `-`. */
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

/** Shards of one run share it. */
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

/** Seal every shard's candidates (in run order, once each) as the unsharded run would; digests are recomputed. */
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

/** The header merge checks, the shared walk, the result-shaping options, and this shard's candidates. */
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
  /** What the merged resolution is asked for (default: every skill, no entry lists, `auto`). */
  readonly resolve?: {
    readonly names?: readonly string[];
    readonly summary?: boolean;
    readonly entries?: boolean;
    readonly backend?: BackendChoice;
  };
  /** The lockfile (absolute), the home folder, and what may be locked. */
  readonly lock?: {
    readonly out: string;
    readonly home: string;
    readonly allowErrors?: boolean;
    readonly allowIncomplete?: boolean;
  };
}

/** Status always 0. */
export interface ShardRun {
  readonly status: 0;
  readonly part: CatalogShardPart;
  readonly document: Record<string, unknown>;
}

const SHARD_TASK_KEYS = optionKeys<ShardTaskOptions>('shardTask', {
  verb: true,
  request: true,
  shard: true,
  resolve: true,
  lock: true,
});

/** One shard of a `catalog`, `resolve` or `lock` run, as the document `mergeTask` joins. */
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
