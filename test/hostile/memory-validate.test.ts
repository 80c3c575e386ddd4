/**
 * 150 SKILL.md files of 7.9 MiB each (each under the 8 MiB per-file cap)
 * once took 2.45 GiB in `validate`. A total-input budget stops reading new
 * files once the run has read its share, naming each file it did not read
 * (`input.budget`); small skills after them still fit. Measured in a child
 * process. The files are hard links to one file: 1.2 GB to read, 8 MB on disk.
 */
import { linkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetResults } from '../../src/engine/budget-items.js';
import { budgetCuts, DEFAULT_INPUT_BUDGET, InputBudget } from '../../src/engine/input-budget.js';
import { hostileProject, NORMAL_SKILLS, runChild } from './_harness.js';

const FILE_BYTES = Math.floor(7.9 * 1024 * 1024);

describe('memory: validate of many near-limit files', () => {
  it('stays within 512 MiB, naming every file past the total-input budget; the normal skills stay valid', async () => {
    const p = hostileProject();
    const line = 'Follow the step, then check the result before going on.\n';
    const text = `---\nname: big\ndescription: Use when a big skill is needed.\n---\n${line.repeat(Math.floor(FILE_BYTES / line.length))}`;
    const shared = p.write('big.md', text);
    const size = Buffer.byteLength(text);
    for (let i = 0; i < 150; i++) {
      const dir = join(p.root, `big-${String(i).padStart(3, '0')}`);
      mkdirSync(dir);
      linkSync(shared, join(dir, 'SKILL.md'));
    }
    const r = await runChild(p, ['validate', '.claude/skills', '--json', '--profile', 'lenient'], {
      timeoutMs: 120_000,
    });
    expect(r.timedOut).toBe(false);
    expect(r.code, r.stderr).toBe(1); // lenient: the name mismatch warns, so every package read is kept
    expect(r.peakRssMiB).toBeLessThan(512);
    console.log(`validate of 150 × 7.9 MiB: peak RSS ${r.peakRssMiB.toFixed(0)} MiB in ${r.ms} ms`);
    const doc = JSON.parse(r.stdout) as {
      skills: { dir: string; file: string; valid: boolean; diagnostics: { code: string; line: number }[] }[];
    };
    const read = Math.floor(DEFAULT_INPUT_BUDGET / size);
    const cut = doc.skills.filter((s) => s.diagnostics.some((d) => d.code === 'input.budget'));
    expect(cut.map((s) => s.file)).toEqual(
      Array.from({ length: 150 - read }, (_, i) => `big-${String(i + read).padStart(3, '0')}/SKILL.md`),
    );
    for (const s of cut) expect(s.diagnostics).toEqual([expect.objectContaining({ code: 'input.budget', line: 0 })]);
    for (const name of NORMAL_SKILLS) expect(doc.skills.find((s) => s.dir === name)?.valid, name).toBe(true);
  }, 180_000);
});

describe('memory: catalog of many near-limit files', () => {
  it('stays within 512 MiB with 0 and 2 workers, cuts the same files either way, and keeps the normal skills', async () => {
    const p = hostileProject();
    const line = 'Follow the step, then check the result before going on.\n';
    const docs: string[] = [];
    for (let i = 0; i < 150; i++) {
      const name = `big-${String(i).padStart(3, '0')}`;
      // One file per skill (hard links would share a name): written once, linked under each folder name.
      if (i === 0)
        p.write(
          'big.md',
          `---\nname: big\ndescription: Use when a big skill is needed.\n---\n${line.repeat(Math.floor(FILE_BYTES / line.length))}`,
        );
      mkdirSync(join(p.root, name));
      linkSync(p.path('big.md'), join(p.root, name, 'SKILL.md'));
    }
    for (const workers of ['0', '2']) {
      const r = await runChild(p, ['catalog', '--json', '--no-cache', '--workers', workers, '--profile', 'lenient'], {
        timeoutMs: 120_000,
      });
      expect(r.timedOut).toBe(false);
      expect(r.code, r.stderr).toBe(1); // the budget's findings are errors
      expect(r.peakRssMiB).toBeLessThan(512);
      console.log(
        `catalog of 150 × 7.9 MiB, ${workers} workers: peak RSS ${r.peakRssMiB.toFixed(0)} MiB in ${r.ms} ms`,
      );
      const doc = JSON.parse(r.stdout) as { skills: { name: string }[]; diagnostics: { code: string; file: string }[] };
      for (const name of NORMAL_SKILLS) expect(doc.skills.map((s) => s.name)).toContain(name);
      const cut = doc.diagnostics.filter((d) => d.code === 'input.budget').map((d) => d.file);
      expect(cut.length).toBeGreaterThan(100);
      docs.push(JSON.stringify(doc.diagnostics));
    }
    expect(docs[1]).toBe(docs[0]);
  }, 300_000);
});

describe('the total-input budget', () => {
  it('refuses what does not fit, still takes smaller files after it, and cuts by position, not timing', () => {
    const b = new InputBudget(100);
    expect([b.take(60), b.take(50), b.take(40), b.take(1)]).toEqual([true, false, true, false]);
    expect(b.used).toBe(100);
    const cuts = budgetCuts(['a', 'b', 'c', 'd'], [60, 50, -1, 40], 100);
    expect([...cuts.keys()]).toEqual([1]);
    expect(cuts.get(1)).toEqual(
      expect.objectContaining({ code: 'input.budget', file: 'b', line: 0, column: 0, severity: 'error' }),
    );
  });

  it('gives the engine a finished input.budget result for each parse item past the budget, from stats or a stat', () => {
    const p = hostileProject();
    const item = (name: string, bytes: number) => {
      const path = p.write(`.claude/skills/${name}/SKILL.md`, 'x'.repeat(bytes));
      return {
        path,
        locator: path,
        dirName: name,
        scope: 'project',
        precedence: 20,
        root: p.root,
        profile: 'skillgraph' as const,
      };
    };
    const items = [item('one', 60), item('two', 50), item('three', 40)];
    const cut = budgetResults(items, undefined, 100);
    expect([...cut.keys()]).toEqual([1]);
    expect(cut.get(1)).toEqual({
      locator: items[1]!.locator,
      diagnostics: [expect.objectContaining({ code: 'input.budget', file: items[1]!.locator })],
    });
    const fromStats = budgetResults(
      items,
      [
        { kind: 'stat', key: '', stat: { dev: 0, size: 10, mtimeMs: 0, ctimeMs: 0, ino: 0 } },
        { kind: 'stat', key: '', stat: { dev: 0, size: 95, mtimeMs: 0, ctimeMs: 0, ino: 0 } },
        { kind: 'result', result: { locator: 'x', diagnostics: [] } },
      ],
      100,
    );
    expect([...fromStats.keys()]).toEqual([1]);
  });
});
