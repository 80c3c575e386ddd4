/**
 * A workspace or session log path that cannot hold one: under /proc (where
 * a recursive mkdir never returns), on a file, or a FIFO as the log. Each is
 * a usage error at once (exit 2), nothing is written, and the same command
 * with a plain folder works.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hostileProject, NORMAL_SKILLS, runInProcess, snapshot } from './_harness.js';

const FLAGS = ['--root', '.claude/skills', '--no-cache', '--json'];
const BOUND_MS = 10_000;

describe('hostile workspace targets', () => {
  it.each([['/proc/skillgraph-ws'], ['/sys/skillgraph-ws'], ['plain-file/ws'], ['plain-file']])(
    'refuses to materialise into %s at once',
    async (target) => {
      const p = hostileProject();
      writeFileSync(p.path('plain-file'), 'x');
      const outside = snapshot(p.home);
      const started = Date.now();
      const r = await runInProcess(p, ['materialize', target, ...FLAGS]);
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
      expect(r.code).toBe(2);
      expect((JSON.parse(r.stdout) as { error: { code: string; details: { field: string } } }).error).toEqual(
        expect.objectContaining({ code: 'path.invalid', details: expect.objectContaining({ field: 'dir' }) }),
      );
      expect(snapshot(p.home)).toEqual(outside);
      const ok = await runInProcess(p, ['materialize', 'ws', ...FLAGS]);
      expect(ok.code).toBe(0);
      expect((JSON.parse(ok.stdout) as { skills: { name: string }[] }).skills.map((s) => s.name)).toEqual([
        ...NORMAL_SKILLS,
      ]);
    },
  );

  it('refuses a FIFO or a /proc path as the session log of load at once', async () => {
    const p = hostileProject();
    execFileSync('mkfifo', [p.path('session.jsonl')]);
    for (const log of ['session.jsonl', '/proc/skillgraph-log/session.jsonl']) {
      const started = Date.now();
      const r = await runInProcess(p, ['load', 'normal-alpha', '--run', 'r1', '--log', log, ...FLAGS]);
      expect(Date.now() - started, log).toBeLessThan(BOUND_MS);
      expect(r.code, log).toBe(2);
      expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code, log).toBe('log.invalid');
    }
    const ok = await runInProcess(p, ['load', 'normal-alpha', '--run', 'r1', '--log', 'logs/session.jsonl', ...FLAGS]);
    expect(ok.code).toBe(0);
  });
});
