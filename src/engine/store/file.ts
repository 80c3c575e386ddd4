/**
 * The store's one file format, shared by its tables: a header line padded to `HEADER_BYTES`
 * (`{"store":"skillgraph","format":1,"table":…,"code":…,"length":…,"meta":…}`), then the body.
 * A store written by other code (`code`, fingerprint.ts), or missing, damaged or not a regular file, is
 * empty, never an error: the store only saves time. Writes are atomic (temp file + rename).
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
export const HEADER_BYTES = 1024;
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

export function storePath(dir: string, name: string): string {
  return join(dir, `${name}.store`);
}

/** An open store file, header checked. Reads throw on a short read; callers treat a throw as an empty store. */
export class StoreReader {
  readonly meta: unknown;
  readonly length: number;
  readonly #fd: number;
  #at = 0;
  #scratch: Buffer | undefined;

  private constructor(fd: number, meta: unknown, length: number) {
    this.#fd = fd;
    this.meta = meta;
    this.length = length;
  }

  /** Open store file `name` of `table` when this code wrote it; undefined otherwise. Never throws. */
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

  get remaining(): number {
    return this.length - this.#at;
  }

  /** The next length-prefixed chunk, or undefined at the end of the body. */
  chunk(): Buffer | undefined {
    if (this.#at === this.length) return undefined;
    const size = this.bytes(4).readUInt32BE(0);
    return this.bytes(size);
  }

  /** `chunk` into a buffer this reader reuses (valid until the next read): one buffer serves every chunk. */
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

  bytes(n: number): Buffer {
    if (n < 0 || this.#at + n > this.length) throw new RangeError('store body shorter than its parts');
    const out = Buffer.allocUnsafe(n);
    if (readFully(this.#fd, out, HEADER_BYTES + this.#at) !== n) throw new RangeError('store file changed while read');
    this.#at += n;
    return out;
  }

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

/** A store file being written to a temp file; `commit` writes the header and renames it into place. */
export class StoreWriter {
  readonly #out: AtomicFile;
  readonly #table: StoreTable;

  private constructor(out: AtomicFile, table: StoreTable) {
    this.#out = out;
    this.#table = table;
  }

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

  chunk(bytes: Uint8Array): void {
    const head = Buffer.allocUnsafe(4);
    head.writeUInt32BE(bytes.length, 0);
    this.#out.write(head);
    this.#out.write(bytes);
  }

  write(bytes: string | Uint8Array): void {
    this.#out.write(bytes);
  }

  /** Write the header with `meta` (it must fit the header line) and put the file in place. */
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

  abort(): void {
    this.#out.abort();
  }
}

export interface TableMeta {
  readonly run: number;
  readonly count: number;
}

/**
 * The rows of a chunked table and the run that wrote it, or undefined unless the file is current and whole.
 * `decode` must keep no reference to a chunk's bytes (they are reused). Never throws.
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
    for (let chunk = reader.chunkView(); chunk !== undefined; chunk = reader.chunkView())
      for (const row of decode(chunk)) rows.push(row);
    return typeof meta?.run === 'number' && rows.length === meta.count ? { rows, run: meta.run } : undefined;
  } catch {
    return undefined; // damaged
  } finally {
    reader.close();
  }
}

/** `v8.deserialize` whose typed arrays and Buffers are copies, never views of `bytes` (which are reused). */
export function deserializeCopy(bytes: Uint8Array): unknown {
  const reader = new (copyingDeserializer())(bytes);
  reader.readHeader();
  return reader.readValue();
}

type V8 = typeof import('node:v8');
let CopyingDeserializer: (new (bytes: Uint8Array) => InstanceType<V8['DefaultDeserializer']>) | undefined;

/** Made on first use, so importing the store does not load node:v8. */
function copyingDeserializer(): NonNullable<typeof CopyingDeserializer> {
  if (CopyingDeserializer === undefined) {
    const { DefaultDeserializer } = builtinModule<V8>('node:v8');
    // Node's documented hook, which @types/node leaves out.
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
