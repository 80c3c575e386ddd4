import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRoot } from '../../../src/discover/roots.js';
import { CACHE_FILE_NAME, DIR_MEMO_FILE_NAME } from '../../../src/engine/store/index.js';
import { loadCatalog } from '../../../src/engine/catalog-pipeline.js';
import { createEngine, resolveEngineOptions, type EngineCatalog } from '../../../src/engine/engine.js';
import type { LoadedCatalog } from '../../../src/engine/catalog-pipeline.js';

let dir: string;
let roots: ReturnType<typeof makeRoot>[];

/** An hour ago: older than the parse cache's racy window, so a cached stat is trusted. */
const SETTLED = new Date(Date.now() - 3_600_000);

function _skill(root: string, name: string, description: string, extra = ''): string {
  const folder = join(dir, root, name);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'SKILL.md');
  writeFileSync(file, `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n\nBody of ${name}.\n`);
  utimesSync(file, SETTLED, SETTLED);
  return file;
}

/** The catalog part of a run that must not depend on how it was computed. */
function _content(loaded: LoadedCatalog): string {
  const { catalog } = loaded;
  return JSON.stringify({
    digest: catalog.digest,
    skills: catalog.skills,
    conflicts: catalog.conflicts,
    diagnostics: catalog.diagnostics,
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-engine-'));
  for (let i = 0; i < 40; i++)
    _skill('global', `skill-${String(i).padStart(2, '0')}`, `Global skill ${i}. Use when testing.`);
  for (let i = 0; i < 40; i += 3)
    _skill(
      'project',
      `skill-${String(i).padStart(2, '0')}`,
      `Project skill ${i}. Use when testing.`,
      'tools: [read_file]\n',
    );
  _skill('project', 'broken-one', 'x', 'name: [unterminated\n');
  roots = [
    makeRoot({ path: join(dir, 'global'), scope: 'global' }, dir),
    makeRoot({ path: join(dir, 'project'), scope: 'project' }, dir),
  ];
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('createEngine', () => {
  it('gives the same catalog for 0, 1, 2 and 4 workers as the inline pipeline', async () => {
    const expected = _content(loadCatalog(roots));
    for (const workers of [0, 1, 2, 4]) {
      const engine = createEngine({ workers, batchSize: 7 });
      try {
        const loaded = await engine.loadCatalog({ roots });
        expect(loaded.stats.workers).toBe(workers);
        expect(_content(loaded)).toBe(expected);
      } finally {
        await engine.close();
      }
    }
  });

  it('gives the same catalog whichever hash backend runs', async () => {
    const contents: string[] = [];
    for (const [backend, workers] of [
      ['js', 0],
      ['wasm', 0],
      ['auto', 0],
      ['wasm', 2],
      ['js', 2],
    ] as const) {
      const engine = createEngine({ workers, backend, batchSize: 7 });
      try {
        const loaded = await engine.loadCatalog({ roots });
        contents.push(_content(loaded));
      } finally {
        await engine.close();
      }
    }
    expect(new Set(contents).size).toBe(1);
  });

  it('auto stays inline below the threshold and uses the pool above it', async () => {
    const small = createEngine({ workers: 'auto', inlineThreshold: 10_000 });
    const big = createEngine({ workers: 'auto', inlineThreshold: 5, batchSize: 20 });
    try {
      expect((await small.loadCatalog({ roots })).stats.workers).toBe(0);
      expect((await big.loadCatalog({ roots })).stats.workers).toBeGreaterThan(0);
    } finally {
      await small.close();
      await big.close();
    }
  });

  it('keeps a broken skill as a diagnostic without hiding the others', async () => {
    const engine = createEngine({ workers: 2, batchSize: 5 });
    try {
      const { catalog, stats } = await engine.loadCatalog({ roots });
      expect(stats.broken).toBe(1);
      expect(catalog.skills).toHaveLength(40);
      expect(catalog.diagnostics.some((d) => d.severity === 'error' && d.file.endsWith('broken-one/SKILL.md'))).toBe(
        true,
      );
    } finally {
      await engine.close();
    }
  });

  it('rejects bad options naming the field', () => {
    expect(() => resolveEngineOptions({ workers: -1 })).toThrow(/workers/);
    expect(() => resolveEngineOptions({ batchSize: 0 })).toThrow(/batchSize/);
    expect(() => resolveEngineOptions({ cache: '' })).toThrow(/cache/);
  });

  it('refuses work after close', async () => {
    const engine = createEngine({ workers: 1 });
    await engine.close();
    await engine.close();
    await expect(engine.loadCatalog({ roots })).rejects.toThrow(/closed/);
  });
});

describe('parse cache', () => {
  for (const workers of [0, 2]) {
    it(`warm runs read nothing unchanged, revalidate touched files by hash, re-parse edits (workers ${workers})`, async () => {
      const cacheDir = mkdtempSync(join(tmpdir(), 'skillgraph-cache-'));
      const run = async (): Promise<EngineCatalog> => {
        const engine = createEngine({ workers, batchSize: 6, cache: cacheDir });
        try {
          return await engine.loadCatalog({ roots });
        } finally {
          await engine.close();
        }
      };
      try {
        const cold = await run();
        expect(cold.cache).toMatchObject({ enabled: true, hits: 0, revalidated: 0 });
        expect(cold.cache.misses).toBe(cold.stats.files);
        // The directory memo may sit beside it (written once the tree is older than its racy window).
        expect(readdirSync(cacheDir).filter((n) => n !== DIR_MEMO_FILE_NAME)).toEqual([CACHE_FILE_NAME]);

        const warm = await run();
        expect(warm.cache).toMatchObject({ hits: warm.stats.files, revalidated: 0, misses: 0 });
        expect(_content(warm)).toBe(_content(cold));

        // Touched, same bytes: the content hash is the final word, no re-parse.
        const touched = join(dir, 'global', 'skill-01', 'SKILL.md');
        const later = new Date(Date.now() + 5_000);
        utimesSync(touched, later, later);
        const afterTouch = await run();
        expect(afterTouch.cache).toMatchObject({ hits: cold.stats.files - 1, revalidated: 1, misses: 0 });
        expect(_content(afterTouch)).toBe(_content(cold));

        // Edited: re-parsed, and the catalog shows the edit.
        const text = readFileSync(touched, 'utf8').replace('Global skill 1.', 'Edited skill 1.');
        writeFileSync(touched, text);
        const afterEdit = await run();
        expect(afterEdit.cache.misses).toBe(1);
        expect(afterEdit.catalog.get('skill-01')?.descriptor.description).toContain('Edited skill 1.');
        writeFileSync(touched, text.replace('Edited skill 1.', 'Global skill 1.'));
        utimesSync(touched, SETTLED, SETTLED);
      } finally {
        rmSync(cacheDir, { recursive: true, force: true });
      }
    });
  }

  it('never trusts a stat that could hide an edit: same size with the mtime put back (cp -p), or a racy mtime', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'skillgraph-cache-'));
    const run = async (): Promise<EngineCatalog> => {
      const engine = createEngine({ workers: 0, cache: cacheDir });
      try {
        return await engine.loadCatalog({ roots });
      } finally {
        await engine.close();
      }
    };
    const file = join(dir, 'global', 'skill-02', 'SKILL.md');
    const original = readFileSync(file, 'utf8');
    try {
      await run();
      expect((await run()).cache.hits).toBe(40 + 14 + 1);

      // Same size, same inode, mtime restored: only the ctime tells (it cannot be set back).
      const edited = original.replace('Global skill 2.', 'Glob@l skill 2.');
      expect(edited.length).toBe(original.length);
      writeFileSync(file, edited);
      utimesSync(file, SETTLED, SETTLED);
      const afterCopy = await run();
      expect(afterCopy.cache.misses).toBe(1);
      expect(afterCopy.catalog.get('skill-02')?.descriptor.description).toContain('Glob@l skill 2.');

      // Written just now: a second edit in the same clock tick would keep this mtime, so the
      // stat is not trusted until the file has been quiet for the racy window.
      writeFileSync(file, original);
      const fresh = await run();
      expect(fresh.cache.misses).toBe(1);
      const again = await run();
      expect(again.cache).toMatchObject({ hits: 40 + 14, revalidated: 1, misses: 0 });
    } finally {
      writeFileSync(file, original);
      utimesSync(file, SETTLED, SETTLED);
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('treats a corrupt cache file as empty and replaces it atomically', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'skillgraph-cache-'));
    try {
      writeFileSync(join(cacheDir, CACHE_FILE_NAME), 'not a cache');
      const engine = createEngine({ workers: 0, cache: cacheDir });
      const loaded = await engine.loadCatalog({ roots });
      await engine.close();
      expect(loaded.cache.hits).toBe(0);
      expect(loaded.catalog.skills).toHaveLength(40);
      expect(readdirSync(cacheDir).filter((n) => n !== DIR_MEMO_FILE_NAME)).toEqual([CACHE_FILE_NAME]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
