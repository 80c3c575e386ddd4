/**
 * Context safety: what `context` hands a model (Markdown, XML, JSON) never
 * carries a raw control character from a skill — a folder name holding an
 * OSC title sequence (`ESC]0;…BEL`), DEL, U+0085, U+009B in a description —
 * and Markdown metacharacters in a folder name cannot turn a row into a link
 * or hide the rest of the listing. The normal skills stay listed, runs end
 * within a bound, nothing outside the project changes.
 */
import { describe, expect, it } from 'vitest';
import { hostileProject, NORMAL_SKILLS, runInProcess, snapshot, type HostileProject } from './_harness.js';

const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const OSC_FOLDER = 'evil\u001b]0;pwned\u0007';
const MD_FOLDER = 'x](javascript:alert) <!-- `y` *z*';
const BOUND_MS = 15_000;

function contextProject(): HostileProject {
  const p = hostileProject();
  // The skill folders sit one level below a hostile folder: their names stay valid, their locations do not.
  p.write(
    `.claude/skills/${OSC_FOLDER}/osc-skill/SKILL.md`,
    '---\nname: osc-skill\ndescription: Use when the location holds a title sequence.\n---\nbody\n',
  );
  p.write(
    `.claude/skills/${MD_FOLDER}/md-skill/SKILL.md`,
    '---\nname: md-skill\ndescription: Use when the location holds Markdown.\n---\nbody\n',
  );
  p.write(
    '.claude/skills/c1-skill/SKILL.md',
    '---\nname: c1-skill\ndescription: "Use when del\\x7f nel\\x85 csi\\x9b2J esc\\e[31m show."\n---\nbody\n',
  );
  return p;
}

async function context(p: HostileProject, format: string): Promise<{ stdout: string; stderr: string }> {
  const t0 = Date.now();
  const r = await runInProcess(p, ['context', '--format', format, '--no-cache', '--depth', '6']);
  expect(Date.now() - t0).toBeLessThan(BOUND_MS);
  expect(r.code).toBe(0);
  expect(r.stdout + r.stderr).not.toMatch(RAW_CONTROL);
  return r;
}

describe('hostile output: context for a model', () => {
  it('markdown escapes the OSC folder, the Markdown folder and DEL/C1 in descriptions', async () => {
    const p = contextProject();
    const before = snapshot(p.home);
    const { stdout } = await context(p, 'markdown');
    for (const name of [...NORMAL_SKILLS, 'osc-skill', 'md-skill', 'c1-skill']) expect(stdout).toContain(`- ${name}: `);
    expect(stdout).toContain('evil\\x1b\\]0;pwned\\x07/osc-skill/SKILL.md');
    // The Markdown folder is text: no link, no comment, no code span, no emphasis.
    expect(stdout).toContain('x\\]\\(javascript:alert\\) \\<\\!-- \\`y\\` \\*z\\*/md-skill/SKILL.md');
    expect(stdout).not.toContain('](javascript:alert)');
    expect(stdout).toContain('del\\x7f nel\\x85 csi\\x9b2J esc\\x1b[31m show.');
    // Every row is still one line of the listing.
    const rows = stdout.split('\n').filter((l) => l.startsWith('- '));
    expect(rows.filter((l) => l.includes('(file: '))).toHaveLength(5);
    expect(snapshot(p.home)).toEqual(before);
  });

  it('xml escapes the same text and stays well-formed', async () => {
    const p = contextProject();
    const { stdout } = await context(p, 'xml');
    expect(stdout).toContain('<location>\n');
    expect(stdout).toContain('evil\\x1b]0;pwned\\x07/osc-skill/SKILL.md');
    expect(stdout).toContain('x](javascript:alert) &lt;!-- `y` *z*/md-skill/SKILL.md');
    expect(stdout).toContain('del\\x7f nel\\x85 csi\\x9b2J esc\\x1b[31m show.');
    expect(stdout.match(/<skill>/g)).toHaveLength(5);
  });

  it('json carries the escaped text, valid JSON with no raw DEL or C1 byte', async () => {
    const p = contextProject();
    const { stdout } = await context(p, 'json');
    const doc = JSON.parse(stdout) as {
      skills: { name: string; location: string; description: string }[];
      text: string;
    };
    expect(doc.skills.map((s) => s.name).sort()).toEqual(
      ['c1-skill', 'md-skill', ...NORMAL_SKILLS, 'osc-skill'].sort(),
    );
    const osc = doc.skills.find((s) => s.name === 'osc-skill')!;
    expect(osc.location).toContain('evil\\x1b]0;pwned\\x07/osc-skill');
    expect(doc.skills.find((s) => s.name === 'c1-skill')!.description).toBe(
      'Use when del\\x7f nel\\x85 csi\\x9b2J esc\\x1b[31m show.',
    );
    expect(doc.text).not.toMatch(RAW_CONTROL);
  });

  it('a hostile folder name in a human diagnostic on stderr is shown escaped', async () => {
    const p = hostileProject();
    p.write(
      `.claude/skills/${OSC_FOLDER}/SKILL.md`,
      '---\nname: wrong\ndescription: Use when the folder name is hostile.\n---\nbody\n',
    );
    const before = snapshot(p.home);
    const r = await runInProcess(p, ['catalog', '--no-cache']);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('evil\\x1b]0;pwned\\x07');
    const cat = await runInProcess(p, ['catalog', '--json', '--no-cache']);
    expect((JSON.parse(cat.stdout) as { skills: { name: string }[] }).skills.map((s) => s.name)).toEqual(
      expect.arrayContaining([...NORMAL_SKILLS]),
    );
    expect(snapshot(p.home)).toEqual(before);
  });
});
