/**
 * The runs table: the finished output of a run (e.g. `catalog --json`),
 * one store file per verb, replayed when nothing it depends on changed.
 *
 * Exactly as safe as the files table, whose trust it extends from one file
 * to the whole run: its key (`runKey`) covers everything the output is a
 * function of — the whole walk result (candidates, discovery findings, root
 * reports), the stamp of every skill file, the identity of the files table
 * the run was answered from and the engine options; the store header covers
 * the code. A run is only recorded when every skill file was answered from
 * the files table by stamp, so replaying it prints what such a run prints.
 *
 * Two ways in: `readRunMemo` after a walk and the stats (the run key), and
 * `replayRunMemo` before any walk — the record then carries the run's
 * witness (witness.ts) and its replay key (the options without the walk);
 * when every witness entry still stamps the same, the walk would list the
 * same folders and the run key would be the same, so the record is printed
 * after one stat per entry.
 *
 * Body: the witness roots (UTF-8 JSON), its paths (UTF-8, NUL-joined), its
 * numbers (float64, `endian`), then the output text to the end — or, for
 * the library's `loadCatalog`, the sealed catalog's encoding (catalogs.ts).
 */
import { endianness } from 'node:os';
import type { SkillRoot } from '../../discover/roots.js';
import { StoreReader, StoreWriter } from './file.js';
import { verifyWitness, WITNESS_STRIDE, type RunWitness } from './witness.js';

/** A replayed output and the exit status the run returned with it. */
export interface RunMemo {
  readonly text: string;
  readonly status: number;
  /** The text's UTF-8 bytes as stored (a replay only): written as they are, never decoded. */
  readonly bytes?: Buffer;
}

/** What `writeRunMemo` keeps beside the text so a later run can replay it without walking. */
export interface MemoReplay {
  /** The replay key of the run (its options, no walk). */
  readonly key: string;
  readonly witness: RunWitness;
}

interface RunsMeta {
  readonly key: string;
  readonly status: number;
  readonly replay?: {
    readonly key: string;
    readonly count: number;
    readonly rootsBytes: number;
    readonly pathBytes: number;
    readonly endian: string;
  };
}

/** The store file of a verb's runs. */
export const runStoreName = (name: string): string => `run.${name}`;

function open(dir: string, name: string): { reader: StoreReader; meta: RunsMeta } | undefined {
  const reader = StoreReader.open(dir, runStoreName(name), 'runs');
  if (!reader) return undefined;
  const meta = reader.meta as Partial<RunsMeta> | null;
  const count = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  const r = meta?.replay;
  if (
    !meta ||
    typeof meta.key !== 'string' ||
    typeof meta.status !== 'number' ||
    (r !== undefined && (typeof r.key !== 'string' || !count(r.count) || !count(r.rootsBytes) || !count(r.pathBytes)))
  ) {
    reader.close();
    return undefined;
  }
  return { reader, meta: meta as RunsMeta };
}

/** A recorded body — an output's text as UTF-8 — and its exit status. */
export interface RunRecord {
  readonly status: number;
  readonly body: Buffer;
}

/** Reads a record's body, whatever it encodes, from where the witness ends (`StoreReader.bytes`, `.remaining`); throws on a short read. */
export type RecordBody = Pick<StoreReader, 'bytes' | 'remaining'>;

function memoOf(record: RunRecord): RunMemo {
  // Perf: the stored bytes go to stdout as they are; decoding ~11 MB to a string and
  // encoding it again for the write cost ~15–20 ms of a ~0.3 s warm run.
  const { status, body } = record;
  return {
    status,
    bytes: body,
    get text(): string {
      return body.toString('utf8');
    },
  };
}

/** The whole body, as `readRunRecord` and `replayRunRecord` answer by default. */
const wholeBody = (body: RecordBody, status: number): RunRecord => ({ status, body: body.bytes(body.remaining) });

/**
 * The record `name` in `dir` when its key is `key`, its body read by `read`
 * (default: all of it); anything else (absent, unreadable, another key,
 * damaged, `read` throwing or answering undefined) is none.
 *
 * @example const record = readRunRecord(cacheDir, 'catalog-json', key);
 */
export function readRunRecord(dir: string, name: string, key: string): RunRecord | undefined;
export function readRunRecord<T>(
  dir: string,
  name: string,
  key: string,
  read: (body: RecordBody, status: number) => T | undefined,
): T | undefined;
export function readRunRecord<T>(
  dir: string,
  name: string,
  key: string,
  read: (body: RecordBody, status: number) => T | undefined = wholeBody as never,
): T | undefined {
  const opened = open(dir, name);
  if (!opened) return undefined;
  const { reader, meta } = opened;
  try {
    if (meta.key !== key) return undefined;
    const r = meta.replay;
    if (r) reader.bytes(r.rootsBytes + r.pathBytes + r.count * WITNESS_STRIDE * 8); // the witness
    return read(reader, meta.status);
  } catch {
    return undefined;
  } finally {
    reader.close();
  }
}

/**
 * The record `name` in `dir` without walking, its body read by `read`
 * (default: all of it): when it was recorded with a witness under
 * `replayKey` and every witness entry (and the roots) still check as
 * recorded (`verifyWitness`). Anything else is none.
 *
 * @example const record = replayRunRecord(cacheDir, 'catalog-json', optionsKey, roots);
 */
export function replayRunRecord(
  dir: string,
  name: string,
  replayKey: string,
  roots: readonly SkillRoot[],
): RunRecord | undefined;
export function replayRunRecord<T>(
  dir: string,
  name: string,
  replayKey: string,
  roots: readonly SkillRoot[],
  read: (body: RecordBody, status: number) => T | undefined,
): T | undefined;
export function replayRunRecord<T>(
  dir: string,
  name: string,
  replayKey: string,
  roots: readonly SkillRoot[],
  read: (body: RecordBody, status: number) => T | undefined = wholeBody as never,
): T | undefined {
  const opened = open(dir, name);
  if (!opened) return undefined;
  const { reader, meta } = opened;
  try {
    const r = meta.replay;
    if (!r || r.key !== replayKey || r.endian !== endianness()) return undefined;
    const rootsText = reader.bytes(r.rootsBytes).toString('utf8');
    const pathText = reader.bytes(r.pathBytes).toString('utf8');
    const paths = r.count === 0 ? [] : pathText.split('\u0000');
    if (paths.length !== r.count) return undefined;
    const numbers = new Float64Array(r.count * WITNESS_STRIDE);
    new Uint8Array(numbers.buffer).set(reader.bytes(numbers.byteLength));
    if (!verifyWitness({ roots: rootsText, paths, numbers }, roots)) return undefined;
    return read(reader, meta.status);
  } catch {
    return undefined;
  } finally {
    reader.close();
  }
}

/**
 * Record `body` with `status` as the record `name` for `key` (atomically;
 * replaces the previous record of that name), with `replay` when the run
 * has a witness. `body` may come in parts, each written as it is made, so
 * the whole is never held at once. Never throws: the record is only an
 * accelerator (a part that throws aborts it).
 *
 * @example writeRunRecord(cacheDir, 'load-catalog', key, 0, encodeCatalog(loaded)!, replay);
 */
export function writeRunRecord(
  dir: string,
  name: string,
  key: string,
  status: number,
  body: string | Uint8Array | Iterable<Uint8Array>,
  replay?: MemoReplay,
): boolean {
  let out: StoreWriter | undefined;
  try {
    out = StoreWriter.create(dir, runStoreName(name), 'runs');
    let meta: RunsMeta = { key, status };
    const w = replay?.witness;
    if (replay && w) {
      const roots = Buffer.from(w.roots, 'utf8');
      const paths = Buffer.from(w.paths.join('\u0000'), 'utf8');
      // Perf: each part written straight to the file, no joined copy of an ~11 MB text.
      out.write(roots);
      out.write(paths);
      out.write(new Uint8Array(w.numbers.buffer, w.numbers.byteOffset, w.numbers.byteLength));
      meta = {
        ...meta,
        replay: {
          key: replay.key,
          count: w.paths.length,
          rootsBytes: roots.length,
          pathBytes: paths.length,
          endian: endianness(),
        },
      };
    }
    if (typeof body === 'string' || body instanceof Uint8Array) out.write(body);
    else for (const part of body) out.write(part);
    out.commit(meta);
    return true;
  } catch {
    out?.abort();
    return false;
  }
}

/**
 * The recorded output `name` in `dir` when its key is `key` (`readRunRecord`, as text).
 *
 * @example const memo = readRunMemo(cacheDir, 'catalog-json', key); if (memo) io.stdout.write(memo.text);
 */
export function readRunMemo(dir: string, name: string, key: string): RunMemo | undefined {
  const record = readRunRecord(dir, name, key);
  return record && memoOf(record);
}

/**
 * The recorded output `name` in `dir` without walking (`replayRunRecord`, as text).
 *
 * @example const memo = replayRunMemo(cacheDir, 'catalog-json', optionsKey, roots);
 */
export function replayRunMemo(
  dir: string,
  name: string,
  replayKey: string,
  roots: readonly SkillRoot[],
): RunMemo | undefined {
  const record = replayRunRecord(dir, name, replayKey, roots);
  return record && memoOf(record);
}

/**
 * Record `memo` as the output for `key` (`writeRunRecord`). Never throws.
 *
 * @example writeRunMemo(cacheDir, 'catalog-json', key, { text, status: 0 }, replay);
 */
export function writeRunMemo(dir: string, name: string, key: string, memo: RunMemo, replay?: MemoReplay): boolean {
  return writeRunRecord(dir, name, key, memo.status, memo.bytes ?? memo.text, replay);
}
