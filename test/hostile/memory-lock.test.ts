/**
 * `lock` of many skills within 512 MiB peak RSS, measured in a child process:
 * the old lock held every skill's tree bytes until it hashed them (~53 KB per
 * skill: 1 GiB at 20,000). The suite locks 20,000 skills with a 32 KiB asset
 * each; `SKILLGRAPH_HEAVY=1` (`npm run test:heavy`, after `npm run build`) locks
 * the 100,000 with the built CLI.
 * Assets are hard links to one file: hundreds of megabytes to hash, little on disk.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileProject, NORMAL_SKILLS, runChild, snapshot } from './_harness.js';

const HEAVY = process.env.SKILLGRAPH_HEAVY === '1';
const COUNT = HEAVY ? 100_000 : 20_000;

describe('memory: lock of many skills', () => {
  it(`locks ${COUNT} skills with a 32 KiB asset each within 512 MiB`, async () => {
    const p = hostileProject();
    let shared = '';
    for (let i = 0; i < COUNT; i++) {
      // A file system caps the links to one file (ext4: 65,000): a new shared file every 50,000.
      if (i % 50_000 === 0) shared = p.write(`asset-${i}.bin`, Buffer.alloc(32 * 1024, 5));
      const name = `s-${i.toString(36)}`;
      const dir = join(p.root, name);
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Use when skill ${name} is needed.\n---\nDo the thing.\n`,
      );
      linkSync(shared, join(dir, 'asset.bin'));
    }
    const before = snapshot(p.home);
    // The full size runs the built CLI, as users do (run `npm run build` first); the suite runs src/.
    const r = await runChild(p, ['lock', '--no-cache', '--json'], {
      timeoutMs: HEAVY ? 600_000 : 180_000,
      built: HEAVY,
    });
    expect(r.timedOut).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.peakRssMiB).toBeLessThan(512);
    const lock = JSON.parse(readFileSync(p.path('skillgraph.lock.json'), 'utf8')) as { skills: { name: string }[] };
    expect(lock.skills.length).toBe(COUNT + NORMAL_SKILLS.length);
    expect(snapshot(p.home)).toEqual(before);
    console.log(`lock of ${COUNT} skills: peak RSS ${r.peakRssMiB.toFixed(0)} MiB in ${r.ms} ms`);
    rmSync(p.root, { recursive: true, force: true });
  }, 700_000);
});
