/**
 * Reliability regressions found by adversarial runs of the CLI (streams and
 * flags): terminal escapes from untrusted skill text, the one-document
 * `--json` rule, closed pipes. Each test is named after what it guards; the
 * file-system cases are in adversarial-files.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paint, terminalSafe } from '../../../src/cli/io.js';
import { oneJsonDocument, project, run, scratch } from './_adversarial.js';

/** Control characters other than tab and newline, as a terminal would act on them. */
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe('terminal output of untrusted skill text', () => {
  const hostile = 'Use when \\e]0;pwned\\a and \\e[2J cleared\\r hidden';
  const quoted = `"${hostile}"`;

  it('list (human) shows escape sequences in a description as \\xNN, never raw', async () => {
    const dir = project(quoted);
    const { code, stdout, stderr } = await run(dir, ['list', '--root', 'r']);
    expect(code).toBe(0);
    expect(stdout).toContain('\\x1b]0;pwned\\x07');
    expect(stdout + stderr).not.toMatch(RAW_CONTROL);
  });

  it('validate (human) quotes a source line with raw control bytes safely', async () => {
    const dir = project();
    writeFileSync(
      join(dir, 'r', 'pdf', 'SKILL.md'),
      '---\nname: pdf\ndescription: Use when x\nbogus: \u001b[2J\u001b]0;t\u0007\n---\nb\n',
    );
    const { code, stdout, stderr } = await run(dir, ['validate', 'r']);
    expect(code).toBe(0);
    expect(stdout).toContain('field.unknown');
    expect(stdout + stderr).not.toMatch(RAW_CONTROL);
  });

  it('terminalSafe keeps the CLI own styles and progress line but escapes everything else', () => {
    // The CLI's own colours pass (paint marks them); the same codes from skill text are shown escaped.
    expect(terminalSafe(paint(true, 'red', 'red'))).toBe('\u001b[31mred\u001b[0m');
    expect(terminalSafe('\u001b[31mred\u001b[0m')).toBe('\\x1b[31mred\\x1b[0m');
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
    const r = spawnSync(
      'sh',
      ['-c', `${node} --import tsx --input-type=module -e '${script}' | head -c 1 >/dev/null`],
      {
        encoding: 'utf8',
        cwd: new URL('../../../', import.meta.url).pathname,
      },
    );
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

describe('blank names', () => {
  it('describe with an empty or blank name exits 2 with one usage document (not 70 from the protocol check)', async () => {
    const dir = project();
    for (const name of ['', '  ']) {
      const { code, stdout } = await run(dir, ['describe', name, '--root', 'r', '--json']);
      expect(code).toBe(2);
      expect(oneJsonDocument(stdout).error?.code).toBe('usage');
    }
  });
});
