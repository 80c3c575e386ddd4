/**
 * SIGINT while `lock` writes its lockfile: the temp file beside the target
 * is removed (or never left), and the lockfile holds either the old content
 * or the complete new one, never half. The signal is sent the moment the
 * temp file appears, the window the interrupted runs used to leave a
 * `.skillgraph-tmp-*` in. A temp file a killed run (SIGKILL) left long ago
 * is removed by the next lock.
 */
import { mkdirSync, readdirSync, readFileSync, utimesSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMP_PREFIX } from '../../src/workspace/atomic.js';
import { STALE_TEMP_MS } from '../../src/workspace/cleanup.js';
import { hostileProject, runChild, type HostileProject } from './_harness.js';

const OLD = '{"old": true}\n';

/** A project with `n` extra skills (the lockfile of thousands takes a while to write). */
function manySkills(n: number): HostileProject {
  const p = hostileProject();
  const body = `---\nname: NAME\ndescription: Use when a test needs many skills to lock.\n---\n# Steps\n\nDo it.\n`;
  for (let i = 0; i < n; i++) {
    const name = `bulk-${String(i).padStart(5, '0')}`;
    mkdirSync(join(p.root, name));
    writeFileSync(join(p.root, name, 'SKILL.md'), body.replace('NAME', name));
  }
  return p;
}

/** Send `signal` as soon as a temp file shows up in `dir` (inotify through fs.watch). */
function interruptOnTemp(
  dir: string,
  signal: NodeJS.Signals,
): { onSpawn: (child: ChildProcess) => void; hit: () => boolean; close: () => void } {
  let hit = false;
  let watcher: FSWatcher | undefined;
  return {
    hit: () => hit,
    close: () => watcher?.close(),
    onSpawn: (child) => {
      watcher = watch(dir, (_event, name) => {
        if (hit || typeof name !== 'string' || !name.startsWith(TEMP_PREFIX)) return;
        hit = true;
        child.kill(signal);
      });
    },
  };
}

describe('hostile signals: SIGINT during lock', () => {
  it('leaves no temp file and an old-or-new lockfile when interrupted mid-write (SIGINT, then SIGTERM)', async () => {
    const p = manySkills(3000);
    const lockfile = p.path('skillgraph.lock.json');
    let hits = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      writeFileSync(lockfile, OLD);
      const signal: NodeJS.Signals = attempt === 0 ? 'SIGINT' : 'SIGTERM';
      const watch = interruptOnTemp(p.dir, signal);
      const r = await runChild(p, ['lock', '--root', '.claude/skills', '--no-cache'], {
        timeoutMs: 60_000,
        onSpawn: watch.onSpawn,
      });
      watch.close();
      expect(r.timedOut).toBe(false);
      if (watch.hit()) {
        hits++;
        // Interrupted (the signal re-raised after cleanup), or done just before the signal was handled.
        expect(
          r.signal === signal || r.code === 130 || r.code === 143 || r.code === 0,
          `exit ${r.code} ${r.signal}`,
        ).toBe(true);
      }
      expect(readdirSync(p.dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
      const text = readFileSync(lockfile, 'utf8');
      if (text !== OLD) expect((JSON.parse(text) as { skills: unknown[] }).skills).toHaveLength(3002);
    }
    expect(hits).toBeGreaterThan(0);
  }, 240_000);

  it('removes a temp file a killed run left beside the lockfile long ago', async () => {
    const p = hostileProject();
    const stale = p.path(`${TEMP_PREFIX}skillgraph.lock.json-12345-deadbeef0000`);
    writeFileSync(stale, '');
    const long = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    utimesSync(stale, long, long);
    const fresh = p.path(`${TEMP_PREFIX}skillgraph.lock.json-12346-deadbeef0001`);
    writeFileSync(fresh, ''); // another run may be writing right now: kept
    const r = await runChild(p, ['lock', '--root', '.claude/skills', '--no-cache'], { timeoutMs: 30_000 });
    expect(r.code).toBe(0);
    expect(readdirSync(p.dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([
      `${TEMP_PREFIX}skillgraph.lock.json-12346-deadbeef0001`,
    ]);
  }, 60_000);
});
