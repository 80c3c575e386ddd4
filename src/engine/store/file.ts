/**
 * The store's one file format, shared by its three tables (files, folders,
 * runs). A store file is a header line padded to `HEADER_BYTES`, then the
 * table's body:
 *
 *   {"store":"skillgraph","format":1,"table":"files","version":…,"code":…,"length":…,"meta":…}␠…␠\n
 *   body: `length` bytes — length-prefixed chunks (u32 big-endian + bytes), raw bytes, or both
 *
 * `code` is the whole-code fingerprint (fingerprint.ts): a store written by
 * other code — another version, a rebuild, another Node — is empty, because
 * a rule that decides a stored value may live in any stage. A file that is
 * missing, unreadable, damaged (its length is not the header's), foreign or
 * not a regular file (a FIFO planted there is never opened) is an empty
 * store, never an error: the store only ever saves time. Every write goes
 * through one atomic writer (temp file + rename, `workspace/atomic.ts`), so
 * a killed run leaves the old file or the new one.
 */
import { closeSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION } from '../../model/version.js';
import { SkillgraphError } from '../../model/errors.js';
import { AtomicFile } from '../../workspace/atomic.js';
import { openRegular } from '../../discover/safe-read.js';
import { ensureCacheDir } from '../../workspace/cache-dir.js';
import { wholeCodeFingerprint } from '../fingerprint.js';
import { builtinModule } from '../../model/builtin.js';

/** Bump when the header or a table's body layout changes. */
export const STORE_FORMAT = 1;
/** The header line's size, padding and newline included. */
export const HEADER_BYTES = 1024;
/** The tables the store holds. */
export type StoreTable = 'files' | 'folders' | 'runs';

interface StoreHeader {
  readonly store: 'skillgraph';
  readonly format: number;
  readonly table: StoreTable;
  readonly version: string;
  readonly code: string;
  readonly length: number;
  readonly meta: unknown;
}

/**
 * The path of store file `name` in `dir`.
 *
 * @example storePath('/home/me/.cache/skillgraph', 'files') // '/home/me/.cache/skillgraph/files.store'
 */
export function storePath(dir: string, name: string): string {
  return join(dir, `${name}.store`);
}

/**
 * An open store file, its header checked: `meta` is what the writer
 * committed; the body is read in order by `chunk` and `rest`. Reads throw
 * on a short read (the file changed underneath): callers treat any throw
 * as an empty store.
 */
export class StoreReader {
  readonly meta: unknown;
  /** Body bytes. */
  readonly length: number;
  readonly #fd: number;
  #at = 0;
  /** Reused by `chunkView`. */
  #scratch: Buffer | undefined;

  private constructor(fd: number, meta: unknown, length: number) {
    this.#fd = fd;
    this.meta = meta;
    this.length = length;
  }

  /**
   * Open store file `name` of `table` in `dir` when it is one this code
   * wrote; undefined for anything else. Never throws.
   *
   * @example const r = StoreReader.open(dir, 'files', 'files'); try { … } finally { r?.close(); }
   */
  static open(
    dir: string,
    name: string,
    table: StoreTable,
    maxBytes = Number.MAX_SAFE_INTEGER,
  ): StoreReader | undefined {
    const opened = openRegular(storePath(dir, name), { followLinks: true });
    if (!opened.ok) return undefined;
    try {
      const size = opened.stat.size;
      if (size < HEADER_BYTES || size > maxBytes) throw new RangeError('not a store file');
      const head = Buffer.allocUnsafe(HEADER_BYTES);
      if (readFully(opened.fd, head, 0) !== HEADER_BYTES || head[HEADER_BYTES - 1] !== 0x0a)
        throw new RangeError('not a store file');
      const header = JSON.parse(head.toString('utf8', 0, HEADER_BYTES - 1)) as Partial<StoreHeader>;
      const current =
        header.store === 'skillgraph' &&
        header.format === STORE_FORMAT &&
        header.table === table &&
        header.version === VERSION &&
        header.code === wholeCodeFingerprint();
      if (!current || header.length !== size - HEADER_BYTES) throw new RangeError('not a current store file');
      return new StoreReader(opened.fd, header.meta, header.length);
    } catch {
      closeSync(opened.fd);
      return undefined;
    }
  }

  /** Body bytes not read yet. */
  get remaining(): number {
    return this.length - this.#at;
  }

  /** The next length-prefixed chunk, or undefined at the end of the body. */
  chunk(): Buffer | undefined {
    if (this.#at === this.length) return undefined;
    const size = this.bytes(4).readUInt32BE(0);
    return this.bytes(size);
  }

  /**
   * `chunk`, read into a buffer this reader reuses: the view is valid until the next read.
   * Perf: a table's chunks are decoded one at a time into values of their own, so one buffer
   * serves them all (10k-skill files table: ~20 chunks of ~3.8 MB, which had stayed allocated
   * until a collection came, +~20 MB RSS).
   */
  chunkView(): Buffer | undefined {
    if (this.#at === this.length) return undefined;
    const size = this.bytes(4).readUInt32BE(0);
    if (size > this.remaining) throw new RangeError('store body shorter than its parts');
    if (this.#scratch === undefined || this.#scratch.length < size)
      this.#scratch = Buffer.allocUnsafe(Math.max(size, (this.#scratch?.length ?? 0) * 2));
    const view = this.#scratch.subarray(0, size);
    if (readFully(this.#fd, view, HEADER_BYTES + this.#at) !== size)
      throw new RangeError('store file changed while read');
    this.#at += size;
    return view;
  }

  /** The next `n` raw bytes of the body. */
  bytes(n: number): Buffer {
    if (n < 0 || this.#at + n > this.length) throw new RangeError('store body shorter than its parts');
    const out = Buffer.allocUnsafe(n);
    if (readFully(this.#fd, out, HEADER_BYTES + this.#at) !== n) throw new RangeError('store file changed while read');
    this.#at += n;
    return out;
  }

  /** The rest of the body. */
  rest(): Buffer {
    return this.bytes(this.remaining);
  }

  close(): void {
    try {
      closeSync(this.#fd);
    } catch {
      // already closed
    }
  }
}

/**
 * A store file being written: `chunk` and `write` append to a temp file,
 * `commit` writes the header and renames it into place. Every method but
 * `abort` throws what writing threw; callers keep the store an accelerator
 * by catching it.
 */
export class StoreWriter {
  readonly #out: AtomicFile;
  readonly #table: StoreTable;

  private constructor(out: AtomicFile, table: StoreTable) {
    this.#out = out;
    this.#table = table;
  }

  /**
   * Start store file `name` of `table` in `dir` (made when missing; see `ensureCacheDir`).
   *
   * @example const w = StoreWriter.create(dir, 'folders', 'folders'); w.chunk(rows); w.commit({ run: 2 });
   */
  static create(dir: string, name: string, table: StoreTable): StoreWriter {
    if (!ensureCacheDir(dir)) throw new SkillgraphError('io', `cache folder ${dir} is not usable`, { file: dir });
    const out = AtomicFile.create(storePath(dir, name));
    try {
      out.write(Buffer.alloc(HEADER_BYTES, 0x20));
    } catch (error) {
      out.abort();
      throw error;
    }
    return new StoreWriter(out, table);
  }

  /** Append one length-prefixed chunk. */
  chunk(bytes: Uint8Array): void {
    const head = Buffer.allocUnsafe(4);
    head.writeUInt32BE(bytes.length, 0);
    this.#out.write(head);
    this.#out.write(bytes);
  }

  /** Append raw bytes. */
  write(bytes: string | Uint8Array): void {
    this.#out.write(bytes);
  }

  /** Write the header with `meta` (small: it must fit the header line) and put the file in place. */
  commit(meta: unknown): void {
    const header: StoreHeader = {
      store: 'skillgraph',
      format: STORE_FORMAT,
      table: this.#table,
      version: VERSION,
      code: wholeCodeFingerprint(),
      length: this.#out.length - HEADER_BYTES,
      meta,
    };
    const line = Buffer.from(JSON.stringify(header), 'utf8');
    if (line.length > HEADER_BYTES - 1)
      throw new RangeError(`store header of ${line.length} bytes does not fit ${HEADER_BYTES - 1}`);
    const padded = Buffer.alloc(HEADER_BYTES, 0x20);
    line.copy(padded);
    padded[HEADER_BYTES - 1] = 0x0a;
    this.#out.writeAt(padded, 0);
    this.#out.commit();
  }

  /** Remove the temp file; never throws. */
  abort(): void {
    this.#out.abort();
  }
}

/** The meta a chunked table commits: its run counter and row count. */
export interface TableMeta {
  readonly run: number;
  readonly count: number;
}

/**
 * The rows of a chunked table (files, folders) and the run that wrote it,
 * or undefined when the file is not a current, whole one: `decode` turns a
 * chunk into rows that keep no reference to its bytes (they are reused for
 * the next chunk) and throws on anything malformed. Never throws.
 *
 * @example const t = readTable(dir, 'folders', 'folders', (c) => deserialize(c) as Row[]);
 */
export function readTable<T>(
  dir: string,
  name: string,
  table: StoreTable,
  decode: (chunk: Buffer) => readonly T[],
  maxBytes?: number,
): { readonly rows: T[]; readonly run: number } | undefined {
  const reader = StoreReader.open(dir, name, table, maxBytes);
  if (!reader) return undefined;
  try {
    const meta = reader.meta as Partial<TableMeta> | null;
    const rows: T[] = [];
    // `decode` makes values of their own (v8.deserialize copies), so the chunk's bytes are reused.
    for (let chunk = reader.chunkView(); chunk !== undefined; chunk = reader.chunkView())
      for (const row of decode(chunk)) rows.push(row);
    return typeof meta?.run === 'number' && rows.length === meta.count ? { rows, run: meta.run } : undefined;
  } catch {
    return undefined; // damaged
  } finally {
    reader.close();
  }
}

/**
 * `v8.deserialize` whose typed arrays and Buffers are copies, never views of `bytes`: what
 * `readTable` needs of a chunk that may hold them (a frontmatter's `!!binary` value is a Buffer).
 *
 * @example deserializeCopy(serialize([Buffer.from('x')]))[0] // <Buffer 78>, its own memory
 */
export function deserializeCopy(bytes: Uint8Array): unknown {
  const reader = new (copyingDeserializer())(bytes);
  reader.readHeader();
  return reader.readValue();
}

type V8 = typeof import('node:v8');
let CopyingDeserializer: (new (bytes: Uint8Array) => InstanceType<V8['DefaultDeserializer']>) | undefined;

/**
 * The deserializer class, made on first use: node:v8 is required then, not
 * at import (loading it loads the heap-snapshot streams; the bundles load it
 * on first call).
 */
function copyingDeserializer(): NonNullable<typeof CopyingDeserializer> {
  if (CopyingDeserializer === undefined) {
    const { DefaultDeserializer } = builtinModule<V8>('node:v8');
    // Node's documented hook (`deserializer._readHostObject()`), which @types/node leaves out.
    const readHostObject = (
      DefaultDeserializer.prototype as unknown as {
        _readHostObject(this: InstanceType<V8['DefaultDeserializer']>): unknown;
      }
    )._readHostObject;
    CopyingDeserializer = class extends DefaultDeserializer {
      _readHostObject(): unknown {
        const view = readHostObject.call(this) as ArrayBufferView;
        if (Buffer.isBuffer(view)) return Buffer.from(view);
        if (view instanceof DataView)
          return new DataView(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
        return (view as unknown as { slice(): unknown }).slice();
      }
    };
  }
  return CopyingDeserializer;
}

/** Fill `buf` from file offset `at` until full or end of file; the bytes read. */
function readFully(fd: number, buf: Buffer, at: number): number {
  let off = 0;
  while (off < buf.length) {
    const n = readSync(fd, buf, off, buf.length - off, at + off);
    if (n === 0) break;
    off += n;
  }
  return off;
}
