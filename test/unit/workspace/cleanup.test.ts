import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_PREFIX, writeFileAtomic } from '../../../src/workspace/atomic.js';
import {
  registeredTemps,
  registerTemp,
  releaseTemp,
  removeRegistered,
  removeStaleTemps,
  STALE_TEMP_MS,
} from '../../../src/workspace/cleanup.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-cleanup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const age = (file: string, ms: number): void => {
  const when = (Date.now() - ms) / 1000;
  utimesSync(file, when, when);
};

describe('temp file cleanup', () => {
  it('removes temp files a killed run left beside a target at the next write, keeping fresh ones and folders', () => {
    const stale = join(dir, `${TEMP_PREFIX}skillgraph.lock.json-999-aaaa`);
    const fresh = join(dir, `${TEMP_PREFIX}skillgraph.lock.json-998-bbbb`);
    writeFileSync(stale, '');
    writeFileSync(fresh, '');
    age(stale, STALE_TEMP_MS + 60_000);
    mkdirSync(join(dir, `${TEMP_PREFIX}folder`));
    age(join(dir, `${TEMP_PREFIX}folder`), STALE_TEMP_MS + 60_000);
    writeFileSync(join(dir, 'other.txt'), 'keep');
    age(join(dir, 'other.txt'), STALE_TEMP_MS + 60_000);
    writeFileAtomic(join(dir, 'skillgraph.lock.json'), '{}\n');
    expect(readdirSync(dir).sort()).toEqual(
      [
        `${TEMP_PREFIX}folder`,
        `${TEMP_PREFIX}skillgraph.lock.json-998-bbbb`,
        'other.txt',
        'skillgraph.lock.json',
      ].sort(),
    );
  });

  it('sweeps a folder once per process', () => {
    const sub = join(dir, 'once');
    mkdirSync(sub);
    const old = join(sub, `${TEMP_PREFIX}x`);
    writeFileSync(old, '');
    age(old, STALE_TEMP_MS * 2);
    expect(removeStaleTemps(sub, TEMP_PREFIX)).toBe(1);
    writeFileSync(old, '');
    age(old, STALE_TEMP_MS * 2);
    expect(removeStaleTemps(sub, TEMP_PREFIX)).toBe(0);
  });

  it('keeps a registry of live temp files that a signal handler empties', () => {
    const a = join(dir, `${TEMP_PREFIX}a`);
    writeFileSync(a, 'half');
    registerTemp(a);
    expect(registeredTemps()).toContain(a);
    expect(process.listenerCount('SIGINT')).toBeGreaterThan(0);
    removeRegistered();
    expect(existsSync(a)).toBe(false);
    expect(registeredTemps()).toEqual([]);
    registerTemp(a);
    releaseTemp(a);
    expect(registeredTemps()).toEqual([]);
  });

  it('leaves no temp file registered after an atomic write, whether it worked or failed', () => {
    writeFileAtomic(join(dir, 'ok.txt'), 'data');
    expect(() => writeFileAtomic(join(dir, 'missing', 'x.txt'), 'data')).toThrow(
      expect.objectContaining({ code: 'io' }),
    );
    expect(registeredTemps()).toEqual([]);
  });
});
