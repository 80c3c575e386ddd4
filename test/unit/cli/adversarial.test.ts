/**
 * Reliability regressions found by adversarial runs of the CLI: each case is
 * an input that once crashed (exit 70), escaped to the terminal, broke the
 * one-document `--json` rule or dropped a file silently. Every test is named
 * after what it guards.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { terminalSafe } from '../../../src/cli/io.js';

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-adversarial-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let counter = 0;
/** A fresh folder with one skill root `r/` holding `pdf`, plus whatever `extra` writes. */
function project(description = 'Use when a PDF must be filled'): string {
  const dir = join(scratch, `p${counter++}`);
  mkdirSync(join(dir, 'r', 'pdf'), { recursive: true });
  writeFileSync(join(dir, 'r', 'pdf', 'SKILL.md'), `---\nname: pdf\ndescription: ${description}\n---\nFill the form.\n`);
  return dir;
}

async function run(cwd: string, args: readonly string[], tty = false): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: tty },
    cwd,
    env: { HOME: join(scratch, 'home'), XDG_CACHE_HOME: join(scratch, 'cache'), NO_COLOR: '1' },
  });
  return { code, stdout, stderr };
}

function oneJsonDocument(stdout: string): { error?: { code: string } } & Record<string, unknown> {
  const doc = JSON.parse(stdout) as { schemaVersion: number; error?: { code: string } };
  expect(doc.schemaVersion).toBe(1);
  return doc;
}

/** Control characters other than tab and newline, as a terminal would act on them. */
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe('terminal output of untrusted skill text', () => {
  const hostile = 'Use when \\e]0;pwned\\a and \\e[2J cleared\\r hidden';
  const quoted = `"${hostile}"`;

  it('list (human) shows escape sequences in a description as \\xNN, never raw', async () => {
    const dir = project(quoted);
    const { code, stderr } = await run(dir, ['list', '--root', 'r']);
    expect(code).toBe(0);
    expect(stderr).toContain('\\x1b]0;pwned\\x07');
    expect(stderr).not.toMatch(RAW_CONTROL);
  });

  it('validate (human) quotes a source line with raw control bytes safely', async () => {
    const dir = project();
    writeFileSync(join(dir, 'r', 'pdf', 'SKILL.md'), '---\nname: pdf\ndescription: Use when x\nbogus: \u001b[2J\u001b]0;t\u0007\n---\nb\n');
    const { code, stderr } = await run(dir, ['validate', 'r']);
    expect(code).toBe(0);
    expect(stderr).toContain('field.unknown');
    expect(stderr).not.toMatch(RAW_CONTROL);
  });

  it('terminalSafe keeps the CLI own styles and progress line but escapes everything else', () => {
    expect(terminalSafe('\u001b[31mred\u001b[0m')).toBe('\u001b[31mred\u001b[0m');
    expect(terminalSafe('\r\u001b[Kparsed 3/9')).toBe('\r\u001b[Kparsed 3/9');
    expect(terminalSafe('a\r\u001b[Kb')).toBe('a\\x0d\\x1b[Kb');
    expect(terminalSafe('x\u009b2Jy\u007f')).toBe('x\\x9b2Jy\\x7f');
    expect(terminalSafe('tab\tand\nnewline')).toBe('tab\tand\nnewline');
  });
});

describe('usage errors keep the one-document --json rule', () => {
  it('describe with two names under --json prints one usage document and exits 2', async () => {
    const dir = project();
    const { code, stdout } = await run(dir, ['describe', 'pdf', 'other', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('usage');
  });
});

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
    expect(oneJsonDocument(stdout).error?.code).toBe('path.invalid');
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
    const other = '{"run_id":"other","event":"skill_loaded","name":"pdf","digest":"sha256:00"}';
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
    const doc = oneJsonDocument(stdout) as { skills: { file: string; valid: boolean; diagnostics: { code: string }[] }[] };
    expect(doc.skills.map((s) => [s.file, s.valid, s.diagnostics[0]?.code])).toEqual([['odd/SKILL.md', false, 'discover.unreadable']]);
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

  it('a folder where SKILL.md goes exits 2 (path.invalid not-file), not 70, and leaves no temp file', async () => {
    const dir = withScript();
    mkdirSync(join(dir, 'ws', 'pdf', 'SKILL.md'), { recursive: true });
    const { code, stdout } = await run(dir, ['materialize', 'ws', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error).toMatchObject({ code: 'path.invalid', details: { reason: 'not-file' } });
    expect(readdirSync(join(dir, 'ws', 'pdf')).sort()).toEqual(['SKILL.md']);
  });

  it('a file where a folder goes fails the call before the first write (no SKILL.md copied)', async () => {
    const dir = withScript();
    mkdirSync(join(dir, 'ws', 'pdf'), { recursive: true });
    writeFileSync(join(dir, 'ws', 'pdf', 'scripts'), 'in the way');
    const { code, stdout } = await run(dir, ['materialize', 'ws', '--root', 'r', '--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error).toMatchObject({ code: 'path.invalid', details: { reason: 'not-directory' } });
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

describe('a closed output pipe', () => {
  it('processIo adds its pipe-error listener once, however often a host calls it', async () => {
    const { processIo } = await import('../../../src/cli/main.js');
    processIo();
    const before = process.stdout.listenerCount('error');
    for (let i = 0; i < 20; i++) processIo();
    expect(process.stdout.listenerCount('error')).toBe(before);
  });

  it('processIo ignores EPIPE when the reader closes early (`skillgraph … | head`): no stack trace, own exit status', () => {
    const mainTs = new URL('../../../src/cli/main.ts', import.meta.url).pathname;
    // 4 MiB is far beyond a pipe buffer, so the write hits the closed pipe.
    const script = `import { processIo } from ${JSON.stringify(mainTs)}; const io = processIo(); io.stdout.write("x".repeat(4 << 20)); io.stdout.write("more"); process.exitCode = 3; process.on("exit", (c) => process.stderr.write("exit=" + c));`;
    const node = JSON.stringify(process.execPath);
    const r = spawnSync('sh', ['-c', `${node} --import tsx --input-type=module -e '${script}' | head -c 1 >/dev/null`], {
      encoding: 'utf8',
      cwd: new URL('../../../', import.meta.url).pathname,
    });
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.stderr).toContain('exit=3');
  });
});

describe('where --json counts', () => {
  it('a --json after -- is a path, so the error is human only (no JSON document)', async () => {
    const dir = project();
    const { code, stdout, stderr } = await run(dir, ['validate', '--', '--json']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--json');
  });

  it('--json given in the verb position still gets its one usage document', async () => {
    const { code, stdout } = await run(scratch, ['--json']);
    expect(code).toBe(2);
    expect(oneJsonDocument(stdout).error?.code).toBe('usage');
  });

  it('--version --json prints one JSON document with the version', async () => {
    const { code, stdout } = await run(scratch, ['--version', '--json']);
    expect(code).toBe(0);
    expect(oneJsonDocument(stdout)).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
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
  it('a symlinked skill folder in validate does not suggest --follow-symlinks (validate has no such flag)', async () => {
    const dir = project();
    symlinkSync(join(dir, 'r', 'pdf'), join(dir, 'r', 'linked'));
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
