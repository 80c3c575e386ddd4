/**
 * `skillgraph merge FILE...` — join the `--json` documents of the shards of
 * one run (`validate` or `catalog --shard i/n --json`, one per CI job) into exactly the
 * document the run prints without `--shard`, byte for byte. Every shard of
 * the run must be given once; a missing, repeated or foreign shard is a
 * usage error naming the file. Exit 1 when the joined run has errors.
 */
import { resolve } from 'node:path';
import { readRegularFile } from '../../discover/safe-read.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';
import type { ParseItemResult } from '../../engine/plan.js';
import { assembleShards, renameKeys, walkFingerprint, type CatalogShardCandidate, type CatalogShardWalk } from '../shard-catalog.js';
import { catalogJson, catalogStatus } from './catalog.js';

export const spec: VerbSpec = {
  name: 'merge',
  summary: 'join the --json documents of validate or catalog --shard runs into the unsharded document',
  usage: 'FILE... [--json]',
  minPositionals: 1,
  flags: {},
  positionals: 'paths',
};

/** A shard document this large is not one. */
const MAX_SHARD_BYTES = 1024 * 1024 * 1024;

interface ShardDoc {
  readonly skills: readonly unknown[];
  readonly summary: Readonly<Record<string, unknown>>;
  readonly shard: { readonly index: number; readonly count: number; readonly total: number; readonly positions: readonly number[] };
}

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

function shardVerb(doc: unknown): string {
  const s = (doc as { shard?: { verb?: unknown } } | null)?.shard;
  return typeof s === 'object' && s !== null && s.verb === 'catalog' ? 'catalog' : 'validate';
}

function validateShard(io: CliIo, file: string, doc: unknown): ShardDoc {
  const d = doc as Partial<ShardDoc> & { schemaVersion?: unknown };
  const s = d?.shard;
  const ok =
    typeof d === 'object' && d !== null && Array.isArray(d.skills) && typeof d.summary === 'object' && d.summary !== null &&
    typeof s === 'object' && s !== null && Number.isSafeInteger(s.index) && Number.isSafeInteger(s.count) && Number.isSafeInteger(s.total) &&
    Array.isArray(s.positions) && s.positions.length === d.skills.length && s.positions.every((p) => Number.isSafeInteger(p) && p >= 0 && p < s.total);
  if (!ok) usageError(io, spec.name, `${file} is not the --json document of a 'validate --shard i/n' run`);
  return d as ShardDoc;
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { positionals } = parseVerbArgs(spec, args, io);
  const parsed = positionals.map((file) => ({ file, doc: readJson(io, file) }));
  const verbs = new Set(parsed.map(({ doc }) => shardVerb(doc)));
  if (verbs.size > 1) usageError(io, spec.name, `${positionals.join(', ')} are shards of different verbs`);
  if (verbs.has('catalog')) return mergeCatalog(io, parsed);
  const docs = parsed.map(({ file, doc }) => ({ file, doc: validateShard(io, file, doc) }));
  const { count, total } = docs[0]!.doc.shard;
  everyShardOnce(io, docs, (file, shard) =>
    shard.count !== count || shard.total !== total ? `${file} is shard ${shard.index}/${shard.count} of a run of ${shard.total} entries; ${docs[0]!.file} is of ${count} shards and ${total} entries` : undefined,
  );
  const skills: unknown[] = new Array(total);
  const filled = new Uint8Array(total);
  for (const { file, doc } of docs) {
    doc.shard.positions.forEach((p, i) => {
      if (filled[p]) usageError(io, spec.name, `${file} repeats entry ${p} of the run: the shards are not of one run`);
      filled[p] = 1;
      skills[p] = doc.skills[i];
    });
  }
  if (filled.includes(0)) usageError(io, spec.name, `the shards hold ${filled.reduce((n, f) => n + f, 0)} of the run's ${total} entries: they are not of one run`);
  const summary = sumSummaries(docs.map((d) => d.doc.summary));
  writeJson(io, { skills, summary });
  // stdout is a document whatever the flags: the counts go to stderr only when asked for.
  if (io.level === 'verbose') note(io, `merge: ${count} shard(s), ${total} entries, ${String(summary.errors)} error(s), ${String(summary.warnings)} warning(s)\n`);
  return Number(summary.errors) > 0 ? EXIT.findings : EXIT.ok;
}

interface CatalogShardDoc {
  readonly shard: { readonly verb: 'catalog'; readonly index: number; readonly count: number; readonly total: number; readonly run: string };
  readonly walk: CatalogShardWalk;
  readonly candidates: readonly CatalogShardCandidate[];
}

function catalogShardOf(io: CliIo, file: string, doc: unknown): CatalogShardDoc {
  const d = doc as Partial<CatalogShardDoc>;
  const s = d.shard;
  const ok =
    typeof s === 'object' && s !== null && Number.isSafeInteger(s.index) && Number.isSafeInteger(s.count) && Number.isSafeInteger(s.total) && s.total >= 0 &&
    typeof s.run === 'string' && typeof d.walk === 'object' && d.walk !== null && Array.isArray(d.candidates) &&
    d.candidates.every((c) => typeof c === 'object' && c !== null && Number.isSafeInteger(c.position) && c.position >= 0 && c.position < s.total && typeof c.result === 'object' && c.result !== null && Array.isArray(c.result.diagnostics)) &&
    walkFingerprint(renameKeys(d.walk, 'camel') as CatalogShardWalk, s.total) === s.run;
  if (!ok) usageError(io, spec.name, `${file} is not the --json document of a 'catalog --shard i/n' run`);
  return { shard: s, walk: renameKeys(d.walk, 'camel') as CatalogShardWalk, candidates: renameKeys(d.candidates, 'camel') as CatalogShardCandidate[] };
}

/**
 * Refuse a shard that `foreign` says is of another run, one given twice, or a missing one;
 * the first document's shard count is the run's.
 */
function everyShardOnce<S extends { readonly index: number; readonly count: number }>(
  io: CliIo,
  docs: readonly { readonly file: string; readonly doc: { readonly shard: S } }[],
  foreign: (file: string, shard: S) => string | undefined,
): void {
  const count = docs[0]!.doc.shard.count;
  const seen = new Map<number, string>();
  for (const { file, doc } of docs) {
    const why = foreign(file, doc.shard);
    if (why !== undefined) usageError(io, spec.name, why);
    const twice = seen.get(doc.shard.index);
    if (twice !== undefined) usageError(io, spec.name, `${file} and ${twice} are both shard ${doc.shard.index}/${count}`);
    seen.set(doc.shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) usageError(io, spec.name, `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
}

/** Catalog shards: every candidate once, in run order, sealed here (precedence, conflicts, includes across shards). */
function mergeCatalog(io: CliIo, parsed: readonly { file: string; doc: unknown }[]): number {
  const docs = parsed.map(({ file, doc }) => ({ file, doc: catalogShardOf(io, file, doc) }));
  const first = docs[0]!;
  const { count, total, run } = first.doc.shard;
  everyShardOnce(io, docs, (file, shard) =>
    shard.count !== count || shard.run !== run ? `${file} is shard ${shard.index}/${shard.count} of another run than ${first.file} (of ${count} shards)` : undefined,
  );
  const results: ParseItemResult[] = new Array(total);
  for (const { file, doc } of docs) {
    for (const c of doc.candidates) {
      if (results[c.position] !== undefined) usageError(io, spec.name, `${file} repeats entry ${c.position} of the run: the shards are not of one run`);
      results[c.position] = c.result;
    }
  }
  const held = results.filter((r) => r !== undefined).length;
  if (held !== total) usageError(io, spec.name, `the shards hold ${held} of the run's ${total} entries: they are not of one run`);
  const result = assembleShards(first.doc.walk, results);
  io.stdout.write(catalogJson(result));
  return catalogStatus(result.catalog, result.walk);
}

/** Counts add up over disjoint shards, key by key, nested maps too (`skipped_by`), in the first's key order. */
export function sumSummaries(summaries: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(summaries[0] ?? {})) {
    const values = summaries.map((s) => s[key]);
    out[key] = values.every((v) => typeof v === 'number')
      ? (values as number[]).reduce((a, b) => a + b, 0)
      : sumSummaries(values.map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})));
  }
  return out;
}
