/**
 * Terminal safety of human output: a description that fakes a green PASS
 * with its own ESC[32m, an OSC title sequence, DEL and the C1 controls
 * (U+0085, U+009B) are shown escaped on stdout and stderr by every verb,
 * while the CLI's own colours still reach a terminal. Each case also holds
 * that the two normal skills are still catalogued, that the run ends within
 * a bound, and that nothing outside the project changed.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import {
  hostileEnv,
  hostileProject,
  NORMAL_SKILLS,
  runInProcess,
  snapshot,
  type CliRun,
  type HostileProject,
} from './_harness.js';

/** Any control character a terminal would act on (tab and line feed are text). */
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** The same, with what the CLI emits itself allowed: its SGR styles and the progress line's CR + erase-line. */
const RAW_BUT_OWN = /\r\u001b\[K|\u001b\[(?:0|1|2|31|32|33|36)m|[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const BOUND_MS = 15_000;

// YAML double-quoted escapes: \e is ESC, \a BEL, \x7f DEL, \x85 NEL, \x9b CSI.
const FAKE_PASS = String.raw`"Use when testing. \e[32mPASS\e[0m all checks \e]0;pwned\a del\x7f nel\x85 csi\x9b2J"`;

function fakePassProject(): HostileProject {
  const p = hostileProject();
  // The raw ESC on the unknown field reaches validate's quoted source line.
  p.write(
    '.claude/skills/fake-pass/SKILL.md',
    `---\nname: fake-pass\ndescription: ${FAKE_PASS}\nbogus: x \u001b[32mPASS\u001b[0m \u001b]0;pwned\u0007\n---\n# Steps\n\nBody with \u001b[2J a clear-screen and \u009b31m red.\n`,
  );
  return p;
}

/** Run in-process with a terminal on both streams and colour allowed. */
async function runOnTty(p: HostileProject, args: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)), isTTY: true, columns: 200 },
    stderr: { write: (s: string) => (stderr += s), isTTY: true, columns: 200 },
    cwd: p.dir,
    env: { ...hostileEnv(p), NO_COLOR: undefined, TERM: 'xterm-256color' },
  });
  return { code, stdout, stderr };
}

async function timed(run: Promise<CliRun>): Promise<CliRun> {
  const t0 = Date.now();
  const r = await run;
  expect(Date.now() - t0).toBeLessThan(BOUND_MS);
  return r;
}

describe('hostile output: escape sequences in skill text on human output', () => {
  for (const verb of [['list'], ['catalog'], ['describe', 'fake-pass'], ['validate', '.claude/skills']]) {
    it(`${verb[0]} shows a description's ESC[32m PASS, OSC title, DEL and C1 escaped while its own colours pass`, async () => {
      const p = fakePassProject();
      const before = snapshot(p.home);
      const r = await timed(runOnTty(p, verb[0] === 'validate' ? verb : [...verb, '--no-cache']));
      expect(r.code).toBe(0);
      const human = r.stdout + r.stderr;
      // Nothing raw but the CLI's own styles, and the fake PASS shown as text.
      expect(human.replace(RAW_BUT_OWN, (m) => (m.length > 1 ? '' : m))).not.toMatch(RAW_CONTROL);
      expect(human).toContain('\\x1b[32mPASS\\x1b[0m');
      expect(human).not.toContain('\u001b[32mPASS');
      expect(human).not.toContain('\u001b]0;');
      if (verb[0] !== 'validate') expect(human).toMatch(/\u001b\[(?:1|2|32)m/);
      const cat = await runInProcess(p, ['catalog', '--json', '--no-cache']);
      const names = (JSON.parse(cat.stdout) as { skills: { name: string }[] }).skills.map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining([...NORMAL_SKILLS, 'fake-pass']));
      expect(snapshot(p.home)).toEqual(before);
    });
  }

  it('load (stdout) shows the body escape sequences escaped, CRLF line ends kept', async () => {
    const p = fakePassProject();
    p.write(
      '.claude/skills/crlf-body/SKILL.md',
      '---\r\nname: crlf-body\r\ndescription: Use when a body has CRLF line ends.\r\n---\r\nline one\r\nline two\r\n',
    );
    const before = snapshot(p.home);
    const r = await timed(runInProcess(p, ['load', 'fake-pass', '--no-cache']));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\\x1b[2J');
    expect(r.stdout).toContain('\\x9b31m');
    expect(r.stdout + r.stderr).not.toMatch(RAW_CONTROL);
    const crlf = await timed(runInProcess(p, ['load', 'crlf-body', '--no-cache']));
    expect(crlf.stdout).toContain('line one\r\nline two\r\n');
    expect(snapshot(p.home)).toEqual(before);
  });

  it('--json documents stay valid JSON with DEL and C1 written as \\u escapes, the values unchanged', async () => {
    const p = fakePassProject();
    for (const args of [
      ['catalog', '--json'],
      ['list', '--json'],
      ['describe', 'fake-pass', '--json'],
      ['resolve', '--json'],
    ]) {
      const r = await timed(runInProcess(p, [...args, '--no-cache']));
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toContain('\\u007f');
      expect(r.stdout).toContain('\\u0085');
      const text = JSON.stringify(JSON.parse(r.stdout));
      expect(text).toContain('del\u007f nel\u0085 csi\u009b2J');
    }
  });
});
