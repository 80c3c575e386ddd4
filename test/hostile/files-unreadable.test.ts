/**
 * A skill holding a file or a folder the user may not read. Root reads
 * everything, so the runs here drop to `nobody` in a child process. Each
 * verb that reads the skill's files turns the EACCES into a diagnostic for
 * that skill (or a named refusal for all-or-nothing `materialize`), never an
 * internal error, and the normal skills are unaffected.
 */
import { chmodSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { _openToAll, _runLib, CAN_DROP_PRIVILEGES, MAIN, NOBODY, SRC } from '../unit/workspace/_child.js';
import { hostileProject, NORMAL_SKILLS, snapshot, type HostileProject } from './_harness.js';

const BOUND_MS = 30_000;
/** Root reads everything: as root the child runs as `nobody`; any other user is denied as it is. */
const AS_OTHER_USER = CAN_DROP_PRIVILEGES ? NOBODY : undefined;

/** Two locked-out skills beside the normal ones, everything else open to `nobody`. */
function lockedProject(): HostileProject {
  const p = hostileProject();
  p.skill('locked-file');
  p.write('.claude/skills/locked-file/secret.txt', 'private\n');
  p.skill('locked-dir');
  p.write('.claude/skills/locked-dir/private/notes.md', 'private\n');
  _openToAll(dirname(p.dir));
  chmodSync(p.path('.claude/skills/locked-file/secret.txt'), 0);
  chmodSync(p.path('.claude/skills/locked-dir/private'), 0);
  return p;
}

/** Run the CLI as `nobody` in the project. */
function cliAsNobody(p: HostileProject, args: readonly string[]) {
  const script = `import { main, processIo } from ${JSON.stringify(MAIN)};
main(${JSON.stringify(args)}, processIo()).then((code) => { process.exitCode = code; });`;
  return _runLib(script, {
    cwd: p.dir,
    uid: AS_OTHER_USER,
    timeoutMs: BOUND_MS,
    env: { HOME: p.home, XDG_CACHE_HOME: p.cache, NO_COLOR: '1' },
  });
}

describe('hostile files: unreadable files and folders in a skill', () => {
  it('costs each locked-out skill its tree digest with resource.unreadable at the offending path; the others are digested', async () => {
    const p = lockedProject();
    const dirs = ['normal-alpha', 'locked-file', 'locked-dir', 'normal-beta'].map((n) => join(p.root, n));
    const r = await _runLib(
      `import { treeDigestResults } from '${SRC}/tasks/tree-digest.ts';
console.log(JSON.stringify(treeDigestResults(${JSON.stringify(dirs)})));`,
      { uid: AS_OTHER_USER, timeoutMs: BOUND_MS },
    );
    expect(r.timedOut).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    const results = JSON.parse(r.stdout) as (
      { ok: true; digest: string } | { ok: false; diagnostic: { code: string; file: string; line: number } }
    )[];
    expect(results.map((x) => (x.ok ? 'ok' : [x.diagnostic.code, x.diagnostic.file, x.diagnostic.line]))).toEqual([
      'ok',
      ['resource.unreadable', join(p.root, 'locked-file', 'secret.txt'), 0],
      ['resource.unreadable', join(p.root, 'locked-dir', 'private'), 0],
      'ok',
    ]);
  }, 60_000);

  it('catalogues every skill and validates the locked folder with a warning naming the folder', async () => {
    const p = lockedProject();
    const outside = snapshot(p.home);
    const cat = await cliAsNobody(p, ['catalog', '--root', '.claude/skills', '--json', '--no-cache']);
    // The walk may report the folder it could not enter (exit 1); it is never an internal error.
    expect([0, 1], cat.stderr).toContain(cat.code);
    expect((JSON.parse(cat.stdout) as { skills: { name: string }[] }).skills.map((s) => s.name)).toEqual([
      'locked-dir',
      'locked-file',
      ...NORMAL_SKILLS,
    ]);
    const val = await cliAsNobody(p, ['validate', '.claude/skills', '--json']);
    expect(val.code, val.stderr).not.toBe(70);
    const doc = JSON.parse(val.stdout) as {
      skills: { dir: string; valid: boolean; diagnostics: { code: string; message: string }[] }[];
    };
    const byDir = new Map(doc.skills.map((s) => [s.dir, s]));
    for (const name of NORMAL_SKILLS) expect(byDir.get(name)?.valid, name).toBe(true);
    const locked = byDir.get('locked-dir')!;
    expect(locked.diagnostics.map((d) => d.code)).toContain('resource.unreadable');
    expect(locked.diagnostics.find((d) => d.code === 'resource.unreadable')?.message).toContain('locked-dir/private');
    expect(snapshot(p.home)).toEqual(outside);
  }, 60_000);

  it('locks the readable skills and lists the locked-out ones with resource.unreadable (exit 1, not 70; 0 with --allow-errors)', async () => {
    const p = lockedProject();
    const strict = await cliAsNobody(p, ['lock', '.claude/skills', '--no-cache']);
    expect(strict.timedOut).toBe(false);
    expect(strict.code, strict.stderr).toBe(1);
    const r = await cliAsNobody(p, ['lock', '.claude/skills', '--no-cache', '--allow-errors']);
    expect(r.code, r.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(p.path('skillgraph.lock.json'), 'utf8')) as {
      skills: { name: string }[];
      invalid: { path: string; codes: string[] }[];
    };
    expect(lock.skills.map((s) => s.name)).toEqual([...NORMAL_SKILLS]);
    expect(lock.invalid.map((i) => [i.path, i.codes])).toEqual([
      ['locked-dir/SKILL.md', ['resource.unreadable']],
      ['locked-file/SKILL.md', ['resource.unreadable']],
    ]);
  }, 60_000);

  it('leaves out a locked-out skill, naming it (exit 1, not 70) and writing nothing of it; the other skills materialise', async () => {
    const p = lockedProject();
    const all = await cliAsNobody(p, ['materialize', 'ws', '--root', '.claude/skills', '--no-cache', '--json']);
    expect(all.timedOut).toBe(false);
    expect(all.code, all.stderr).toBe(1);
    const doc = JSON.parse(all.stdout) as {
      available: string[];
      left_out: { skills: { name: string; diagnostics: { code: string }[] }[] };
    };
    expect(doc.left_out.skills.map((s) => [s.name, s.diagnostics[0]!.code])).toEqual([
      ['locked-dir', 'resource.unreadable'],
      ['locked-file', 'resource.unreadable'],
    ]);
    expect(doc.available).toEqual([...NORMAL_SKILLS].sort());
    expect(Object.keys(snapshot(p.path('ws'))).filter((f) => f.startsWith('locked'))).toEqual([]);
  }, 60_000);
});
