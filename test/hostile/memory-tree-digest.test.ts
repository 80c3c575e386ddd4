/**
 * Tree digests hash file by file through one fixed buffer, so memory does
 * not grow with the trees: measured in a child process (peak RSS), on trees
 * whose bytes held at once (as the old digest did) would pass 512 MiB.
 * Files are hard links to one shared file: gigabytes to read, megabytes on disk.
 */
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { _runLib, SRC } from '../unit/workspace/_child.js';
import { hostileProject } from './_harness.js';

const LIMIT_MIB = 512;
// The suite: 6,000 skills of 100 KiB (586 MiB of trees, past the bound if held at once, as the old
// digest did). `SKILLGRAPH_HEAVY=1` (`npm run test:heavy`): 100,000 skills of 53 KiB, which takes minutes.
const HEAVY = process.env.SKILLGRAPH_HEAVY === '1';
const COUNT = HEAVY ? 100_000 : 6_000;
const ASSET_KIB = HEAVY ? 53 : 100;

/** `count` skill folders under the project root, each with a SKILL.md and a hard link to `shared`. */
function skills(root: string, count: number, shared: string, prefix: string): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < count; i++) {
    const dir = join(root, `${prefix}-${String(i).padStart(6, '0')}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${prefix}\ndescription: Use when memory is measured.\n---\nx\n`);
    linkSync(shared, join(dir, 'asset.bin'));
    dirs.push(dir);
  }
  return dirs;
}

/** Digest the folders listed in `listFile` in a child; its peak RSS and a summary of the results. */
async function digestInChild(listFile: string) {
  const r = await _runLib(
    `import { readFileSync } from 'node:fs';
import { treeDigestResults } from '${SRC}/tasks/tree-digest.ts';
const dirs = JSON.parse(readFileSync(${JSON.stringify(listFile)}, 'utf8'));
const results = treeDigestResults(dirs);
console.log(JSON.stringify({ ok: results.filter((r) => r.ok).length, digests: new Set(results.map((r) => r.ok ? r.digest : '')).size }));`,
    { timeoutMs: 240_000 },
  );
  expect(r.timedOut).toBe(false);
  expect(r.code, r.stderr).toBe(0);
  return { ...(JSON.parse(r.stdout) as { ok: number; digests: number }), peakRssMiB: r.peakRssMiB, ms: r.ms };
}

describe('memory: tree digests stream', () => {
  it(`digests ${COUNT} skills of ${ASSET_KIB} KiB each within ${LIMIT_MIB} MiB`, async () => {
    const p = hostileProject();
    const shared = p.write('shared.bin', Buffer.alloc(ASSET_KIB * 1024, 7));
    const dirs = skills(p.root, COUNT, shared, 'many');
    const list = p.write('dirs.json', JSON.stringify(dirs));
    const r = await digestInChild(list);
    expect(r.ok).toBe(COUNT);
    expect(r.digests).toBe(1); // same content, same name field: one digest
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
    console.log(`tree digests of ${COUNT} skills: peak RSS ${r.peakRssMiB.toFixed(0)} MiB in ${r.ms} ms`);
  }, 300_000);

  it(`digests 20 skills with one 60 MiB asset each within ${LIMIT_MIB} MiB`, async () => {
    const p = hostileProject();
    const shared = p.write('asset.bin', Buffer.alloc(60 * 1024 * 1024, 3));
    const dirs = skills(p.root, 20, shared, 'heavy');
    const list = p.write('dirs.json', JSON.stringify(dirs));
    const r = await digestInChild(list);
    expect(r.ok).toBe(20);
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
    console.log(`tree digests of 20 × 60 MiB: peak RSS ${r.peakRssMiB.toFixed(0)} MiB in ${r.ms} ms`);
  }, 300_000);
});
