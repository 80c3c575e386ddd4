/**
 * The keys of the runs table: the run key, over everything a run's output is a function of (taken after the walk
 * and the stats, before any read), and the replay key, over the run's options alone.
 */
import { createHash, type Hash } from 'node:crypto';
import { statSync } from 'node:fs';
import { cmp } from '../../model/diagnostics.js';
import { resolveDiscoverOptions } from '../../discover/walk.js';
import type { CatalogPlan, LoadCatalogOptions } from '../plan.js';
import { itemKey, type ItemFailed, type ItemStat } from '../file-stat.js';
import { storeDigest } from '../fingerprint.js';
import { STORE_FORMAT } from './file.js';
import { NO_STAMP, packStamp, STAMP_FIELDS, stampOf } from './stamp.js';

/** The stamp of a file as text, or null when it does not exist. */
export function fileIdentity(path: string): string | null {
  try {
    const s = stampOf(statSync(path));
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch {
    return null;
  }
}

/** The text every key's hash starts with: kind, store format, files table, engine options, context. */
function keyPrefix(
  kind: string,
  cacheFile: string | null,
  engine: Readonly<Record<string, string | number | boolean>>,
  context: string,
): string {
  return `${kind}\u0000${STORE_FORMAT}\u0000${cacheFile ?? '-'}\u0000${context.length}:${context}\u0000${JSON.stringify(Object.entries(engine).sort(([a], [b]) => cmp(a, b)))}`;
}

/** What a run key covers (the store header covers the code). */
export interface RunKeyInput {
  readonly plan: CatalogPlan;
  /** Per item, its stat (or the finished result of a file that could not be stat'ed). */
  readonly stats: readonly (ItemStat | ItemFailed)[];
  /** Identity of the parse cache file the run would be answered from (null: none yet). */
  readonly cacheFile: string | null;
  /** Engine options that can show in the output. */
  readonly engine: Readonly<Record<string, string | number | boolean>>;
  /** What else the output depends on, as the caller knows it (e.g. where the roots came from). */
  readonly context: string;
}

/** The run key: hex SHA-256 over the key prefix, the whole walk result and every item's profile and stat. */
export function runKey(input: RunKeyInput): string {
  const hash: Hash = createHash('sha256').update(keyPrefix('run', input.cacheFile, input.engine, input.context));
  const { discovered, items, hasher } = input.plan;
  hash.update(`\u0000${hasher.name}\u0000`);
  hash.update(JSON.stringify({ diagnostics: discovered.diagnostics, roots: discovered.roots }));
  // Perf: item keys joined into one string and the stamps as raw float64s, no number-to-text per stat.
  const stride = 1 + STAMP_FIELDS;
  const keys = new Array<string>(items.length);
  const numbers = new Float64Array(items.length * stride);
  const failed: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const file = input.stats[i];
    const key = file?.kind === 'stat' ? file.key : itemKey(items[i]!);
    keys[i] = key;
    numbers[i * stride] = key.length;
    if (file?.kind === 'stat') {
      packStamp(numbers, i * stride + 1, file.stat);
    } else {
      packStamp(numbers, i * stride + 1, NO_STAMP);
      failed.push(`${i}:${file === undefined ? '?' : JSON.stringify(file.result)}`);
    }
  }
  hash.update(`${items.length}\u0000`);
  hash.update(keys.join(''));
  hash.update(new Uint8Array(numbers.buffer));
  hash.update(JSON.stringify(failed));
  return hash.digest('hex');
}

export interface ReplayKeyInput {
  readonly load: LoadCatalogOptions;
  readonly cacheFile: string | null;
  readonly engine: Readonly<Record<string, string | number | boolean>>;
  readonly context: string;
}

/** The key of a run's options without the walk or stats, which the witness vouches for instead. */
export function replayKey(input: ReplayKeyInput): string {
  const { roots, profile, hasher: _hasher, ...walk } = input.load;
  const options = resolveDiscoverOptions(walk);
  const asked = JSON.stringify({
    roots: roots.map((r) => [r.path, r.scope, r.precedence, r.required]),
    profile: profile ?? null,
    options: Object.entries(options).sort(([a], [b]) => cmp(a, b)),
  });
  // Perf: the one key a warm load computes, hashed without loading node:crypto.
  return storeDigest(keyPrefix('replay', input.cacheFile, input.engine, input.context) + asked);
}
