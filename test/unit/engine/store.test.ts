/**
 * The engine's store, once for its three tables: a file that is damaged,
 * foreign, cut short or not a regular file is an empty table; the racy rule;
 * the atomic writer; and the guards against building a table by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DirMemo,
  HEADER_BYTES,
  isSettled,
  NO_STAMP,
  ParseCache,
  quietBefore,
  readRunMemo,
  runStoreName,
  sameStamp,
  storePath,
  StoreReader,
  StoreWriter,
  writeRunMemo,
  type Stamp,
} from '../../../src/engine/store/index.js';
import { TEMP_PREFIX } from '../../../src/workspace/atomic.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const OLD = Date.now() - 3_600_000;
const stamp = (i: number, mtimeMs = OLD + i): Stamp => ({
  dev: 1,
  ino: 1000 + i,
  size: 100 + i,
  mtimeMs,
  ctimeMs: OLD + i,
});
const result = (i: number) => ({ locator: `/skills/s${i}/SKILL.md`, diagnostics: [] });

/** Each table: fill it, and count what a fresh open of it holds. */
const TABLES = {
  files: {
    name: 'files',
    fill(): void {
      const cache = ParseCache.open(dir);
      for (let i = 0; i < 700; i++) cache.store(`k${i}`, stamp(i), `h${i}`, result(i));
      expect(cache.save()).toBe(true);
    },
    held: (): number => ParseCache.open(dir).size,
  },
  folders: {
    name: 'folders',
    fill(): void {
      for (const name of ['a', 'b', 'c']) mkdirSync(join(dir, 'tree', name), { recursive: true });
      const memo = DirMemo.open(dir, { racyMs: -60_000 }); // a cut-off in the future: every folder is settled
      for (const name of ['', 'a', 'b', 'c']) memo.list(join(dir, 'tree', name));
      expect(memo.save()).toBe(true);
    },
    held: (): number => DirMemo.open(dir).size,
  },
  runs: {
    name: runStoreName('catalog-json'),
    fill(): void {
      expect(writeRunMemo(dir, 'catalog-json', 'key', { text: 'the output\n', status: 0 })).toBe(true);
    },
    held: (): number => (readRunMemo(dir, 'catalog-json', 'key')?.text === 'the output\n' ? 1 : 0),
  },
} as const;

describe.each(Object.entries(TABLES))('the %s table', (_, table) => {
  const file = (): string => storePath(dir, table.name);

  it('round-trips through one store file and leaves no temp file', () => {
    table.fill();
    expect(table.held()).toBeGreaterThan(0);
    expect(readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
    const head = readFileSync(file()).subarray(0, HEADER_BYTES).toString('utf8');
    expect(JSON.parse(head)).toMatchObject({
      store: 'skillgraph',
      format: 1,
      table: table.name.startsWith('run.') ? 'runs' : table.name,
    });
  });

  it('is empty when its file is cut short, extended, garbage, foreign or from other code', () => {
    table.fill();
    const good = readFileSync(file());
    const header = JSON.parse(good.subarray(0, HEADER_BYTES).toString('utf8')) as Record<string, unknown>;
    const withHeader = (changes: Record<string, unknown>): Buffer => {
      const line = Buffer.alloc(HEADER_BYTES, 0x20);
      Buffer.from(JSON.stringify({ ...header, ...changes })).copy(line);
      line[HEADER_BYTES - 1] = 0x0a;
      return Buffer.concat([line, good.subarray(HEADER_BYTES)]);
    };
    for (const bad of [
      good.subarray(0, good.length - 3),
      Buffer.concat([good, Buffer.from('x')]),
      good.subarray(0, 10),
      Buffer.from('\u0000garbage{['),
      Buffer.alloc(0),
      withHeader({ version: '0.0.0-other' }),
      withHeader({ code: 'another build' }),
      withHeader({ format: 99 }),
      withHeader({ table: 'elsewhere' }),
      withHeader({ store: 'not-us' }),
    ]) {
      writeFileSync(file(), bad);
      expect(table.held()).toBe(0);
    }
    writeFileSync(file(), good);
    expect(table.held()).toBeGreaterThan(0);
  });

  it('is empty, without blocking, when its file is a FIFO, and a save replaces the FIFO', () => {
    execFileSync('mkfifo', [file()]);
    expect(table.held()).toBe(0);
    table.fill();
    expect(table.held()).toBeGreaterThan(0);
  });
});

describe('store files', () => {
  it('refuses a header that does not fit its line, and leaves nothing behind', () => {
    const w = StoreWriter.create(dir, 'big', 'runs');
    w.write('body');
    expect(() => w.commit({ key: 'k'.repeat(HEADER_BYTES) })).toThrow(/does not fit/);
    w.abort();
    expect(readdirSync(dir)).toEqual([]);
    expect(StoreReader.open(dir, 'big', 'runs')).toBeUndefined();
  });

  it('reads chunks and raw bytes back in order, and fails a read past the body', () => {
    const w = StoreWriter.create(dir, 't', 'files');
    w.chunk(Buffer.from('one'));
    w.chunk(Buffer.alloc(0));
    w.write('raw');
    w.commit({ n: 1 });
    const r = StoreReader.open(dir, 't', 'files')!;
    try {
      expect(r.meta).toEqual({ n: 1 });
      expect(r.chunk()?.toString()).toBe('one');
      expect(r.chunk()?.length).toBe(0);
      expect(r.rest().toString()).toBe('raw');
      expect(r.chunk()).toBeUndefined();
      expect(() => r.bytes(1)).toThrow(RangeError);
    } finally {
      r.close();
    }
    expect(StoreReader.open(dir, 't', 'folders')).toBeUndefined(); // another table's file
  });

  it('reads chunks of any size into one reused buffer, and fails a chunk longer than the body', () => {
    const w = StoreWriter.create(dir, 'v', 'files');
    for (const text of ['a', 'bbbbbbbb', 'cc']) w.chunk(Buffer.from(text));
    w.write(Buffer.from([0, 0, 0, 9, 0x64])); // a chunk that claims 9 bytes where 1 is left
    w.commit({ n: 1 });
    const r = StoreReader.open(dir, 'v', 'files')!;
    try {
      const seen = [r.chunkView()!, r.chunkView()!, r.chunkView()!];
      expect(seen[2]!.toString()).toBe('cc');
      expect(seen[1]!.buffer).toBe(seen[2]!.buffer); // the second buffer, grown once, then reused
      expect(() => r.chunkView()).toThrow(RangeError);
    } finally {
      r.close();
    }
  });

  it('gives the files table back whole when its entries hold Buffers and typed arrays, in every chunk', () => {
    const cache = ParseCache.open(dir);
    const held = (i: number) => ({
      ...result(i),
      package: { frontmatter: { blob: Buffer.from(`blob ${i}`), words: new Uint16Array([i, i + 1]) } },
    });
    for (let i = 0; i < 1_300; i++) cache.store(`k${i}`, stamp(i), `h${i}`, held(i) as never);
    expect(cache.save()).toBe(true);
    const back = ParseCache.open(dir);
    for (const i of [0, 511, 512, 1_299]) {
      const front = (back.lookup(`k${i}`, stamp(i)) as unknown as ReturnType<typeof held>).package.frontmatter;
      expect(front.blob.toString()).toBe(`blob ${i}`);
      expect([...front.words]).toEqual([i, i + 1]);
    }
  });

  it('cannot be built by hand from JavaScript', () => {
    expect(() => new (ParseCache as unknown as new (dir: string) => ParseCache)(dir)).toThrow(
      expect.objectContaining({ code: 'options.invalid' }),
    );
    expect(() => new (DirMemo as unknown as new (dir: string) => DirMemo)(dir)).toThrow(TypeError);
  });
});

describe('the stamp and the racy rule', () => {
  it('compares every field', () => {
    const a = stamp(1);
    expect(sameStamp(a, { ...a })).toBe(true);
    for (const field of ['dev', 'ino', 'size', 'mtimeMs', 'ctimeMs'] as const)
      expect(sameStamp(a, { ...a, [field]: a[field] + 1 })).toBe(false);
    expect(sameStamp(NO_STAMP, { ...NO_STAMP })).toBe(true);
    expect(sameStamp(NO_STAMP, a)).toBe(false);
  });

  it('trusts a stamp only when its mtime is older than the cut-off', () => {
    const quiet = quietBefore(2000);
    expect(isSettled(stamp(0, quiet - 1), quiet)).toBe(true);
    expect(isSettled(stamp(0, quiet), quiet)).toBe(false);
    expect(isSettled(stamp(0, Date.now()), quiet)).toBe(false);
  });

  it('keeps a racy file in the files table, but never answers it by stamp', () => {
    const now = Date.now();
    const cache = ParseCache.open(dir);
    cache.store('racy', stamp(1, now), 'h', result(1));
    cache.store('settled', stamp(2), 'h2', result(2));
    cache.save();
    const next = ParseCache.open(dir);
    expect(next.lookup('racy', stamp(1, now))).toBeUndefined();
    expect(next.knownHash('racy')).toBe('h');
    expect(next.revalidate('racy', stamp(1, now), 'h')).toEqual(result(1));
    expect(next.lookup('settled', stamp(2))).toEqual(result(2));
  });

  it('does not keep a racy folder in the folders table', () => {
    mkdirSync(join(dir, 'fresh'));
    const memo = DirMemo.open(dir); // the default window: the folder was made just now
    memo.list(join(dir, 'fresh'));
    expect(memo.size).toBe(0);
    expect(memo.save()).toBe(false);
  });
});
