/**
 * Skill names a hostile folder can carry: a name that is not one plain path
 * segment is an error in every profile (`lenient` included) and such a skill
 * is never catalogued nor offered to the model; Windows device names and
 * mixed-script names warn; a look-alike of another skill's name gets a
 * catalog warning naming both; control characters in composition paths are
 * `agent-skills.invalid` at their place.
 */
import { describe, expect, it } from 'vitest';
import {
  catalogNames,
  hostileProject,
  NORMAL_SKILLS,
  runInProcess,
  snapshot,
  type HostileProject,
} from './_harness.js';

interface Finding {
  readonly code: string;
  readonly severity: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** `---`, `name: <yamlName>` (line 2, value at column 7), a description, `extra`. */
function write(p: HostileProject, folder: string, yamlName: string | undefined, extra = ''): void {
  const name = yamlName === undefined ? '' : `name: ${yamlName}\n`;
  p.write(
    `.claude/skills/${folder}/SKILL.md`,
    `---\n${name}description: Use when a hostile name test runs.\n${extra}---\nBody.\n`,
  );
}

async function catalog(
  p: HostileProject,
  profile: string,
): Promise<{ names: string[]; findings: Finding[]; code: number }> {
  const r = await runInProcess(p, [
    'catalog',
    '--root',
    '.claude/skills',
    '--profile',
    profile,
    '--json',
    '--no-cache',
  ]);
  const doc = JSON.parse(r.stdout) as { diagnostics: Finding[] };
  return { names: catalogNames(r.stdout), findings: doc.diagnostics, code: r.code };
}

const findingsIn = (findings: readonly Finding[], folder: string): [string, string, number, number][] =>
  findings.filter((f) => f.file.endsWith(`/${folder}/SKILL.md`)).map((f) => [f.code, f.severity, f.line, f.column]);

// YAML spellings of names that are not one plain path segment (double-quoted so escapes become the characters).
const NOT_A_SEGMENT: readonly [string, string][] = [
  ['dot', '"."'],
  ['dotdot', '".."'],
  ['parent', '"../../etc"'],
  ['absolute', '"/etc/passwd"'],
  ['slash', '"a/b"'],
  ['backslash', '"a\\\\b"'],
  ['nul', '"nu\\0l"'],
  ['escape', '"a\\e]0;owned\\a"'],
  ['c1', '"a\\u009bb"'],
  ['bidi', '"a\\u202eb"'],
  ['fullwidth-dots', '"．．"'],
];

describe('hostile skill names', () => {
  it.each(['lenient', 'skillgraph', 'spec', 'claude-code', 'codex', 'strict-compat'])(
    'profile %s: a name that is not one path segment is name.path-segment (error) at the name, never catalogued or offered',
    async (profile) => {
      const p = hostileProject();
      for (const [folder, yamlName] of NOT_A_SEGMENT) write(p, folder, yamlName);
      const before = snapshot(p.home);
      const started = Date.now();
      const { names, findings } = await catalog(p, profile);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(names).toEqual([...NORMAL_SKILLS]);
      for (const [folder] of NOT_A_SEGMENT) {
        // Under the ascii policy (strict-compat) names are not NFKC-folded, so `．．` stays a plain (non-ASCII) segment.
        const code = folder === 'fullwidth-dots' && profile === 'strict-compat' ? 'name.charset' : 'name.path-segment';
        expect(findingsIn(findings, folder), folder).toContainEqual([code, 'error', 2, 7]);
      }
      const context = await runInProcess(p, [
        'context',
        '--root',
        '.claude/skills',
        '--profile',
        profile,
        '--format',
        'json',
        '--no-cache',
      ]);
      const doc = JSON.parse(context.stdout) as {
        skills: { name: string }[];
        text: string;
        left_out: { skills: { folder: string; reason: string }[] };
      };
      const listed = JSON.stringify({ skills: doc.skills, text: doc.text });
      for (const name of NORMAL_SKILLS) expect(listed).toContain(name);
      expect(listed).not.toMatch(/etc|passwd|nu\\u0000l|owned/);
      // Never offered, and named as left out.
      expect(context.code).toBe(1);
      expect(doc.left_out.skills.filter((s) => s.reason === 'invalid')).toHaveLength(NOT_A_SEGMENT.length);
      expect(snapshot(p.home)).toEqual(before);
    },
    30_000,
  );

  it('lenient: a name taken from a folder named a\\b or holding ESC is name.path-segment too', async () => {
    const p = hostileProject();
    write(p, 'a\\b', undefined);
    write(p, 'x\u001b[31mred', undefined);
    const { names, findings } = await catalog(p, 'lenient');
    expect(names).toEqual([...NORMAL_SKILLS]);
    expect(findingsIn(findings, 'a\\b')).toContainEqual(['name.path-segment', 'error', 2, 1]);
    expect(findingsIn(findings, 'x\u001b[31mred')).toContainEqual(['name.path-segment', 'error', 2, 1]);
  });

  it('Windows device names (any case, with an extension) warn and stay usable; strict-compat refuses them', async () => {
    const p = hostileProject();
    const devices = ['con', 'nul', 'aux', 'prn', 'com1', 'lpt9'];
    for (const d of devices) write(p, d, d);
    // Upper case and an extension are device names to Windows too (name.charset is a separate finding).
    write(p, 'Com1.txt', 'Com1.txt');
    const lenient = await catalog(p, 'lenient');
    expect(lenient.names).toEqual(['Com1.txt', 'aux', 'com1', 'con', 'lpt9', 'nul', ...NORMAL_SKILLS, 'prn'].sort());
    for (const d of [...devices, 'Com1.txt'])
      expect(findingsIn(lenient.findings, d), d).toContainEqual(['name.windows-device', 'warning', 2, 7]);
    const strict = await catalog(p, 'strict-compat');
    expect(strict.names).toEqual([...NORMAL_SKILLS]);
    expect(findingsIn(strict.findings, 'con')).toContainEqual(['name.windows-device', 'error', 2, 7]);
    // A name that merely starts like one is not a device name.
    const plain = hostileProject();
    write(plain, 'console', 'console');
    expect(findingsIn((await catalog(plain, 'skillgraph')).findings, 'console')).toEqual([]);
  });

  it('a mixed-script name warns, and a look-alike of another name gets a catalog warning naming both', async () => {
    const p = hostileProject();
    // 'normal-аlpha' with a Cyrillic а: mixed script, and a look-alike of normal-alpha.
    write(p, 'normal-\u0430lpha', 'normal-\u0430lpha');
    // All-Cyrillic 'сосо' reads as Latin 'coco'; no single name mixes scripts.
    write(p, 'coco', 'coco');
    write(p, '\u0441\u043e\u0441\u043e', '\u0441\u043e\u0441\u043e');
    // Japanese mixes Han and kana with Latin legitimately.
    write(p, '日本-tools', '日本-tools');
    const { names, findings } = await catalog(p, 'skillgraph');
    expect(names).toContain('normal-\u0430lpha');
    expect(findingsIn(findings, 'normal-\u0430lpha')).toEqual([
      ['catalog.confusable', 'warning', 0, 0],
      ['name.mixed-script', 'warning', 2, 7],
    ]);
    const confusable = findings.filter((f) => f.code === 'catalog.confusable') as (Finding & { message: string })[];
    expect(confusable.map((f) => f.file.split('/').at(-2))).toEqual(['normal-\u0430lpha', '\u0441\u043e\u0441\u043e']);
    expect(confusable[0]!.message).toContain('normal-alpha');
    expect(confusable[1]!.message).toContain('coco');
    expect(findingsIn(findings, '日本-tools')).toEqual([]);
  });

  it('NUL, ESC or a device name in agent-skills paths, and NUL in tool and include names, are findings at the entry', async () => {
    const p = hostileProject();
    write(
      p,
      'paths',
      'paths',
      'agent-skills:\n  - "vendor/a\\0b"\n  - "vendor/\\e[2Jx"\n  - vendor/con\n  - vendor/ok\ntools:\n  - "read\\0file"\nincludes:\n  - "normal-alpha\\0"\n',
    );
    const { names, findings } = await catalog(p, 'skillgraph');
    expect(names).toEqual([...NORMAL_SKILLS]);
    expect(findingsIn(findings, 'paths')).toEqual([
      ['agent-skills.invalid', 'error', 5, 5],
      ['agent-skills.invalid', 'error', 6, 5],
      ['agent-skills.invalid', 'error', 7, 5],
      ['tools.invalid', 'error', 10, 5],
      ['includes.invalid', 'error', 12, 5],
    ]);
  });
});
