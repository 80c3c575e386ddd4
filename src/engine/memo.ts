/**
 * The run memo: the finished output of a run (e.g. `catalog --json`), kept
 * beside the parse cache and replayed when nothing it depends on changed.
 *
 * Exactly as safe as the parse cache, whose trust it extends from one file
 * to the whole run: its key (see `runKey`) covers everything the output is a
 * function of — the whole walk result (candidates, discovery findings, root
 * reports), the (size, mtime, ctime, inode) of every skill file (the parse cache's
 * own test), the identity of the parse cache file the run was answered
 * from, the engine options, the Node version and a fingerprint of every
 * file of skillgraph's own code (not only parse/model, as for the parse
 * cache: the memo also covers catalog, resolve and the CLI). A memo is only
 * written by a run that every skill file answered from the cache by stat,
 * so replaying it prints what such a run prints. Written atomically (temp +
 * rename); safe to delete at any time; `--no-cache` neither reads nor writes it.
 *
 * Two ways in: `readRunMemo` after a walk and the stats (the run key), and
 * `replayRunMemo` before any walk — the memo then carries the run's witness
 * (witness.ts: every folder listed, link resolved and file stat'ed, as it
 * was) and its replay key (the options without the walk); when every entry
 * still stats the same, the walk would list the same folders and the run key
 * would be the same, so the memo is printed after one stat per entry.
 */
import { closeSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { basename, join } from 'node:path';
import type { SkillRoot } from '../discover/roots.js';
import { registerTemp, releaseTemp, removeStaleTemps } from '../workspace/cleanup.js';
import { openRegular } from '../workspace/safe-read.js';
import { ensureCacheDir } from './cache-dir.js';
import { verifyWitness, WITNESS_STRIDE, type RunWitness } from './witness.js';

/** Bump when the memo layout changes. */
export const MEMO_FORMAT = 1;

/** A replayed output and the exit status the run returned with it. */
export interface RunMemo {
  readonly text: string;
  readonly status: number;
  /** The text's UTF-8 bytes as stored (a replay only): written as they are, never decoded. */
  readonly bytes?: Buffer;
  /** The replay key the memo was stored with (a replay only; undefined: stored without a witness). */
  readonly replayKey?: string;
}

export { wholeCodeFingerprint } from './fingerprint.js';

function memoFile(dir: string, name: string): string {
  return join(dir, `run-memo.${name}.v${MEMO_FORMAT}.txt`);
}

/** What `writeRunMemo` keeps beside the text so a later run can replay it without walking. */
export interface MemoReplay {
  /** `Engine.replayKey` of the run (plus whatever else the caller's key covers). */
  readonly key: string;
  readonly witness: RunWitness;
}

/** The first line of a memo file. */
interface MemoHeader {
  readonly key: string;
  readonly status: number;
  /** Bytes of text at the end of the file. */
  readonly length: number;
  readonly replay?: {
    readonly key: string;
    readonly roots: string;
    readonly count: number;
    /** Bytes of the NUL-joined paths; the numbers follow them (float64, `endian`). */
    readonly pathBytes: number;
    readonly endian: string;
  };
}

/** A memo file, split: header, witness section, text. */
interface MemoParts {
  readonly header: MemoHeader;
  readonly bytes: Buffer;
  /** Offset of the witness section (just after the header line). */
  readonly witnessAt: number;
  /** Offset of the text. */
  readonly textAt: number;
}

/**
 *   line 1   JSON header {key, status, length, replay?: {key, roots, count, pathBytes, endian}}
 *   then     replay.pathBytes bytes: the witness paths, UTF-8, joined with NUL
 *   then     replay.count × 5 float64 (see witness.ts)
 *   then     `length` bytes of text (the output), to the end of the file
 */
function readParts(dir: string, name: string, wanted: (header: MemoHeader) => boolean): MemoParts | undefined {
  removeStaleTemps(dir, `${basename(memoFile(dir, name))}.`); // left by a run killed mid-write
  // Anything but a regular file (a FIFO planted there) is no memo, and is never opened.
  const opened = openRegular(memoFile(dir, name), { followLinks: true });
  if (!opened.ok) return undefined;
  const fd = opened.fd;
  try {
    const size = opened.stat.size;
    // Perf: the header line first; the ~14 MB rest (10k skills) only for the memo asked for.
    let bytes: Buffer = Buffer.allocUnsafe(Math.min(size, HEAD_BYTES));
    let have = readInto(fd, bytes, 0);
    let eol = bytes.indexOf(0x0a);
    if (eol < 0 && have < size) {
      bytes = readRest(fd, bytes, have, size);
      have = size;
      eol = bytes.indexOf(0x0a);
    }
    if (eol < 0) return undefined;
    const header = JSON.parse(bytes.toString('utf8', 0, eol)) as Partial<MemoHeader>;
    if (typeof header.key !== 'string' || typeof header.status !== 'number' || typeof header.length !== 'number') return undefined;
    const r = header.replay;
    const count = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
    if (r !== undefined && (!count(r.pathBytes) || !count(r.count) || typeof r.key !== 'string' || typeof r.roots !== 'string')) return undefined;
    const witnessBytes = r === undefined ? 0 : r.pathBytes + r.count * WITNESS_STRIDE * 8;
    const textAt = eol + 1 + witnessBytes;
    if (header.length !== size - textAt || !wanted(header as MemoHeader)) return undefined;
    if (have < size) bytes = readRest(fd, bytes, have, size);
    return { header: header as MemoHeader, bytes, witnessAt: eol + 1, textAt };
  } finally {
    closeSync(fd);
  }
}

/** Bytes read to look for the header line before reading the whole file. */
const HEAD_BYTES = 64 * 1024;

/** Fill `buf` from `at` (file offset = buffer offset) until full or end of file; the bytes now held. */
function readInto(fd: number, buf: Buffer, at: number): number {
  let off = at;
  while (off < buf.length) {
    const n = readSync(fd, buf, off, buf.length - off, off);
    if (n === 0) break;
    off += n;
  }
  return off;
}

/** `head` (the file's first `have` bytes) extended to the whole file of `size` bytes. */
function readRest(fd: number, head: Buffer, have: number, size: number): Buffer {
  const all = Buffer.allocUnsafe(size);
  head.copy(all, 0, 0, have);
  if (readInto(fd, all, have) !== size) throw new RangeError('memo file changed while read');
  return all;
}

function memoOf(parts: MemoParts): RunMemo {
  // Perf: the stored bytes go to stdout as they are; decoding ~11 MB to a string and
  // encoding it again for the write cost ~15–20 ms of a ~0.3 s warm run.
  const body = parts.bytes.subarray(parts.textAt);
  return {
    status: parts.header.status,
    bytes: body,
    replayKey: parts.header.replay?.key,
    get text(): string {
      return body.toString('utf8');
    },
  };
}

/**
 * The memo `name` in `dir` when its key is `key`; anything else (absent,
 * unreadable, another key, damaged) is no memo.
 *
 * @example const memo = readRunMemo(cacheDir, 'catalog-json', key); if (memo) io.stdout.write(memo.text);
 */
export function readRunMemo(dir: string, name: string, key: string): RunMemo | undefined {
  try {
    const parts = readParts(dir, name, (header) => header.key === key);
    return parts && memoOf(parts);
  } catch {
    return undefined;
  }
}

/**
 * The memo `name` in `dir` without walking: when it was written with a
 * witness under `replayKey` and every witness entry (and the roots) still
 * check as recorded (`verifyWitness`). Anything else is no memo.
 *
 * @example const memo = replayRunMemo(cacheDir, 'catalog-json', engine.replayKey(load), load.roots);
 */
export function replayRunMemo(dir: string, name: string, replayKey: string, roots: readonly SkillRoot[]): RunMemo | undefined {
  try {
    const parts = readParts(dir, name, (header) => header.replay?.key === replayKey && header.replay.endian === endianness());
    const r = parts?.header.replay;
    if (!parts || !r) return undefined;
    const pathText = parts.bytes.toString('utf8', parts.witnessAt, parts.witnessAt + r.pathBytes);
    const paths = r.count === 0 ? [] : pathText.split('\u0000');
    if (paths.length !== r.count) return undefined;
    // Copied out: a Float64Array needs 8-byte alignment, the file offset has none.
    const numbersAt = parts.witnessAt + r.pathBytes;
    const numbers = new Float64Array(r.count * WITNESS_STRIDE);
    new Uint8Array(numbers.buffer).set(parts.bytes.subarray(numbersAt, numbersAt + numbers.byteLength));
    return verifyWitness({ roots: r.roots, paths, numbers }, roots) ? memoOf(parts) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Record `memo` as the output for `key` (atomically; replaces the previous memo of that name),
 * with `replay` when the run has a witness. Never throws: the memo is only an accelerator.
 *
 * @example writeRunMemo(cacheDir, 'catalog-json', key, { text, status: 0 }, run.replay);
 */
export function writeRunMemo(dir: string, name: string, key: string, memo: RunMemo, replay?: MemoReplay): boolean {
  const file = memoFile(dir, name);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  removeStaleTemps(dir, `${basename(file)}.`); // left by a run killed mid-write
  let fd: number | undefined;
  try {
    const w = replay?.witness;
    const paths = w ? Buffer.from(w.paths.join('\u0000'), 'utf8') : undefined;
    const head: MemoHeader = {
      key,
      status: memo.status,
      length: memo.bytes?.length ?? Buffer.byteLength(memo.text, 'utf8'),
      ...(replay && w && paths ? { replay: { key: replay.key, roots: w.roots, count: w.paths.length, pathBytes: paths.length, endian: endianness() } } : {}),
    };
    if (!ensureCacheDir(dir)) return false;
    registerTemp(temp);
    fd = openSync(temp, 'wx');
    // Perf: each part written straight to the file, no joined copy of an ~11 MB text.
    writeFileSync(fd, `${JSON.stringify(head)}\n`);
    if (w && paths) {
      writeFileSync(fd, paths);
      writeFileSync(fd, new Uint8Array(w.numbers.buffer, w.numbers.byteOffset, w.numbers.byteLength));
    }
    writeFileSync(fd, memo.bytes ?? memo.text);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, file);
    return true;
  } catch {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
    } catch {
      // nothing more to clean
    }
    return false;
  } finally {
    releaseTemp(temp);
  }
}
