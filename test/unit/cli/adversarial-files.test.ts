/**
 * Reliability regressions found by adversarial runs of the CLI against the
 * file system: wrong kinds of paths, the event log, workspaces holding odd
 * entries, oversized files, long names, truncated walks. Each test is named
 * after what it guards.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneJsonDocument, project, run } from './_adversarial.js';

describe('output targets that are the wrong kind of path exit 2, leave no temp file', () => {
  it('lock --out under a file exits 2 (path.invalid), not 70 from the temp cleanup', async () => {
    const dir = project();
    writeFileSync(join(dir, 'afile'), 'x');
    const { code, stdout } = await run(dir, ['lock', '--root', 'r', '--out', 'afile/lock.json', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('path.invalid');
  });

  it('lock --out naming a folder exits 2 and leaves no temp file beside it', async () => {
    const dir = project();
    mkdirSync(join(dir, 'out'));
    const { code, stdout } = await run(dir, ['lock', '--root', 'r', '--out', 'out', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error).toMatchObject({
      code: 'path.invalid',
      message: expect.stringMatching(/^cannot write .*out: /),
      details: { errno: 'EISDIR' },
    });
    expect(readdirSync(dir).sort()).toEqual(['out', 'r']);
  });

  it('materialize into a file exits 2 (path.invalid) and writes nothing', async () => {
    const dir = project();
    writeFileSync(join(dir, 'afile'), 'x');
    const { code, stdout } = await run(dir, ['materialize', 'afile', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('path.invalid');
    expect(readFileSync(join(dir, 'afile'), 'utf8')).toBe('x');
  });

  it('load --into a path under a file exits 2 (path.invalid)', async () => {
    const dir = project();
    writeFileSync(join(dir, 'afile'), 'x');
    const { code, stdout } = await run(dir, ['load', 'pdf', '--into', 'afile/ws', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('path.invalid');
  });
});

describe('the event log', () => {
  it('load --log naming a folder exits 2 (log.invalid), not 70', async () => {
    const dir = project();
    mkdirSync(join(dir, 'logs'));
    const { code, stdout } = await run(dir, ['load', 'pdf', '--run', 'r1', '--log', 'logs', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('log.invalid');
  });

  it('appending to a log whose last line has no newline keeps both lines whole', async () => {
    const dir = project();
    const other = `{"run_id":"other","event":"skill_loaded","name":"pdf","digest":"sha256:${'0'.repeat(64)}"}`;
    writeFileSync(join(dir, 'session.jsonl'), other);
    const first = await run(dir, ['load', 'pdf', '--run', 'r1', '--log', 'session.jsonl', '--root', 'r', '--json']);
    expect(first.code).toBe(0);
    const lines = readFileSync(join(dir, 'session.jsonl'), 'utf8').split('\n');
    expect(lines[0]).toBe(other);
    expect(JSON.parse(lines[1]!)).toMatchObject({ run_id: 'r1', name: 'pdf' });
    expect(lines[2]).toBe('');
    const again = await run(dir, ['load', 'pdf', '--run', 'r1', '--log', 'session.jsonl', '--root', 'r', '--json']);
    expect(again.code).toBe(0);
    expect(oneJsonDocument(again.stdout)).toMatchObject({ status: 'already_loaded' });
  });
});

describe('validate reports every SKILL.md entry', () => {
  it('a folder named SKILL.md is an invalid entry (exit 1), not passed over as 0 skills', async () => {
    const dir = project();
    mkdirSync(join(dir, 'tree', 'odd', 'SKILL.md'), { recursive: true });
    const { code, stdout } = await run(dir, ['validate', 'tree', '--json']);
    expect(code).toBe(1);
    const doc = oneJsonDocument(stdout) as {
      skills: { file: string; valid: boolean; diagnostics: { code: string }[] }[];
    };
    expect(doc.skills.map((s) => [s.file, s.valid, s.diagnostics[0]?.code])).toEqual([
      ['odd/SKILL.md', false, 'discover.unreadable'],
    ]);
    expect(existsSync(join(dir, 'tree', 'odd', 'SKILL.md'))).toBe(true);
  });
});

describe('materialize against a workspace already holding the wrong kinds of entries', () => {
  function withScript(): string {
    const dir = project();
    mkdirSync(join(dir, 'r', 'pdf', 'scripts'));
    writeFileSync(join(dir, 'r', 'pdf', 'scripts', 'run.sh'), 'echo hi\n');
    return dir;
  }

  it('a folder where SKILL.md goes leaves that skill out (exit 1, workspace.exists), not 70, and leaves no temp file', async () => {
    const dir = withScript();
    mkdirSync(join(dir, 'ws', 'pdf', 'SKILL.md'), { recursive: true });
    const { code, stdout } = await run(dir, ['materialize', 'ws', '--root', 'r', '--json']);
    expect(code).toBe(1);
    expect((oneJsonDocument(stdout).left_out as { skills: unknown[] }).skills).toMatchObject([
      { name: 'pdf', reason: 'failed', diagnostics: [{ code: 'workspace.exists' }] },
    ]);
    expect(readdirSync(join(dir, 'ws', 'pdf')).sort()).toEqual(['SKILL.md']);
  });

  it('a file where a folder goes leaves the skill out before its first write (no SKILL.md copied)', async () => {
    const dir = withScript();
    mkdirSync(join(dir, 'ws', 'pdf'), { recursive: true });
    writeFileSync(join(dir, 'ws', 'pdf', 'scripts'), 'in the way');
    const { code, stdout } = await run(dir, ['materialize', 'ws', '--root', 'r', '--json']);
    expect(code).toBe(1);
    expect((oneJsonDocument(stdout).left_out as { skills: unknown[] }).skills).toMatchObject([
      { name: 'pdf', reason: 'failed', diagnostics: [{ code: 'workspace.exists' }] },
    ]);
    expect(readdirSync(join(dir, 'ws', 'pdf')).sort()).toEqual(['scripts']);
  });

  it('load --into stages nothing when a later file of the skill cannot be placed', async () => {
    const dir = withScript();
    mkdirSync(join(dir, 'ws', 'pdf'), { recursive: true });
    writeFileSync(join(dir, 'ws', 'pdf', 'scripts'), 'in the way');
    const { code } = await run(dir, ['load', 'pdf', '--into', 'ws', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(readdirSync(join(dir, 'ws', 'pdf')).sort()).toEqual(['scripts']);
  });
});

describe('oversized SKILL.md files', () => {
  it('validate reports a 600 MiB SKILL.md as file.too-large (exit 1) without reading it, not an internal error', async () => {
    const dir = project();
    // Sparse: no disk used. Reading it used to overflow the text decoder (exit 70).
    truncateSync(join(dir, 'r', 'pdf', 'SKILL.md'), 600 * 1024 * 1024);
    const { code, stdout } = await run(dir, ['validate', 'r', '--json']);
    expect(code).toBe(1);
    const doc = oneJsonDocument(stdout) as { skills: { valid: boolean; diagnostics: { code: string }[] }[] };
    expect(doc.skills.map((s) => [s.valid, s.diagnostics.map((d) => d.code)])).toEqual([[false, ['file.too-large']]]);
  });
});

describe('resolve after a truncated walk', () => {
  it('resolve --json lists the discover.dir-budget warning, so an unseen include is not a bare unknown skill', async () => {
    const dir = project();
    for (const name of ['b', 'c']) {
      mkdirSync(join(dir, 'r', name));
      writeFileSync(join(dir, 'r', name, 'SKILL.md'), `---\nname: ${name}\ndescription: Use when ${name}\n---\nbody\n`);
    }
    writeFileSync(join(dir, 'r', 'b', 'SKILL.md'), '---\nname: b\ndescription: Use when b\nincludes: [c]\n---\nbody\n');
    const { code, stdout } = await run(dir, ['resolve', 'b', '--root', 'r', '--max-dirs', '2', '--no-cache', '--json']);
    expect(code).toBe(1);
    const doc = oneJsonDocument(stdout) as { skills: { error?: { type: string } }[]; diagnostics: { code: string }[] };
    expect(doc.skills[0]?.error?.type).toBe('skill_not_found');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['discover.dir-budget']);
  });
});

describe('validate hints', () => {
  it('a symlinked skill folder leaving the tree in validate does not suggest --follow-symlinks (validate has no such flag)', async () => {
    const dir = project();
    mkdirSync(join(dir, 'outside'));
    cpSync(join(dir, 'r', 'pdf'), join(dir, 'outside', 'pdf'), { recursive: true });
    symlinkSync(join(dir, 'outside', 'pdf'), join(dir, 'r', 'linked'));
    const { code, stdout } = await run(dir, ['validate', 'r', '--json']);
    expect(code).toBe(0);
    const doc = oneJsonDocument(stdout) as { skills: { diagnostics: { code: string; hint: string }[] }[] };
    const skipped = doc.skills.flatMap((s) => s.diagnostics).filter((d) => d.code === 'discover.symlink-skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.hint).not.toContain('--follow-symlinks');
  });
});

describe('long file names', () => {
  const long = 'a'.repeat(250);

  it('materialize copies a resource whose name is 250 bytes (the temp name must fit NAME_MAX too)', async () => {
    const dir = project();
    writeFileSync(join(dir, 'r', 'pdf', long), 'x');
    const { code, stdout } = await run(dir, ['materialize', 'ws', '--root', 'r', '--json']);
    expect(code).toBe(0);
    expect(oneJsonDocument(stdout)).toMatchObject({ skills: [{ name: 'pdf', status: 'loaded' }] });
    expect(readFileSync(join(dir, 'ws', 'pdf', long), 'utf8')).toBe('x');
    expect(readdirSync(join(dir, 'ws', 'pdf')).sort()).toEqual(['SKILL.md', long]);
  });

  it('lock --out a 250-byte file name writes it (no ENAMETOOLONG from the temp name)', async () => {
    const dir = project();
    const { code } = await run(dir, ['lock', '--root', 'r', '--out', long, '--json']);
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([long, 'r']);
  });
});

describe('empty target paths', () => {
  it('materialize with an empty DIR exits 2 and writes nothing into the working folder', async () => {
    const dir = project();
    const { code, stdout } = await run(dir, ['materialize', '', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('usage');
    expect(readdirSync(dir)).toEqual(['r']);
  });

  it('load --into "" exits 2 and stages nothing into the working folder', async () => {
    const dir = project();
    const { code, stdout } = await run(dir, ['load', 'pdf', '--into', '', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('usage');
    expect(readdirSync(dir)).toEqual(['r']);
  });
});
