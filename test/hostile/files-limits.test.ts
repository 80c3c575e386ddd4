/**
 * One bad skill never blocks all: a 2 GB sparse asset, 6,000 files, more
 * than 16 folder levels, a folder that vanishes mid-walk and a file edited
 * while it is hashed each cost that skill its tree digest (with a code of
 * its own, on the skill folder or the offending file), never the other
 * skills; `materialize` refuses the call naming the skill and why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { treeDigestResults } from '../../src/tasks/tree-digest.js';
import {
  catalogNames,
  hostileProject,
  NORMAL_SKILLS,
  runInProcess,
  snapshot,
  type HostileProject,
} from './_harness.js';

const racers: ChildProcess[] = [];
afterEach(() => {
  for (const r of racers.splice(0)) r.kill('SIGKILL');
});

/** A shell loop that keeps changing `dir` until killed. */
function race(dir: string, loop: string): void {
  const child = spawn('sh', ['-c', `cd "$1" && while :; do ${loop}; done`, 'sh', dir], { stdio: 'ignore' });
  racers.push(child);
}

const normalDirs = (p: HostileProject): string[] => NORMAL_SKILLS.map((n) => join(p.root, n));

function overLimitProject(): HostileProject {
  const p = hostileProject();
  p.skill('sparse');
  const fd = openSync(p.path('.claude/skills/sparse/huge.bin'), 'w');
  ftruncateSync(fd, 2 * 1024 ** 3); // 2 GB, no blocks written
  closeSync(fd);
  p.skill('crowded');
  mkdirSync(p.path('.claude/skills/crowded/data'));
  for (let i = 0; i < 6000; i++) writeFileSync(p.path(`.claude/skills/crowded/data/f${i}.txt`), 'x');
  p.skill('deep');
  p.write(`.claude/skills/deep/${Array.from({ length: 17 }, (_, i) => `l${i}`).join('/')}/leaf.txt`, 'x');
  return p;
}

describe('hostile files: limits and edits cost one skill', () => {
  it('gives the sparse, crowded and deep skills distinct codes on their folders and digests the rest, quickly', () => {
    const p = overLimitProject();
    const started = Date.now();
    const names = ['sparse', 'crowded', 'deep'];
    const results = treeDigestResults([...normalDirs(p), ...names.map((n) => join(p.root, n))]);
    expect(Date.now() - started).toBeLessThan(20_000); // the 2 GB file is never read (reading it would take minutes)
    expect(results.slice(0, 2).every((r) => r.ok)).toBe(true);
    expect(
      results.slice(2).map((r) => (r.ok ? 'ok' : [r.diagnostic.code, r.diagnostic.file, r.diagnostic.line])),
    ).toEqual([
      ['resource.too-large', join(p.root, 'sparse'), 0],
      ['resource.too-many-files', join(p.root, 'crowded'), 0],
      ['resource.too-deep', join(p.root, 'deep'), 0],
    ]);
    // "nested too deep" is not reported as "too large".
    const deep = results[4]!;
    expect(!deep.ok && deep.diagnostic.message).not.toMatch(/large|bytes/);
  }, 60_000);

  it('keeps cataloguing every skill; materialize leaves each over-limit one out, naming it and the limit, and copies the others', async () => {
    const p = overLimitProject();
    const outside = snapshot(p.home);
    const cat = await runInProcess(p, ['catalog', '--root', '.claude/skills', '--json', '--no-cache']);
    expect(catalogNames(cat.stdout)).toEqual(expect.arrayContaining([...NORMAL_SKILLS, 'sparse', 'crowded', 'deep']));
    for (const [name, code] of [
      ['sparse', 'resource.too-large'],
      ['crowded', 'resource.too-many-files'],
      ['deep', 'resource.too-deep'],
    ] as const) {
      const r = await runInProcess(p, ['materialize', 'ws', name, '--root', '.claude/skills', '--no-cache', '--json']);
      expect(r.code, name).toBe(1);
      const doc = JSON.parse(r.stdout) as {
        left_out: { skills: { name: string; reason: string; diagnostics: { code: string }[] }[] };
      };
      expect(doc.left_out.skills, name).toMatchObject([{ name, reason: 'failed', diagnostics: [{ code }] }]);
    }
    const all = await runInProcess(p, ['materialize', 'ws-all', '--root', '.claude/skills', '--no-cache', '--json']);
    expect(all.code).toBe(1);
    expect((JSON.parse(all.stdout) as { available: string[] }).available).toEqual([...NORMAL_SKILLS].sort());
    const ok = await runInProcess(p, ['materialize', 'ws', ...NORMAL_SKILLS, '--root', '.claude/skills', '--no-cache']);
    expect(ok.code).toBe(0);
    expect(snapshot(p.home)).toEqual(outside);
  }, 60_000);

  it('locks the other skills and names the over-limit ones with their codes (exit 1), with no flag needed', async () => {
    const p = overLimitProject();
    const started = Date.now();
    // A skill whose files cannot be read whole costs that skill only: no --allow-errors needed.
    const r = await runInProcess(p, ['lock', '.claude/skills', '--no-cache']);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.code, r.stderr).toBe(1);
    const lock = JSON.parse(readFileSync(p.path('skillgraph.lock.json'), 'utf8')) as {
      skills: { name: string }[];
      invalid: { path: string; codes: string[] }[];
    };
    expect(lock.skills.map((s) => s.name)).toEqual([...NORMAL_SKILLS]);
    expect(lock.invalid.map((i) => [i.path, i.codes])).toEqual([
      ['crowded/SKILL.md', ['resource.too-many-files']],
      ['deep/SKILL.md', ['resource.too-deep']],
      ['sparse/SKILL.md', ['resource.too-large']],
    ]);
  }, 60_000);

  it('turns a folder vanishing mid-walk and a file edited mid-hash into diagnostics for that skill only', async () => {
    const p = hostileProject();
    p.skill('vanishing');
    p.skill('edited');
    race(p.path('.claude/skills/vanishing'), 'mkdir -p sub/inner && : > sub/inner/x && rm -rf sub');
    race(p.path('.claude/skills/edited'), 'printf a > notes.md; printf abcdefghij > notes.md');
    await new Promise((r) => setTimeout(r, 200));
    const dirs = [...normalDirs(p), join(p.root, 'vanishing'), join(p.root, 'edited')];
    const first = treeDigestResults(normalDirs(p));
    const seen = new Set<string>();
    const started = Date.now();
    // At least 150 rounds, and on a loaded machine (where the racing loops get little CPU) more, for up to 20 s.
    for (let i = 0; i < 150 || (seen.size === 0 && Date.now() - started < 20_000); i++) {
      const results = treeDigestResults(dirs);
      expect(results.slice(0, 2)).toEqual(first);
      for (const r of results.slice(2)) {
        if (r.ok) continue;
        seen.add(r.diagnostic.code);
        expect(['resource.vanished', 'resource.changed']).toContain(r.diagnostic.code);
        expect(r.diagnostic.file.startsWith(p.root)).toBe(true);
      }
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    // Over the rounds a race is met at least once (both loops change their folder thousands of times a second).
    expect(seen.size).toBeGreaterThan(0);
  }, 60_000);
});
