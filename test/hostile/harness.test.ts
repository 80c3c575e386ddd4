/** The harness itself: normal skills are catalogued, a child run reports its RSS, a time bound kills. */
import { describe, expect, it } from 'vitest';
import { catalogNames, hostileProject, NORMAL_SKILLS, runChild, runInProcess, snapshot } from './_harness.js';

describe('hostile harness', () => {
  it('catalogs the two normal skills in-process and in a child, with a peak RSS', async () => {
    const p = hostileProject();
    const before = snapshot(p.home);
    const inProcess = await runInProcess(p, ['catalog', '--root', '.claude/skills', '--json', '--no-cache']);
    expect(inProcess.code).toBe(0);
    expect(catalogNames(inProcess.stdout)).toEqual([...NORMAL_SKILLS]);
    const child = await runChild(p, ['catalog', '--root', '.claude/skills', '--json', '--no-cache'], {
      timeoutMs: 30_000,
    });
    expect(child.code).toBe(0);
    expect(catalogNames(child.stdout)).toEqual([...NORMAL_SKILLS]);
    expect(child.peakRssMiB).toBeGreaterThan(10);
    expect(child.peakRssMiB).toBeLessThan(512);
    expect(snapshot(p.home)).toEqual(before);
  }, 60_000);
});
