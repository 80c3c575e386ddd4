/**
 * An include override naming a tool key the included skill does not provide
 * used to be ignored in silence. It is a `resolve.override-unknown-key`
 * finding about the including skill's SKILL.md, in `resolve --json`
 * (top-level diagnostics) and in the human output; an override that meets
 * its key gives none. The normal skills still resolve, the run ends within a
 * bound, nothing outside the project changes.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostics.js';
import { hostileProject, NORMAL_SKILLS, runInProcess, snapshot, type HostileProject } from './_harness.js';

const BOUND_MS = 15_000;

interface ResolveDoc {
  skills: { name: string; ok: boolean; entries?: { key: string; writes: boolean; description?: string }[] }[];
  diagnostics: Diagnostic[];
}

function overrideProject(): { p: HostileProject; includer: string } {
  const p = hostileProject();
  p.skill('toolbox', 'tools:\n  - read_file\n  - { name: write_file, writes: true }\n');
  const includer = p.skill(
    'dry-run',
    'includes:\n  - skill: toolbox\n    overrides:\n      write_file: { writes: false, description: dry run }\n      wirte_file: { writes: false }\n  - skill: normal-alpha\n    overrides:\n      anything: { description: nothing to override }\n',
  );
  return { p, includer };
}

async function resolveJson(
  p: HostileProject,
  args: readonly string[] = [],
): Promise<{ code: number; doc: ResolveDoc; stderr: string }> {
  const t0 = Date.now();
  const r = await runInProcess(p, ['resolve', '--json', '--no-cache', ...args]);
  expect(Date.now() - t0).toBeLessThan(BOUND_MS);
  return { code: r.code, doc: JSON.parse(r.stdout) as ResolveDoc, stderr: r.stderr };
}

describe('hostile resolve: an override of a key the include lacks', () => {
  it('is a resolve.override-unknown-key finding on the including SKILL.md, one per key, in --json', async () => {
    const { p, includer } = overrideProject();
    const before = snapshot(p.home);
    const { code, doc } = await resolveJson(p, ['--entries']);
    expect(code).toBe(0);
    const found = doc.diagnostics.filter((d) => d.code === 'resolve.override-unknown-key');
    expect(found.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([
      [includer, 0, 0, 'warning'],
      [includer, 0, 0, 'warning'],
    ]);
    expect(found.map((d) => d.message).join('\n')).toMatch(/wirte_file[\s\S]*anything|anything[\s\S]*wirte_file/);
    // The override that meets its key still applies; the normal skills resolve.
    const dry = doc.skills.find((s) => s.name === 'dry-run')!;
    expect(dry.ok).toBe(true);
    expect(dry.entries!.find((e) => e.key === 'write_file')).toMatchObject({ writes: false, description: 'dry run' });
    for (const name of NORMAL_SKILLS) expect(doc.skills.find((s) => s.name === name)?.ok).toBe(true);
    expect(snapshot(p.home)).toEqual(before);
  });

  it('is reported when only the including skill is asked for, and in the human output', async () => {
    const { p, includer } = overrideProject();
    const { doc } = await resolveJson(p, ['dry-run']);
    expect(doc.diagnostics.filter((d) => d.code === 'resolve.override-unknown-key').map((d) => d.file)).toEqual([
      includer,
      includer,
    ]);
    const human = await runInProcess(p, ['resolve', 'dry-run', '--no-cache']);
    expect(human.code).toBe(0);
    expect(human.stderr.match(/resolve\.override-unknown-key/g)).toHaveLength(2);
    expect(human.stderr).toContain(includer);
  });

  it('is in describe too (json and human) for the including skill', async () => {
    const { p, includer } = overrideProject();
    const json = await runInProcess(p, ['describe', 'dry-run', '--json', '--no-cache']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as { ok: boolean; diagnostics: Diagnostic[] };
    expect(doc.ok).toBe(true);
    expect(doc.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['resolve.override-unknown-key', includer],
      ['resolve.override-unknown-key', includer],
    ]);
    const human = await runInProcess(p, ['describe', 'dry-run', '--no-cache']);
    expect(human.stdout.match(/resolve\.override-unknown-key/g)).toHaveLength(2);
    const plain = await runInProcess(p, ['describe', 'normal-alpha', '--json', '--no-cache']);
    expect(JSON.parse(plain.stdout)).not.toHaveProperty('diagnostics');
  });

  it('gives no finding when every override meets its key, nor for a skill whose include fails', async () => {
    const p = hostileProject();
    p.skill('toolbox', 'tools:\n  - { name: write_file, writes: true }\n');
    p.skill('good', 'includes:\n  - skill: toolbox\n    overrides:\n      write_file: { writes: false }\n');
    p.skill('broken', 'includes:\n  - skill: ghost\n    overrides:\n      nope: { writes: false }\n');
    const { code, doc } = await resolveJson(p);
    expect(code).toBe(1);
    expect(doc.diagnostics.filter((d) => d.code === 'resolve.override-unknown-key')).toEqual([]);
    expect(doc.skills.find((s) => s.name === 'broken')?.ok).toBe(false);
    for (const name of NORMAL_SKILLS) expect(doc.skills.find((s) => s.name === name)?.ok).toBe(true);
  });
});
