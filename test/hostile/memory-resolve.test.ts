/**
 * Memory and size bounds of resolution on include chains, measured in child
 * processes (peak RSS from the child's own resource usage), never timed
 * unit tests. The whole-catalog `resolve --json` lists summaries, not each
 * skill's flattened list, so its size grows with the chain: chains of 1,000,
 * 2,000 and 10,000 skills stay under a fixed number of bytes per skill (the
 * flattened lists were 72 MB, 287 MB and 7.2 GB). `--entries` asks for every
 * list: a 10,000-skill chain's 50 million entries, ~7 GB — it used to be
 * killed at 3 GiB; a 20,000-skill chain's full arena holds 200 million
 * entries — `catalog` took 1.7 GiB from 2.2 MB of input. Both stay under
 * 512 MiB, with complete output. The suite runs them at sizes where the old
 * code already broke the bound (a 3,000-skill chain's 4.5 million entries for
 * `--entries`, a 10,000-skill chain for catalog: 583 MiB before);
 * `SKILLGRAPH_HEAVY=1` (`npm run test:heavy`) runs the full sizes, which take minutes.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileProject, NORMAL_SKILLS, runChild, snapshot, type HostileProject } from './_harness.js';
import { chainName, runChildCounted, writeChain } from './resolve-fixture.js';

const LIMIT_MIB = 512;
const HEAVY = process.env.SKILLGRAPH_HEAVY === '1';
const RESOLVE_CHAIN = HEAVY ? 10_000 : 3_000;
const CATALOG_CHAIN = HEAVY ? 20_000 : 10_000;
/** Chains whose whole-catalog document is measured; each skill of them takes ~530 bytes of it. */
const LINEAR_CHAINS = [1_000, 2_000, 10_000];
const BYTES_PER_SKILL = 1_000;

// One project per chain length, shared by the tests that read it; removed at the end (tens of thousands of folders).
const chains = new Map<number, HostileProject>();
function chainProject(n: number): HostileProject {
  let p = chains.get(n);
  if (!p) {
    p = hostileProject();
    writeChain(p, n);
    chains.set(n, p);
  }
  return p;
}
afterAll(() => {
  for (const p of chains.values()) rmSync(p.root, { recursive: true, force: true });
});

describe('hostile memory: include chains', () => {
  it(`resolve --json grows with the chain, not with its flattened lists: ${LINEAR_CHAINS.join(', ')} skills`, async () => {
    const perSkill: number[] = [];
    for (const n of LINEAR_CHAINS) {
      const p = chainProject(n);
      const r = await runChildCounted(
        p,
        ['resolve', '--json', '--max-dirs', '50000'],
        ['"name": "chain-', '"entries": [', '"tool_count": '],
        120_000,
      );
      expect(r.timedOut, r.stderr).toBe(false);
      expect(r.code, r.stderr).toBe(0);
      expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
      expect(r.counts['"entries": [']).toBe(0);
      // Each chain skill once: its name and count, repeated by its metadata.
      expect(r.counts['"name": "chain-']).toBe(2 * n);
      expect(r.counts['"tool_count": ']).toBe(2 * (n + NORMAL_SKILLS.length));
      expect(r.stdoutBytes).toBeLessThan(BYTES_PER_SKILL * (n + NORMAL_SKILLS.length));
      perSkill.push(r.stdoutBytes / n);
      process.stdout.write(
        `memory-resolve: resolve --json, ${n}-skill chain: ${r.stdoutBytes} bytes, peak ${r.peakRssMiB.toFixed(0)} MiB, ${r.ms} ms\n`,
      );
    }
    // Linear: the bytes per skill barely move from 1,000 to 10,000 skills (a quadratic document grows tenfold).
    expect(Math.max(...perSkill) / Math.min(...perSkill)).toBeLessThan(1.2);
  }, 400_000);

  it(`resolve --json --entries on a ${RESOLVE_CHAIN}-skill chain streams every entry under 512 MiB`, async () => {
    const n = RESOLVE_CHAIN;
    const p = hostileProject();
    writeChain(p, n);
    const before = snapshot(p.home);
    const r = await runChildCounted(
      p,
      ['resolve', '--json', '--entries', '--max-dirs', '50000'],
      ['"kind": "tool_ref"', '"name": "normal-alpha"', '"name": "normal-beta"'],
      480_000,
    );
    expect(r.timedOut, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
    expect(r.counts['"kind": "tool_ref"']).toBe((n * (n + 1)) / 2);
    for (const name of NORMAL_SKILLS) expect(r.counts[`"name": "${name}"`]).toBeGreaterThanOrEqual(1);
    expect(r.head.startsWith('{\n  "schemaVersion": 2,\n  "skills": [\n    {\n')).toBe(true);
    expect(r.tail.endsWith('\n}\n')).toBe(true);
    expect(r.tail).toContain('"layout": "delta"');
    expect(snapshot(p.home)).toEqual(before);
    // The shared clean-up hook has a time bound; tens of thousands of folders go here instead.
    rmSync(p.root, { recursive: true, force: true });
    process.stdout.write(
      `memory-resolve: resolve --json --entries, ${n}-skill chain: ${r.stdoutBytes} bytes, peak ${r.peakRssMiB.toFixed(0)} MiB, ${r.ms} ms\n`,
    );
  }, 500_000);

  it(`catalog --json on a ${CATALOG_CHAIN}-skill chain keeps full capability summaries under 512 MiB`, async () => {
    const n = CATALOG_CHAIN;
    const p = chainProject(n);
    const before = snapshot(p.home);
    const r = await runChild(p, ['catalog', '--json', '--max-dirs', '50000'], { timeoutMs: 240_000 });
    expect(r.timedOut, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
    const doc = JSON.parse(r.stdout) as {
      skills: { name: string; skill_metadata: { tool_count: number; writes: boolean } | null }[];
    };
    const byName = new Map(doc.skills.map((s) => [s.name, s.skill_metadata]));
    expect(byName.size).toBe(n + 2);
    expect(byName.get(chainName(0))).toMatchObject({ tool_count: n, writes: true });
    expect(byName.get(chainName(n - 1))).toMatchObject({ tool_count: 1, writes: false });
    for (const name of NORMAL_SKILLS) expect(byName.get(name)).toMatchObject({ tool_count: 0 });
    expect(snapshot(p.home)).toEqual(before);
    process.stdout.write(
      `memory-resolve: catalog --json, ${n}-skill chain: peak ${r.peakRssMiB.toFixed(0)} MiB, ${r.ms} ms\n`,
    );
  }, 300_000);
});
