/**
 * `Engine.loadCatalog`'s record (store/catalogs.ts): an unchanged tree is
 * answered from the runs table by its witness, and the answer is the one a
 * built load gives — same values, same frozenness, same classes, the same
 * objects shared — while any change a cold load would see gives what a cold
 * load gives.
 */
import {
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  lstatSync,
} from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { renderContext } from '../../../src/context/index.js';
import { makeRoot, type SkillRoot } from '../../../src/discover/roots.js';
import { hashBackendFor } from '../../../src/engine/backend.js';
import { createEngine, type EngineCatalog, type EngineOptions } from '../../../src/engine/engine.js';
import type { LoadCatalogOptions } from '../../../src/engine/plan.js';
import { resolveEngineOptions } from '../../../src/engine/options.js';
import {
  decodeCatalog,
  encodeCatalog,
  fileIdentity,
  jsonFaithful,
  FILES_STORE,
  HEADER_BYTES,
  LOAD_CATALOG_RUN,
  loadContext,
  replayKey,
  replayRunRecord,
  runStoreName,
  storePath,
  type RecordBody,
} from '../../../src/engine/store/index.js';
import { buildCatalog } from '../../../src/catalog/build.js';
import { _tree, type Tree } from '../discover/_tree.js';

let tree: Tree | undefined;
afterEach(() => tree?.cleanup());

/** Every mtime under `dir` an hour back (the cache's own files aside): older than any racy window. */
function _settle(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  const visit = (path: string): void => {
    if (path.endsWith('.cache')) return;
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    utimesSync(path, past, past);
  };
  visit(dir);
}

/**
 * Two scopes; shadowed copies; a broken skill; a linked skill; a supporting file; a nested
 * skill; package findings (unknown keys). `json: false` adds frontmatter values JSON cannot
 * carry (infinity, -0), so the record keeps the catalog in its v8 part.
 */
function _fixture(json = true): { t: Tree; roots: SkillRoot[] } {
  const t = _tree();
  t.write(
    'global/odd/SKILL.md',
    `---\nname: odd\ndescription: odd helps. Use when testing.\nx-note: kept\n${json ? '' : 'x-score: .inf\nx-neg: -0\n'}---\nBody.\n`,
  );
  t.skill('global/tools/pdf');
  t.skill('global/tools/docs');
  t.skill('global/review');
  t.write('global/broken/SKILL.md', '---\nname: broken\ndescription: [unclosed\n---\nBody.\n');
  t.skill('project/review', 'review', 'Project review.\n');
  t.write('project/review/references/guide.md', '# Guide\n');
  t.skill('project/review/inner', 'inner');
  t.skill('global/vendor/linked', 'linked');
  t.link('../global/vendor/linked', 'project/linked');
  t.link('../nowhere', 'project/dangling');
  _settle(t.dir);
  return {
    t,
    roots: [
      makeRoot({ path: t.path('global'), scope: 'global' }, t.dir),
      makeRoot({ path: t.path('project'), scope: 'project' }, t.dir),
    ],
  };
}

/** Where a record's body starts in its store file (after the header and the witness). */
function _bodyAt(cache: string): number {
  const file = readFileSync(storePath(cache, runStoreName(LOAD_CATALOG_RUN)));
  const r = (
    JSON.parse(file.subarray(0, HEADER_BYTES).toString('utf8')) as {
      meta: { replay: { rootsBytes: number; pathBytes: number; count: number } };
    }
  ).meta.replay;
  return HEADER_BYTES + r.rootsBytes + r.pathBytes + r.count * 6 * 8;
}

/** A record body read from a buffer, as the store reads it from its file. */
function _reader(buf: Buffer): RecordBody {
  let at = 0;
  return {
    bytes(n: number): Buffer {
      if (at + n > buf.length) throw new RangeError('short');
      return buf.subarray(at, (at += n));
    },
    get remaining(): number {
      return buf.length - at;
    },
  };
}

/**
 * A record body in one buffer; its value (JSON or v8, the walk's `placed` a map either way); and a
 * body made of another value, as v8 or (`json`, `placed` as entries) JSON, with the same bodies after it.
 */
const _encoded = (loaded: EngineCatalog): Buffer => Buffer.concat([...encodeCatalog(loaded)!]);
const _isJson = (body: Buffer): boolean => body[4] === 0x7b;
function _value(body: Buffer): Record<string, unknown> {
  const bytes = body.subarray(4, 4 + body.readUInt32BE(0));
  if (!_isJson(body)) return deserialize(bytes) as Record<string, unknown>;
  const value = JSON.parse(bytes.toString('utf8')) as { walk: { placed: [string, unknown][] } };
  return { ...value, walk: { ...value.walk, placed: new Map(value.walk.placed) } };
}
function _withValue(body: Buffer, value: unknown, json = false): Buffer {
  const v = value as { walk: { placed: unknown } };
  const bytes = json
    ? Buffer.from(
        JSON.stringify({
          ...v,
          walk: { ...v.walk, placed: v.walk.placed instanceof Map ? [...v.walk.placed] : v.walk.placed },
        }),
      )
    : serialize(value);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(bytes.length, 0);
  return Buffer.concat([head, bytes, body.subarray(4 + body.readUInt32BE(0))]);
}

async function _load(
  cache: string | false,
  load: LoadCatalogOptions,
  engine: Partial<EngineOptions> = {},
): Promise<EngineCatalog> {
  const e = createEngine({ workers: 0, ...engine, cache });
  try {
    return await e.loadCatalog(load);
  } finally {
    await e.close();
  }
}

/** Would the record answer `load` now, without walking? (The engine's own keys, computed the same way.) */
function _replays(cache: string, load: LoadCatalogOptions, engine: Partial<EngineOptions> = {}): boolean {
  const options = resolveEngineOptions({ workers: 0, ...engine, cache });
  const context = loadContext(load, options)!;
  const hasher = hashBackendFor(options.backend);
  const key = replayKey({
    load,
    cacheFile: fileIdentity(storePath(cache, FILES_STORE)),
    engine: { backend: options.backend, hasher: hasher.name },
    context,
  });
  return replayRunRecord(cache, LOAD_CATALOG_RUN, key, load.roots) !== undefined;
}

/**
 * Everything observable about a value: per object its class, frozenness and
 * property descriptors, every primitive, and (with `sharing`) which objects
 * are the same object.
 */
function _shape(root: unknown, sharing = true): string[] {
  const seen = new Map<object, string>();
  const out: string[] = [];
  const visit = (v: unknown, path: string): void => {
    if (typeof v !== 'object' || v === null) {
      out.push(`${path} = ${typeof v} ${Object.is(v, -0) ? '-0' : String(v)}`);
      return;
    }
    const again = seen.get(v);
    if (again !== undefined) {
      out.push(`${path} is ${again}`);
      if (sharing) return;
    }
    seen.set(v, path);
    out.push(
      `${path} ${(Object.getPrototypeOf(v) as { constructor?: { name: string } } | null)?.constructor?.name ?? 'null'} frozen=${Object.isFrozen(v)} extensible=${Object.isExtensible(v)}`,
    );
    if (v instanceof Map) {
      for (const [k, x] of v) visit(x, `${path}.get(${String(k)})`);
      return;
    }
    for (const key of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, key)!;
      out.push(
        `${path}.${String(key)} writable=${String(d.writable)} enumerable=${String(d.enumerable)} configurable=${String(d.configurable)} accessor=${String('get' in d)}`,
      );
      if ('value' in d) visit(d.value, `${path}.${String(key)}`);
    }
  };
  visit(root, '$');
  return out.filter((line) => sharing || !line.includes(' is '));
}

/** What a host sees of a loaded catalog beyond its shape: its methods' answers and the rendered context. */
function _behaviour(loaded: EngineCatalog): unknown {
  const { catalog } = loaded;
  const names = catalog.skills.map((p) => p.descriptor.name);
  return {
    json: JSON.stringify(catalog),
    context: renderContext(catalog).text,
    xml: renderContext(catalog, { format: 'xml', budget: '300t' }).text,
    get: names.map((n) => catalog.get(n)?.descriptor.digest),
    scoped: ['global', 'project'].flatMap((s) =>
      names.map((n) => catalog.getScoped(s, n)?.descriptor.source.locator ?? null),
    ),
    excluding: catalog.excluding([catalog.skills[0]?.descriptor.source.locator ?? '/none']).digest,
    stats: loaded.stats,
    walk: { ...loaded.walk, placed: [...loaded.walk.placed] },
  };
}

/** What a cold load (no cache) gives, without the cache counts. */
async function _cold(load: LoadCatalogOptions): Promise<{ shape: string[]; behaviour: unknown }> {
  const cold = await _load(false, load);
  return {
    shape: _shape({ catalog: cold.catalog, stats: cold.stats, walk: cold.walk }, false),
    behaviour: _behaviour(cold),
  };
}

async function _expectCold(
  cache: string,
  load: LoadCatalogOptions,
  engine: Partial<EngineOptions> = {},
): Promise<void> {
  const now = await _load(cache, load, engine);
  const cold = await _cold(load);
  expect(_behaviour(now)).toEqual(cold.behaviour);
  expect(_shape({ catalog: now.catalog, stats: now.stats, walk: now.walk }, false)).toEqual(cold.shape);
}

/** Load until the record answers (a cold load fills the files table, a warm one records). */
async function _recorded(
  cache: string,
  load: LoadCatalogOptions,
  engine: Partial<EngineOptions> = {},
): Promise<EngineCatalog> {
  await _load(cache, load, engine);
  const warm = await _load(cache, load, engine);
  expect(warm.cache.hits).toBe(warm.stats.files);
  expect(_replays(cache, load, engine)).toBe(true);
  return warm;
}

describe('loadCatalog through its record', () => {
  it.each([true, false])(
    'answers an unchanged tree from the record, indistinguishable from the warm load that recorded it (JSON part: %s)',
    async (json) => {
      const { t, roots } = _fixture(json);
      tree = t;
      const cache = t.path('.cache');
      const warm = await _recorded(cache, { roots });
      const replayed = await _load(cache, { roots });
      expect(_shape(replayed)).toEqual(_shape(warm));
      expect(_behaviour(replayed)).toEqual(_behaviour(warm));
      expect(replayed.cache).toEqual(warm.cache);
      expect(Object.getPrototypeOf(replayed.catalog)).toBe(Object.getPrototypeOf(warm.catalog));
      expect(replayed.catalog.skills.length).toBeGreaterThan(3);
      expect(replayed.catalog.conflicts.filter((c) => c.identical).length).toBeGreaterThan(0); // the linked copy
      expect(replayed.catalog.conflicts.filter((c) => !c.identical).length).toBeGreaterThan(0); // review, twice
      expect(replayed.catalog.diagnostics.some((d) => d.severity === 'error')).toBe(true);
      expect(replayed.catalog.get('odd')!.diagnostics.length).toBeGreaterThan(0);
      expect(replayed.catalog.get('odd')!.diagnostics[0]).toBe(
        replayed.catalog.diagnostics.find((d) => d.code === 'field.unknown'),
      ); // shared, as built
      expect(_isJson(readFileSync(storePath(cache, runStoreName(LOAD_CATALOG_RUN))).subarray(_bodyAt(cache)))).toBe(
        json,
      );
      if (!json) expect(Object.is(replayed.catalog.get('odd')!.frontmatter['x-neg'], -0)).toBe(true);
      // The cold load's values and frozenness too (it shares other objects: parser constants).
      await _expectCold(cache, { roots });
      expect(_replays(cache, { roots })).toBe(true); // a replay changes nothing it checks
    },
  );

  it('gives what a cold load gives for an empty tree, load after load', async () => {
    const t = _tree();
    tree = t;
    t.mkdir('global/nothing-here');
    _settle(t.dir);
    const roots = [makeRoot({ path: t.path('global'), scope: 'global' }, t.dir)];
    const cache = t.path('.cache');
    for (let i = 0; i < 3; i++) await _expectCold(cache, { roots });
    expect((await _load(cache, { roots })).catalog.skills).toEqual([]);
    // An empty record decodes as one (the files table, rewritten by every empty load, keeps it from replaying).
    const empty = await _load(false, { roots });
    expect(_behaviour(decodeCatalog(_reader(_encoded(empty)), hashBackendFor('auto'))! as EngineCatalog)).toEqual(
      _behaviour(empty),
    );
  });

  it('reports the progress a warm load reports', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    await _recorded(cache, { roots });
    const events: unknown[][] = [[], []];
    const warm = createEngine({ workers: 0, cache: t.path('.other'), onProgress: (p) => events[0]!.push(p) });
    await warm.loadCatalog({ roots });
    events[0] = [];
    await warm.loadCatalog({ roots }); // warm: all from the files table
    await warm.close();
    const replaying = createEngine({ workers: 0, cache, onProgress: (p) => events[1]!.push(p) });
    await replaying.loadCatalog({ roots });
    await replaying.close();
    expect(events[1]).toEqual(events[0]);
  });

  const CHANGES: Record<string, (t: Tree) => void> = {
    'a skill added': (t) => t.skill('global/tools/added'),
    'a skill removed': (t) => rmSync(t.path('global/tools/docs'), { recursive: true }),
    'a skill edited (size and mtime put back)': (t) => {
      const file = t.path('global/tools/pdf/SKILL.md');
      const before = statSync(file);
      writeFileSync(file, readFileSync(file, 'utf8').replace('Body of pdf', 'Body of pdF'));
      utimesSync(file, before.atime, before.mtime);
    },
    'a skill renamed in its frontmatter': (t) => t.skill('global/review', 'review-two'),
    'a broken skill fixed': (t) => t.skill('global/broken', 'broken'),
    'a supporting file edited': (t) => t.write('project/review/references/guide.md', '# Guide, longer\n'),
    'a nested skill added': (t) => t.skill('project/review/references/deeper', 'deeper'),
    'a link retargeted': (t) => {
      t.skill('global/vendor/other', 'other');
      unlinkSync(t.path('project/linked'));
      symlinkSync('../global/vendor/other', t.path('project/linked'));
    },
    'a linked skill edited': (t) => t.skill('global/vendor/linked', 'linked', 'Edited where the link points.\n'),
    'a dangling link made to point at a skill': (t) => t.skill('nowhere', 'nowhere'),
    'a folder renamed': (t) => renameSync(t.path('global/tools'), t.path('global/kit')),
  };

  it.each(Object.entries(CHANGES))('gives what a cold load gives after %s', async (_, change) => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    await _recorded(cache, { roots });
    change(t);
    _settle(t.dir); // even with every mtime put back an hour
    expect(_replays(cache, { roots })).toBe(false);
    await _expectCold(cache, { roots });
    // and once recorded again, the replay is the new tree's
    await _load(cache, { roots });
    expect(_replays(cache, { roots })).toBe(true);
    await _expectCold(cache, { roots });
  });

  it('answers by the run key when the witness no longer holds but the walk is the same, and records its witness', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    const warm = await _recorded(cache, { roots });
    writeFileSync(t.path('global/tools/scratch'), 'x');
    rmSync(t.path('global/tools/scratch'));
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(t.path('global/tools'), past, past); // settled again: only its ctime moved
    expect(_replays(cache, { roots })).toBe(false);
    const again = await _load(cache, { roots });
    expect(_behaviour(again)).toEqual(_behaviour(warm));
    expect(_replays(cache, { roots })).toBe(true);
  });

  it('records no witness while the tree is racy, and still gives what a cold load gives', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    t.skill('global/fresh'); // just written: inside the racy window
    await _load(cache, { roots });
    await _load(cache, { roots });
    expect(_replays(cache, { roots })).toBe(false);
    await _expectCold(cache, { roots });
    _settle(t.dir);
    await _expectCold(cache, { roots });
  });

  it('gives what a cold load gives when a root appears or vanishes', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    const local = makeRoot({ path: t.path('local'), scope: 'local' }, t.dir);
    const load = { roots: [...roots, local] };
    await _recorded(cache, load);
    t.skill('local/late');
    _settle(t.dir);
    expect(_replays(cache, load)).toBe(false);
    await _expectCold(cache, load);
    await _recorded(cache, load);
    rmSync(t.path('local'), { recursive: true });
    expect(_replays(cache, load)).toBe(false);
    await _expectCold(cache, load);
  });

  it('gives what a cold load gives for other options, and keys what they change', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    await _recorded(cache, { roots });
    const others: LoadCatalogOptions[] = [
      { roots, depth: 1 },
      { roots, profile: 'spec' },
      { roots, nested: true },
      { roots, followSymlinks: false },
      { roots, maxInputBytes: 200 },
      { roots, seal: { conflictOrder: 'candidate' } },
      { roots, seal: { resourceId: 'host-catalog' } },
      {
        roots,
        notices: [
          {
            code: 'config.root-refused',
            severity: 'warning',
            message: 'refused',
            file: t.path('skillgraph.config.yaml'),
            line: 3,
          },
        ] as never,
      },
      { roots: roots.slice(0, 1) },
    ];
    for (const other of others) {
      expect(_replays(cache, other)).toBe(false);
      await _expectCold(cache, other);
    }
    // Another worker count is reported in stats: keyed too.
    expect(_replays(cache, { roots }, { workers: 1 })).toBe(false);
    const oneWorker = await _load(cache, { roots }, { workers: 1 });
    expect(oneWorker.stats.workers).toBe(1);
  });

  it('is a built load again when the record is from other code, damaged or not a catalog', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    const warm = await _recorded(cache, { roots });
    const file = storePath(cache, runStoreName(LOAD_CATALOG_RUN));
    const good = readFileSync(file);
    const header = JSON.parse(good.subarray(0, HEADER_BYTES).toString('utf8')) as Record<string, unknown>;
    const bodyAt = _bodyAt(cache);
    const withBody = (body: Buffer): Buffer => {
      const line = Buffer.alloc(HEADER_BYTES, 0x20);
      Buffer.from(
        JSON.stringify({ ...header, length: good.length - HEADER_BYTES - (good.length - bodyAt) + body.length }),
      ).copy(line);
      line[HEADER_BYTES - 1] = 0x0a;
      return Buffer.concat([line, good.subarray(HEADER_BYTES, bodyAt), body]);
    };
    const withCode = Buffer.from(good);
    withCode.write(
      good
        .subarray(0, HEADER_BYTES)
        .toString('utf8')
        .replace(/"code":"[^"]*"/, '"code":"another build"')
        .padEnd(HEADER_BYTES - 1, ' '),
      0,
      'utf8',
    );
    const body = good.subarray(bodyAt);
    const record = _value(body);
    const chunks = record.chunks as { count: number; bytes: number }[];
    const walk = record.walk as { placed: Map<string, unknown> };
    expect(_isJson(body)).toBe(true);
    // The same value as v8 (the form a record JSON cannot keep takes) is still the record.
    writeFileSync(file, withBody(_withValue(body, record)));
    expect(_behaviour(await _load(cache, { roots }))).toEqual(_behaviour(warm));
    expect(_replays(cache, { roots })).toBe(true);
    for (const bad of [
      withCode,
      withBody(Buffer.from('not a record')),
      withBody(Buffer.from('{"not": "a record"}')),
      ...[false, true].flatMap((json) => [
        withBody(_withValue(body, { ...record, format: 99 }, json)),
        withBody(_withValue(body, { ...record, walk: { ...walk, placed: json ? [['x', 1]] : [] } }, json)),
        withBody(
          _withValue(
            body,
            {
              ...record,
              walk: {
                ...walk,
                placed: json
                  ? { x: {} }
                  : new Map<unknown, unknown>([
                      [1, {}],
                      ['x', null],
                    ]),
              },
            },
            json,
          ),
        ),
        withBody(
          _withValue(body, { ...record, parts: { ...(record.parts as object), all: [{ descriptor: null }] } }, json),
        ),
        withBody(_withValue(body, { ...record, parts: { digest: 1 } }, json)),
        withBody(_withValue(body, { ...record, ends: [1] }, json)),
        withBody(_withValue(body, { ...record, chunks: [{ ...chunks[0]!, bytes: chunks[0]!.bytes - 1 }] }, json)),
        withBody(_withValue(body, { ...record, chunks: [{ ...chunks[0]!, count: chunks[0]!.count - 1 }] }, json)),
      ]),
      withBody(Buffer.concat([body, Buffer.from('x')])),
      good.subarray(0, good.length - 1),
    ]) {
      writeFileSync(file, bad);
      const loaded = await _load(cache, { roots });
      expect(_behaviour(loaded)).toEqual(_behaviour(warm));
    }
    // And the last of them was recorded again, whole.
    expect(_replays(cache, { roots })).toBe(true);
  });

  it('is never used for a caller’s own hasher or without a cache', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const cache = t.path('.cache');
    await _recorded(cache, { roots });
    let hashed = 0;
    const own = hashBackendFor('js');
    const counting = {
      name: own.name,
      hashBatch: (inputs: readonly Uint8Array[]) => ((hashed += inputs.length), own.hashBatch(inputs)),
    };
    await _load(cache, { roots, hasher: counting });
    expect(hashed).toBeGreaterThan(0);
  });
});

describe('the catalog record encoding', () => {
  it('round-trips a load, and refuses a catalog buildCatalog did not seal', async () => {
    const { t, roots } = _fixture();
    tree = t;
    const loaded = await _load(t.path('.cache'), { roots });
    const back = decodeCatalog(_reader(_encoded(loaded)), hashBackendFor('auto'))!;
    expect(_behaviour(back as EngineCatalog)).toEqual(_behaviour(loaded));
    expect(encodeCatalog({ ...loaded, catalog: { ...loaded.catalog } })).toBeUndefined();
    expect(encodeCatalog({ ...loaded, stats: { ...loaded.stats, hook: () => 1 } as never })).toBeUndefined(); // v8 cannot hold it: no record, no throw
    expect(decodeCatalog(_reader(Buffer.from([1, 2, 3])), hashBackendFor('auto'))).toBeUndefined();
  });

  it('stores bodies in chunks of whole bodies: Latin-1 when they fit, else UTF-8, else (a lone surrogate) UTF-16', async () => {
    const t = _tree();
    tree = t;
    // Bodies that cross the chunk size, a BOM-like U+FEFF at a body's start, and non-ASCII text.
    const big = 'x'.repeat(700_000);
    t.skill('global/a', 'a', `\ufeff${big}\n`);
    t.skill('global/b', 'b', `é ✓ ${big}\n`);
    t.skill('global/c', 'c', 'small\n');
    t.skill('latin/d', 'd', `ascii and é only ${big}\n`);
    const latin = await _load(false, { roots: [makeRoot({ path: t.path('latin'), scope: 'global' }, t.dir)] });
    expect((_value(_encoded(latin)).chunks as { encoding: string }[]).map((c) => c.encoding)).toEqual(['latin1']);
    expect(decodeCatalog(_reader(_encoded(latin)), hashBackendFor('auto'))!.catalog.get('d')!.body).toBe(
      latin.catalog.get('d')!.body,
    );
    const roots = [makeRoot({ path: t.path('global'), scope: 'global' }, t.dir)];
    const loaded = await _load(false, { roots });
    const body = _encoded(loaded);
    expect((_value(body).chunks as { encoding: string }[]).map((c) => c.encoding)).toEqual(['utf8', 'utf8']);
    const back = decodeCatalog(_reader(body), hashBackendFor('auto'))!;
    expect(back.catalog.skills.map((p) => p.body)).toEqual(loaded.catalog.skills.map((p) => p.body));
    expect(back.catalog.get('a')!.body.charCodeAt(0)).toBe(0xfeff);
    // A body with a lone surrogate (a host's own package cannot reach here; the encoding still keeps it).
    const lone = { ...loaded, catalog: buildCatalog([{ ...loaded.catalog.skills[2]!, body: 'bad \ud800 half' }]) };
    const loneBody = _encoded(lone as EngineCatalog);
    expect((_value(loneBody).chunks as { encoding: string }[]).map((c) => c.encoding)).toEqual(['utf16le']);
    expect(decodeCatalog(_reader(loneBody), hashBackendFor('auto'))!.catalog.skills[0]!.body).toBe('bad \ud800 half');
  });

  it('takes JSON only where it gives back exactly what it was given', () => {
    const faithful = (v: unknown): boolean => jsonFaithful(v, new Set());
    expect(faithful({ a: [1, 'x', true, null, { b: 2.5 }], c: {} })).toBe(true);
    const shared = { x: 1 };
    for (const bad of [
      { a: undefined },
      { a: -0 },
      { a: Number.NaN },
      { a: Infinity },
      { a: 1n },
      { a: new Map() },
      { a: new Date(0) },
      { a: Object.create(null) as object },
      { a: [1, , 3] },
      { a: Object.assign([1], { extra: 1 }) },
      { a: shared, b: shared },
      Object.defineProperty({}, 'hidden', { value: 1, enumerable: false }),
      Object.defineProperty({}, 'got', { get: () => 1, enumerable: true }),
      { [Symbol('s')]: 1 },
      { f: () => 1 },
    ]) {
      expect(faithful(bad)).toBe(false);
    }
  });

  it('keys the options a replay key leaves out, and refuses what cannot be keyed', () => {
    const options = resolveEngineOptions({ workers: 0 });
    const base = loadContext({ roots: [] }, options);
    expect(loadContext({ roots: [], maxInputBytes: 10 }, options)).not.toBe(base);
    expect(loadContext({ roots: [], seal: { strict: true } }, options)).not.toBe(base);
    expect(loadContext({ roots: [] }, resolveEngineOptions({ workers: 2 }))).not.toBe(base);
    expect(loadContext({ roots: [], notices: [{ hint: () => 1 }] as never }, options)).toBeUndefined();
  });
});
