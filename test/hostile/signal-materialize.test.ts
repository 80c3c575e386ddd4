/**
 * SIGINT while `materialize --force` copies a large asset over a previous copy: no
 * temp file is left in the workspace, and the asset there is the old copy
 * or the new one, whole — never half. The signal is sent the moment the temp
 * file appears beside the asset.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMP_PREFIX } from '../../src/workspace/atomic.js';
import { hostileProject, runChild } from './_harness.js';

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Every path under `dir`, relative. */
function allFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((n) => relative(dir, join(dir, n)));
}

describe('hostile signals: SIGINT during materialize', () => {
  it('leaves no temp file and an old-or-new asset when interrupted mid-copy', async () => {
    const p = hostileProject();
    p.skill('heavy');
    const asset = p.path('.claude/skills/heavy/assets/model.bin');
    const size = 40 * 1024 * 1024;
    p.write('.claude/skills/heavy/assets/model.bin', Buffer.alloc(size, 1));
    // --force: the asset changes between runs, and replacing a copy with other content is refused without it.
    const args = ['materialize', 'ws', '--force', '--root', '.claude/skills', '--no-cache'];
    const first = await runChild(p, args, { timeoutMs: 60_000 });
    expect(first.code, first.stderr).toBe(0);
    const staged = p.path('ws/heavy/assets/model.bin');
    const versions = new Set([sha(readFileSync(staged))]);
    let hits = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const next = Buffer.alloc(size, attempt + 2);
      writeFileSync(asset, next);
      versions.add(sha(next));
      let hit = false;
      let watcher: FSWatcher | undefined;
      const r = await runChild(p, args, {
        timeoutMs: 60_000,
        onSpawn: (child) => {
          watcher = watch(p.path('ws/heavy/assets'), (_e, name) => {
            if (hit || typeof name !== 'string' || !name.startsWith(TEMP_PREFIX)) return;
            hit = true;
            child.kill('SIGINT');
          });
        },
      });
      watcher?.close();
      expect(r.timedOut).toBe(false);
      if (hit) hits++;
      expect(allFiles(p.path('ws')).filter((f) => f.includes(TEMP_PREFIX))).toEqual([]);
      expect(versions.has(sha(readFileSync(staged)))).toBe(true);
    }
    expect(hits).toBeGreaterThan(0);
  }, 240_000);
});
