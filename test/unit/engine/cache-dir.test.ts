import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheDirProblem, cacheDirWarning, ensureCacheDir } from '../../../src/workspace/cache-dir.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-cache-dir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the guarded cache folder', () => {
  it('makes a missing folder one level at a time', () => {
    expect(cacheDirProblem(join(dir, 'a', 'b', 'c'))).toBeNull();
    expect(ensureCacheDir(join(dir, 'a', 'b', 'c'))).toBe(true);
    expect(existsSync(join(dir, 'a', 'b', 'c'))).toBe(true);
    expect(ensureCacheDir(join(dir, 'a', 'b', 'c'))).toBe(true);
  });

  it('refuses pseudo file systems at once (a recursive mkdir under /proc never returns)', () => {
    const started = Date.now();
    for (const bad of ['/proc/skillgraph-cache', '/proc/self', '/sys/skillgraph', '/dev/skillgraph']) {
      expect(cacheDirProblem(bad)).toBe('pseudo-file-system');
      expect(ensureCacheDir(bad)).toBe(false);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a file where the folder goes, or under it', () => {
    writeFileSync(join(dir, 'file'), 'x');
    expect(cacheDirProblem(join(dir, 'file'))).toBe('not-a-folder');
    expect(cacheDirProblem(join(dir, 'file', 'sub'))).toBe('cannot-create');
    expect(ensureCacheDir(join(dir, 'file', 'sub'))).toBe(false);
  });

  it('words one cache.unusable warning for a folder it refuses, none for a usable one', () => {
    expect(cacheDirWarning(join(dir, 'fine'))).toBeNull();
    expect(cacheDirWarning('/proc/skillgraph-cache')).toEqual(
      expect.objectContaining({ code: 'cache.unusable', severity: 'warning', file: '/proc/skillgraph-cache' }),
    );
  });
});
