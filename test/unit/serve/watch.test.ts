/**
 * `watchRoots` with roots that are missing: each is reported with the
 * nearest existing folder watched for it, announced and watched once made
 * (several levels at once), and waited for again when it goes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { nearestFolder } from '../../../src/serve/watch-pending.js';
import { watchRoots } from '../../../src/serve/watch.js';

const WAIT = { timeout: 10_000, interval: 20 };
const dir = mkdtempSync(join(tmpdir(), 'skillgraph-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('watching roots that do not exist yet', () => {
  it('finds the nearest existing folder, walking past files and missing levels', () => {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'file'), '');
    expect(nearestFolder(join(dir, 'a', 'b', 'c', 'skills'))).toBe(join(dir, 'a'));
    expect(nearestFolder(join(dir, 'a', 'file', 'skills'))).toBe(join(dir, 'a'));
  });

  it.each([
    ['events', false],
    ['poll', true],
  ])('reports, announces and watches a root made later, and waits again when it goes (%s)', async (_mode, poll) => {
    const base = join(dir, `p-${String(poll)}`);
    mkdirSync(base);
    const present = join(base, 'present');
    mkdirSync(present);
    const root = join(base, '.claude', 'skills');
    const batches: string[][] = [];
    const appeared: string[] = [];
    const gone: string[] = [];
    const w = watchRoots([present, root], (paths) => batches.push(paths), {
      poll,
      pollMs: 50,
      onRootAppeared: (r) => appeared.push(r),
      onRootGone: (r) => gone.push(r),
    });
    try {
      expect(w.missing).toEqual([{ root, watching: base }]);
      mkdirSync(join(root, 'pdf'), { recursive: true });
      await vi.waitFor(() => expect(appeared).toEqual([root]), WAIT);
      expect(w.missing).toEqual([]);
      writeFileSync(join(root, 'pdf', 'SKILL.md'), 'x');
      await vi.waitFor(() => expect(batches.flat().some((p) => p.startsWith(join(root, 'pdf')))).toBe(true), WAIT);
      rmSync(join(base, '.claude'), { recursive: true });
      await vi.waitFor(() => expect(gone).toEqual([root]), WAIT);
      expect(w.missing).toEqual([{ root, watching: base }]);
    } finally {
      w.close();
    }
  });
});
