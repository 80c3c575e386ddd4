/**
 * The runs table: the finished output of a run, one store file per verb, replayed when nothing it depends on
 * changed. The run key covers the whole walk result, every skill file's stamp, the files table it was answered
 * from and the options; a run is recorded only when every file was answered by stamp. `replayRunMemo` checks
 * the record's witness (witness.ts) instead of walking. Body: witness roots, paths, numbers, then the output.
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

export interface RunRecord {
  readonly status: number;
  readonly body: Buffer;
}

/** Reads a record's body from where the witness ends; throws on a short read. */
export type RecordBody = Pick<StoreReader, 'bytes' | 'remaining'>;

function memoOf(record: RunRecord): RunMemo {
  // Perf: the stored bytes go to stdout as they are, never decoded and encoded again.
  const { status, body } = record;
  return {
    status,
    bytes: body,
    get text(): string {
      return body.toString('utf8');
    },
  };
}

const wholeBody = (body: RecordBody, status: number): RunRecord => ({ status, body: body.bytes(body.remaining) });

/** The record `name` in `dir` when its key is `key`, its body read by `read`; anything else is none. */
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

/** The record `name` without walking, when its witness and roots still check as recorded; else none. */
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
 * Record `body` (written part by part as it is made) with `status` for `key`, atomically, with `replay` when
 * the run has a witness. Never throws: a part that throws aborts the record.
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

export function readRunMemo(dir: string, name: string, key: string): RunMemo | undefined {
  const record = readRunRecord(dir, name, key);
  return record && memoOf(record);
}

export function replayRunMemo(
  dir: string,
  name: string,
  replayKey: string,
  roots: readonly SkillRoot[],
): RunMemo | undefined {
  const record = replayRunRecord(dir, name, replayKey, roots);
  return record && memoOf(record);
}

/** `writeRunRecord` of a text. Never throws. */
export function writeRunMemo(dir: string, name: string, key: string, memo: RunMemo, replay?: MemoReplay): boolean {
  return writeRunRecord(dir, name, key, memo.status, memo.bytes ?? memo.text, replay);
}
