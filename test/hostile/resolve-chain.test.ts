/**
 * An include chain is the graph whose resolution is quadratic: every skill's
 * list holds the whole rest of the chain. In-process and small enough to be
 * quick (the memory bounds on 10,000 and 20,000 skills are child-process
 * tests in memory-resolve.test.ts): the chain is resolved into deltas, every
 * list is complete, `catalog` carries the full capability summaries, the
 * normal skills resolve, and nothing outside the project changes.
 */
import { describe, expect, it } from 'vitest';
import { hostileProject, NORMAL_SKILLS, runInProcess, snapshot, type HostileProject } from './_harness.js';
import { writeChain } from './resolve-fixture.js';

const N = 3_000;
const BOUND_MS = 30_000;

interface SummaryDoc {
  skills: { name: string; ok: boolean; summary: { tool_count: number; writes: boolean } }[];
  counts: { skills: number; ok: number; failed: number; entries: number };
  stats: { layout?: string; arena_entries: number };
}

describe('hostile resolve: a 3,000-skill include chain', () => {
  let p: HostileProject;

  it('resolves every skill with its full closure, as deltas, within the bound', async () => {
    p = hostileProject();
    writeChain(p, N);
    const before = snapshot(p.home);
    const t0 = Date.now();
    const r = await runInProcess(p, ['resolve', '--json', '--summary', '--max-dirs', '20000']);
    expect(Date.now() - t0).toBeLessThan(BOUND_MS);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as SummaryDoc;
    expect(doc.stats.layout).toBe('delta');
    expect(doc.counts).toMatchObject({ skills: N + 2, ok: N + 2, failed: 0, entries: (N * (N + 1)) / 2 });
    expect(doc.stats.arena_entries).toBe((N * (N + 1)) / 2);
    const head = doc.skills.find((s) => s.name === 'chain-00000')!;
    expect(head.summary).toMatchObject({ tool_count: N, writes: true });
    for (const name of NORMAL_SKILLS) expect(doc.skills.find((s) => s.name === name)?.ok).toBe(true);
    expect(snapshot(p.home)).toEqual(before);
  }, 60_000);

  it("catalog carries each chain skill's full capability summary (skill_metadata)", async () => {
    const t0 = Date.now();
    const r = await runInProcess(p, ['catalog', '--json', '--max-dirs', '20000']);
    expect(Date.now() - t0).toBeLessThan(BOUND_MS);
    const doc = JSON.parse(r.stdout) as {
      skills: { name: string; skill_metadata: { tool_count: number; writes: boolean } | null }[];
    };
    const byName = new Map(doc.skills.map((s) => [s.name, s.skill_metadata]));
    expect(byName.get('chain-00000')).toMatchObject({ tool_count: N, writes: true });
    expect(byName.get(`chain-0${N - 1}`)).toMatchObject({ tool_count: 1, writes: false });
    for (const name of NORMAL_SKILLS) expect(byName.get(name)).toMatchObject({ tool_count: 0 });
  }, 60_000);
});
