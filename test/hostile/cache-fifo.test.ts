/**
 * A FIFO where a cache file, the run memo, the folder memo or the lockfile
 * goes, and a cache folder that cannot hold a cache (/proc, /sys, a file):
 * a damaged cache is an empty one — the run never blocks, never spins, and
 * still catalogues the normal skills.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME, DIR_MEMO_FILE_NAME, runStoreName } from '../../src/engine/store/index.js';
import { TEMP_PREFIX } from '../../src/workspace/atomic.js';
import { STALE_TEMP_MS } from '../../src/workspace/cleanup.js';
import { catalogNames, hostileProject, NORMAL_SKILLS, runChild, snapshot } from './_harness.js';

const CATALOG = ['catalog', '--root', '.claude/skills', '--json'];
/** Far below the "forever" of a blocked open, far above a normal run on a busy machine. */
const BOUND_MS = 20_000;

describe('hostile caches: FIFOs and unusable cache folders', () => {
  it('treats a FIFO in place of the parse cache, folder memo or run memo as an empty cache', async () => {
    const p = hostileProject();
    const cacheDir = join(p.cache, 'skillgraph');
    mkdirSync(cacheDir, { recursive: true });
    for (const name of [CACHE_FILE_NAME, DIR_MEMO_FILE_NAME, `${runStoreName('catalog-json')}.store`])
      execFileSync('mkfifo', [join(cacheDir, name)]);
    const outside = snapshot(p.home);
    const first = await runChild(p, CATALOG, { timeoutMs: BOUND_MS });
    expect(first.timedOut).toBe(false);
    expect(first.code).toBe(0);
    expect(catalogNames(first.stdout)).toEqual([...NORMAL_SKILLS]);
    // The run replaced the FIFOs it could (atomic renames); a second, cached run still answers.
    const second = await runChild(p, CATALOG, { timeoutMs: BOUND_MS });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(snapshot(p.home)).toEqual(outside);
  }, 60_000);

  it('writes the lockfile over a FIFO at its path instead of blocking on it', async () => {
    const p = hostileProject();
    execFileSync('mkfifo', [p.path('skillgraph.lock.json')]);
    const r = await runChild(p, ['lock', '--root', '.claude/skills', '--no-cache'], { timeoutMs: BOUND_MS });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    expect(lstatSync(p.path('skillgraph.lock.json')).isFile()).toBe(true);
    const lock = JSON.parse(readFileSync(p.path('skillgraph.lock.json'), 'utf8')) as { skills: { name: string }[] };
    expect(lock.skills.map((s) => s.name)).toEqual([...NORMAL_SKILLS]);
  }, 60_000);

  it('runs uncached, without spinning, when --cache is under /proc or /sys or is a file', async () => {
    const p = hostileProject();
    writeFileSync(p.path('not-a-folder'), 'x');
    for (const cache of ['/proc/skillgraph-cache', '/sys/skillgraph-cache', 'not-a-folder']) {
      const r = await runChild(p, [...CATALOG, '--cache', cache], { timeoutMs: BOUND_MS });
      expect(r.timedOut, cache).toBe(false);
      expect(r.code, cache).toBe(0);
      expect(catalogNames(r.stdout), cache).toEqual([...NORMAL_SKILLS]);
      expect(r.ms, cache).toBeLessThan(BOUND_MS);
    }
    expect(lstatSync(p.path('not-a-folder')).isFile()).toBe(true);
  }, 90_000);
});

describe('hostile caches: temp files of a killed run', () => {
  it('removes cache temp files older than the stale age at the next cached run, keeping fresh ones', async () => {
    const p = hostileProject();
    const cacheDir = join(p.cache, 'skillgraph');
    mkdirSync(cacheDir, { recursive: true });
    const long = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    const stale = [CACHE_FILE_NAME, DIR_MEMO_FILE_NAME, `${runStoreName('catalog-json')}.store`].map((n) =>
      join(cacheDir, `${TEMP_PREFIX}${n}-4242-0123456789ab`),
    );
    for (const file of stale) {
      writeFileSync(file, 'half');
      utimesSync(file, long, long);
    }
    const fresh = join(cacheDir, `${TEMP_PREFIX}${CACHE_FILE_NAME}-4343-0123456789ab`);
    writeFileSync(fresh, 'another run writing now');
    for (let run = 0; run < 2; run++) {
      const r = await runChild(p, CATALOG, { timeoutMs: BOUND_MS });
      expect(r.code).toBe(0);
    }
    const left = readdirSync(cacheDir).filter((n) => n.startsWith(TEMP_PREFIX));
    expect(left).toEqual([`${TEMP_PREFIX}${CACHE_FILE_NAME}-4343-0123456789ab`]);
  }, 60_000);
});
