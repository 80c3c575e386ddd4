/**
 * The key of a run memo (see `memo.ts`): one SHA-256 over everything a
 * run's output is a function of, computed after the walk and the stat of
 * every skill file, before anything is read or parsed.
 */
import { createHash, type Hash } from 'node:crypto';
import { statSync } from 'node:fs';
import { VERSION } from '../model/version.js';
import { cmp } from '../model/diagnostics.js';
import { resolveDiscoverOptions } from '../discover/walk.js';
import type { CatalogPlan, LoadCatalogOptions } from './catalog-pipeline.js';
import { CACHE_FORMAT, itemKey } from './cache.js';
import { wholeCodeFingerprint } from './fingerprint.js';
import type { ItemFailed, ItemStat } from './parse-files.js';
import { WITNESS_FORMAT } from './witness.js';

/**
 * `size:mtime:inode` of a file, or null when it does not exist.
 *
 * @example fileIdentity('/tmp/cache/parse-cache.v1.bin') // '72538164:1764480420000.5:1234' or null
 */
export function fileIdentity(path: string): string | null {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return null;
  }
}

/** A key's hash started with what every key covers: code, version, formats, the cache file, the engine options. */
function keyHash(formats: readonly number[], cacheFile: string | null, engine: Readonly<Record<string, string | number | boolean>>): Hash {
  const hash = createHash('sha256');
  hash.update(`${[wholeCodeFingerprint(), VERSION, CACHE_FORMAT, ...formats].join('\u0000')}\u0000${cacheFile ?? '-'}\u0000`);
  hash.update(JSON.stringify(Object.entries(engine).sort(([a], [b]) => cmp(a, b))));
  return hash;
}

/** What a run key covers besides the code. */
export interface RunKeyInput {
  /** The walk: candidates (with profile), discovery findings, root reports, hasher. */
  readonly plan: CatalogPlan;
  /** Per item, its stat (or the finished result of a file that could not be stat'ed). */
  readonly stats: readonly (ItemStat | ItemFailed)[];
  /** Identity of the parse cache file the run would be answered from (null: none yet). */
  readonly cacheFile: string | null;
  /** Engine options that can show in the output. */
  readonly engine: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The run key: hex SHA-256 over the code fingerprint, version, cache format,
 * engine options, the whole walk result and every item's profile and stat.
 *
 * @example const key = runKey({ plan, stats, cacheFile, engine: { backend: 'auto', hasher: 'js' } });
 */
export function runKey(input: RunKeyInput): string {
  const hash = keyHash([], input.cacheFile, input.engine);
  const { discovered, items, hasher } = input.plan;
  hash.update(`\u0000${hasher.name}\u0000`);
  hash.update(JSON.stringify({ diagnostics: discovered.diagnostics, roots: discovered.roots }));
  // Perf: item keys joined into one string, and (key length, size, mtime, ctime, inode) per item as
  // raw float64s: no number-to-text per stat; ~2× faster than one text per item at 10k.
  const keys = new Array<string>(items.length);
  const numbers = new Float64Array(items.length * 5);
  const failed: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const file = input.stats[i];
    const key = file?.kind === 'stat' ? file.key : itemKey(items[i]!);
    keys[i] = key;
    numbers[i * 5] = key.length;
    if (file?.kind === 'stat') {
      numbers[i * 5 + 1] = file.stat.size;
      numbers[i * 5 + 2] = file.stat.mtimeMs;
      numbers[i * 5 + 3] = file.stat.ctimeMs;
      numbers[i * 5 + 4] = file.stat.ino;
    } else {
      numbers[i * 5 + 1] = -1;
      failed.push(`${i}:${file === undefined ? '?' : JSON.stringify(file.result)}`);
    }
  }
  hash.update(`${items.length}\u0000`);
  hash.update(keys.join(''));
  hash.update(new Uint8Array(numbers.buffer));
  hash.update(JSON.stringify(failed));
  return hash.digest('hex');
}

/** What a replay key covers besides the code: everything a run is asked to do. */
export interface ReplayKeyInput {
  readonly load: LoadCatalogOptions;
  readonly cacheFile: string | null;
  readonly engine: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The key of a run's options — code, version, formats, engine options, the
 * parse cache file's identity, the roots and the walk options — without the
 * walk or the stats, which the run memo's witness vouches for instead
 * (`replayRunMemo`). Two runs with the same replay key and a verified
 * witness have the same run key.
 *
 * @example replayKey({ load: { roots, depth: 8 }, cacheFile, engine: { backend: 'auto', hasher: 'js' } })
 */
export function replayKey(input: ReplayKeyInput): string {
  const { roots, profile, hasher: _hasher, ...walk } = input.load;
  const options = resolveDiscoverOptions(walk);
  const hash = keyHash([WITNESS_FORMAT], input.cacheFile, input.engine);
  hash.update(JSON.stringify({ roots: roots.map((r) => [r.path, r.scope, r.precedence, r.required]), profile: profile ?? null, options: Object.entries(options).sort(([a], [b]) => cmp(a, b)) }));
  return hash.digest('hex');
}
