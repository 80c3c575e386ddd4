import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRegular, readRegularFile } from '../../../src/discover/safe-read.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-safe-read-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readRegularFile', () => {
  it('reads a regular file up to its limit', () => {
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    const r = readRegularFile(join(dir, 'a.json'), 100);
    expect(r.ok && r.bytes.toString()).toBe('{"a":1}');
    expect(readRegularFile(join(dir, 'a.json'), 3)).toEqual({ ok: false, reason: 'too-large', size: 7 });
  });

  it('never opens a FIFO (an open or read of one would block the run)', () => {
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const started = Date.now();
    expect(readRegularFile(join(dir, 'pipe'), 100)).toEqual({ ok: false, reason: 'not-regular' });
    expect(readRegularFile(join(dir, 'pipe'), 100, { followLinks: true })).toEqual({
      ok: false,
      reason: 'not-regular',
    });
    expect(openRegular(join(dir, 'pipe')).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses folders, devices and links unless links are followed, and says when the file is missing', () => {
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'target'), 'T');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    symlinkSync('/dev/zero', join(dir, 'zero'));
    expect(readRegularFile(join(dir, 'folder'), 100)).toEqual({ ok: false, reason: 'not-regular' });
    expect(readRegularFile(join(dir, 'link'), 100)).toEqual({ ok: false, reason: 'link' });
    const followed = readRegularFile(join(dir, 'link'), 100, { followLinks: true });
    expect(followed.ok && followed.bytes.toString()).toBe('T');
    expect(readRegularFile(join(dir, 'zero'), 100, { followLinks: true })).toEqual({
      ok: false,
      reason: 'not-regular',
    });
    expect(readRegularFile(join(dir, 'nothing'), 100)).toEqual({ ok: false, reason: 'missing', errno: 'ENOENT' });
  });
});
