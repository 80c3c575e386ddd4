/** The files table (parse cache): chunks written while parsing, the rest at save, and a run that fails half-way. (Damage, FIFOs and the racy rule: store.test.ts.) */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME, ParseCache, type Stamp } from '../../../src/engine/store/index.js';
import { TEMP_PREFIX } from '../../../src/workspace/atomic.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-cache-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An hour old: trusted by stat (outside the racy window). */
const OLD = Date.now() - 3_600_000;
const _stat = (i: number): Stamp => ({ dev: 1, size: 100 + i, mtimeMs: OLD + i, ctimeMs: OLD + i, ino: 1000 + i });
const _result = (i: number) => ({ locator: `/skills/s${i}/SKILL.md`, diagnostics: [] });

/** More entries than one chunk holds, so some are written while "parsing". */
const MANY = 1300;

describe('parse cache file', () => {
  it('round-trips entries written chunk by chunk during a run and the rest at save', () => {
    const first = ParseCache.open(dir);
    for (let i = 0; i < MANY; i++) first.store(`k${i}`, _stat(i), `h${i}`, _result(i));
    // Full chunks are already on disk (in a temp file) before save.
    expect(readdirSync(dir).some((n) => n.startsWith(TEMP_PREFIX))).toBe(true);
    expect(first.save()).toBe(true);
    expect(readdirSync(dir)).toEqual([CACHE_FILE_NAME]);

    const second = ParseCache.open(dir);
    expect(second.size).toBe(MANY);
    for (const i of [0, 511, 512, 1023, MANY - 1]) expect(second.lookup(`k${i}`, _stat(i))).toEqual(_result(i));
    // A second run that stores a few keeps every other entry.
    second.store('k-new', _stat(9999), 'h', _result(9999));
    expect(second.save()).toBe(true);
    expect(ParseCache.open(dir).size).toBe(MANY + 1);
  });

  it('leaves no temp file behind when a run gives up half-way', () => {
    const cache = ParseCache.open(dir);
    for (let i = 0; i < MANY; i++) cache.store(`k${i}`, _stat(i), `h${i}`, _result(i));
    cache.discard();
    expect(readdirSync(dir)).toEqual([]);
  });
});
