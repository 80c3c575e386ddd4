/** The parse cache is public API: a plain-JavaScript `new ParseCache(dir)` must fail clearly, not later. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME, ParseCache } from '../../../src/engine/cache.js';

describe('ParseCache construction', () => {
  it('refuses new ParseCache(dir) from JavaScript (regression: it built a cache with no entries that crashed on first lookup)', () => {
    expect(() => new (ParseCache as unknown as new (dir: string) => ParseCache)('/tmp/x')).toThrow(expect.objectContaining({ code: 'options.invalid' }));
  });

  it('ParseCache.open still gives a working, empty cache for a new folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillgraph-cache-ctor-'));
    try {
      const cache = ParseCache.open(dir);
      expect(cache.file).toBe(join(dir, CACHE_FILE_NAME));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
