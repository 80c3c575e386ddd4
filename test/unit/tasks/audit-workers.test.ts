/**
 * The audit's worker pool changes who audits a skill, never what is reported: the labelled corpus
 * audited inline, with one or two workers and with `auto` gives the same document, excerpts, notes
 * and text report; a worker runs the audit's own entry (here from src/, under tsx).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { textReport } from '../../../src/report/index.js';
import { auditTask, type AuditRun } from '../../../src/tasks/audit.js';
import { auditPool, claimAndAudit, type AuditItemResult, type AuditJob } from '../../../src/tasks/audit-work.js';
import { newClaim, shareJob } from '../../../src/engine/shard.js';
import { auditParsers } from '../../../src/tasks/audit-path.js';
import { loadCorpus, materialise } from '../../audit-corpus/_corpus.js';

const root = mkdtempSync(join(tmpdir(), 'skillgraph-audit-workers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cases = loadCorpus();
for (const c of cases) {
  const parent = join(root, c.label, c.cls);
  mkdirSync(parent, { recursive: true });
  materialise(c, parent);
}

/** Everything a run shows: the JSON document, the excerpts, the notes, the text report. */
function shown(run: AuditRun): string {
  const { result } = run;
  return JSON.stringify([
    run.document,
    [...result.sources].map(([file, lines]) => [file, Object.entries(lines)]),
    result.notes,
    textReport(run.report, false, (file) => result.sources.get(file), 100),
    run.status,
  ]);
}

describe('audit on a worker pool', () => {
  it('reports the same bytes inline, with 1 and 2 workers and with auto', async () => {
    expect(cases.length).toBeGreaterThan(256); // enough skills for `auto` to start a pool
    const runs = await Promise.all(
      ([0, 1, 2, 'auto'] as const).map((workers) => auditTask({ paths: ['.'], cwd: root, workers })),
    );
    const inline = shown(runs[0]!);
    expect(runs[0]!.result.summary.fail).toBeGreaterThan(100);
    for (const run of runs.slice(1)) expect(shown(run)).toBe(inline);
  });

  it('a worker audits the batches it claims and hands back findings', async () => {
    const pool = auditPool(1, 2)!;
    try {
      expect(pool.threads).toBe(1);
      const c = cases.find((x) => x.label === 'malicious')!;
      const job: AuditJob = {
        items: [{ dir: c.id, abs: join(root, c.label, c.cls, c.id), skillFile: 'SKILL.md' }],
      };
      const claim = newClaim();
      const chunks = await pool.run({ job: 1, payload: shareJob(job), claims: 4, claim, batch: 1 });
      expect(chunks.map((ch) => ch.start)).toEqual([0]);
      const result: AuditItemResult = chunks[0]!.results[0]!;
      expect(result.diagnostics.length).toBeGreaterThan(0);
      // Its SKILL.md was parsed there from the folder as read: the name comes back with the findings.
      expect(result.name).toBe(c.id);
      // The same item audited here gives the same result.
      const here = claimAndAudit(job, newClaim(), 1, await auditParsers());
      expect(chunks).toEqual(here);
    } finally {
      await pool.close();
    }
  });

  it('finds a name that reads like another skill of the run, inline and on the pool', async () => {
    const tree = join(root, 'twins');
    // `рор` is written in Cyrillic letters.
    for (const name of ['pop', 'рор', 'csv-tools']) {
      mkdirSync(join(tree, name), { recursive: true });
      writeFileSync(
        join(tree, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Works with files.\n---\nRead the file.\n`,
      );
    }
    for (const workers of [0, 1]) {
      const run = await auditTask({ paths: ['twins'], cwd: root, workers });
      const found = run.result.skills.map((s) => [s.name, s.diagnostics.map((d) => `${d.line} ${d.message}`)]);
      expect(found, `workers: ${workers}`).toEqual([
        ['csv-tools', []],
        ['pop', []],
        ['рор', ['2 the name "рор" reads like the skill "pop"']],
      ]);
      expect(run.result.sources.get('twins/рор/SKILL.md')?.[1]).toBe('name: рор');
    }
  });

  it('refuses a worker count outside 0–64', async () => {
    await expect(auditTask({ paths: ['.'], cwd: root, workers: 65 })).rejects.toThrow(/workers/);
    await expect(auditTask({ paths: ['.'], cwd: root, workers: -1 })).rejects.toThrow(/workers/);
  });
});
