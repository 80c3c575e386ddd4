/**
 * Memory bounds of resolution on include chains, measured in child
 * processes (peak RSS from the child's own resource usage), never timed
 * unit tests. A 10,000-skill chain with one tool each makes `resolve --json`
 * a 7 GB document (50 million entries) — it used to be killed at 3 GiB; a
 * 20,000-skill chain's full arena holds 200 million entries — `catalog` took
 * 1.7 GiB from 2.2 MB of input. Both stay under 512 MiB, with complete output.
 * The suite runs them at sizes where the old code already broke the bound
 * (a 3,000-skill chain's 4.5 million entries for resolve, a 10,000-skill chain
 * for catalog: 583 MiB before); `SKILLGRAPH_HEAVY=1` (`npm run test:heavy`)
 * runs the full sizes, which take minutes.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hostileProject, NORMAL_SKILLS, runChild, snapshot } from './_harness.js';
import { chainName, runChildCounted, writeChain } from './resolve-fixture.js';

const LIMIT_MIB = 512;
const HEAVY = process.env.SKILLGRAPH_HEAVY === '1';
const RESOLVE_CHAIN = HEAVY ? 10_000 : 3_000;
const CATALOG_CHAIN = HEAVY ? 20_000 : 10_000;

describe('hostile memory: include chains', () => {
  it(`resolve --json on a ${RESOLVE_CHAIN}-skill chain streams every entry under 512 MiB`, async () => {
    const n = RESOLVE_CHAIN;
    const p = hostileProject();
    writeChain(p, n);
    const before = snapshot(p.home);
    const r = await runChildCounted(p, ['resolve', '--json', '--max-dirs', '50000'], ['"kind": "tool_ref"', '"name": "normal-alpha"', '"name": "normal-beta"'], 480_000);
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
    process.stdout.write(`memory-resolve: resolve --json, ${n}-skill chain: ${r.stdoutBytes} bytes, peak ${r.peakRssMiB.toFixed(0)} MiB, ${r.ms} ms\n`);
  }, 500_000);

  it(`catalog --json on a ${CATALOG_CHAIN}-skill chain keeps full capability summaries under 512 MiB`, async () => {
    const n = CATALOG_CHAIN;
    const p = hostileProject();
    writeChain(p, n);
    const before = snapshot(p.home);
    const r = await runChild(p, ['catalog', '--json', '--max-dirs', '50000'], { timeoutMs: 240_000 });
    expect(r.timedOut, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
    const doc = JSON.parse(r.stdout) as { skills: { name: string; skill_metadata: { tool_count: number; writes: boolean } | null }[] };
    const byName = new Map(doc.skills.map((s) => [s.name, s.skill_metadata]));
    expect(byName.size).toBe(n + 2);
    expect(byName.get(chainName(0))).toMatchObject({ tool_count: n, writes: true });
    expect(byName.get(chainName(n - 1))).toMatchObject({ tool_count: 1, writes: false });
    for (const name of NORMAL_SKILLS) expect(byName.get(name)).toMatchObject({ tool_count: 0 });
    expect(snapshot(p.home)).toEqual(before);
    rmSync(p.root, { recursive: true, force: true });
    process.stdout.write(`memory-resolve: catalog --json, ${n}-skill chain: peak ${r.peakRssMiB.toFixed(0)} MiB, ${r.ms} ms\n`);
  }, 300_000);
});
