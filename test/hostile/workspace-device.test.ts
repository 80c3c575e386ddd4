/**
 * Windows device names (`con`, `nul`, `aux`, `com1`, … any case, any
 * extension) as a skill name or inside a skill's files: on Windows a write
 * to `nul.txt` goes to the null device, so materialising such a skill would
 * silently differ there. Such a skill is left out by name (`workspace.name`,
 * the path in the message), and the normal skills still materialise.
 */
import { describe, expect, it } from 'vitest';
import { catalogNames, hostileProject, NORMAL_SKILLS, runInProcess, snapshot } from './_harness.js';

const FLAGS = ['--root', '.claude/skills', '--no-cache', '--json'];

describe('hostile workspace: Windows device names', () => {
  it.each([
    ['assets/nul.txt', 'assets/nul.txt'],
    ['CON/readme.md', 'CON/readme.md'],
    ['scripts/Com1.sh', 'scripts/Com1.sh'],
    ['aux', 'aux'],
  ])('refuses a skill holding %s, naming the skill and the path', async (rel, shown) => {
    const p = hostileProject();
    p.skill('devices');
    p.write(`.claude/skills/devices/${rel}`, 'x');
    const outside = snapshot(p.home);
    const started = Date.now();
    const r = await runInProcess(p, ['materialize', 'ws', 'devices', ...FLAGS]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      skills: unknown[];
      left_out: { skills: { name: string; diagnostics: { code: string; message: string }[] }[] };
    };
    expect(doc.skills).toEqual([]);
    expect(doc.left_out.skills).toMatchObject([
      { name: 'devices', reason: 'failed', diagnostics: [{ code: 'workspace.name' }] },
    ]);
    expect(doc.left_out.skills[0]!.diagnostics[0]!.message).toContain(shown);
    expect(Object.keys(snapshot(p.path('ws')))).toEqual(['.']); // the folder, nothing in it
    const all = await runInProcess(p, ['materialize', 'ws', ...FLAGS]);
    expect(all.code).toBe(1);
    expect((JSON.parse(all.stdout) as { skills: { name: string }[] }).skills.map((s) => s.name).sort()).toEqual(
      [...NORMAL_SKILLS].sort(),
    );
    const normal = await runInProcess(p, ['materialize', 'ws2', ...NORMAL_SKILLS, ...FLAGS]);
    expect(normal.code).toBe(0);
    expect(snapshot(p.home)).toEqual(outside);
  });

  it('refuses a skill whose name is a device name, and catalogues it beside the normal skills', async () => {
    const p = hostileProject();
    p.skill('nul');
    const cat = await runInProcess(p, ['catalog', ...FLAGS]);
    expect(catalogNames(cat.stdout)).toEqual(expect.arrayContaining([...NORMAL_SKILLS, 'nul']));
    const r = await runInProcess(p, ['materialize', 'ws', 'nul', ...FLAGS]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { left_out: { skills: unknown[] } }).left_out.skills).toMatchObject([
      { name: 'nul', diagnostics: [{ code: 'workspace.name' }] },
    ]);
  });
});
