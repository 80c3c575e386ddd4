/**
 * Structured `compatibility`: our keys (`os`, `programs`, `env`) and the catalog
 * runtime's (`operating_systems`, `required_programs`, `required_environment`)
 * are one model — read into our keys, so descriptor and digest do not depend
 * on the spelling; the two names of one list together are refused at the key.
 */
import { describe, expect, it } from 'vitest';
import { packageDigest } from '../../../src/catalog/index.js';
import { parseSkill, type ProfileName } from '../../../src/parse/index.js';

const _fm = (lines: string) => `---\n${lines}\n---\n# Body\n`;
const _ok = 'name: pdf\ndescription: Use when reading PDF files.';
const _run = (text: string, profile: ProfileName = 'skillgraph') =>
  parseSkill(text, { locator: '/s/pdf/SKILL.md', dirName: 'pdf', profile });

describe('structured compatibility', () => {
  it("reads the catalog runtime's keys as ours, in our order", () => {
    const r = _run(
      _fm(
        `${_ok}\ncompatibility:\n  required_environment: [TOKEN]\n  operating_systems: [linux, macos]\n  required_programs: git`,
      ),
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.package?.descriptor.compatibility).toEqual({ os: ['linux', 'macos'], programs: ['git'], env: ['TOKEN'] });
    expect(Object.keys(r.package!.descriptor.compatibility as object)).toEqual(['os', 'programs', 'env']);
  });

  it('gives the same descriptor and digest whichever spelling a skill uses, and mixes them', () => {
    const ours = _run(_fm(`${_ok}\ncompatibility: {os: [linux], programs: [git], env: [TOKEN]}`));
    const theirs = _run(
      _fm(
        `${_ok}\ncompatibility: {operating_systems: [linux], required_programs: [git], required_environment: [TOKEN]}`,
      ),
    );
    const mixed = _run(_fm(`${_ok}\ncompatibility: {os: [linux], required_programs: [git], env: [TOKEN]}`));
    expect(theirs.package?.descriptor.compatibility).toEqual(ours.package?.descriptor.compatibility);
    expect(packageDigest(theirs.package!)).toBe(packageDigest(ours.package!));
    expect(packageDigest(mixed.package!)).toBe(packageDigest(ours.package!));
  });

  it('refuses both names of one list at the runtime name, with its line', () => {
    const r = _run(_fm(`${_ok}\ncompatibility:\n  os: [linux]\n  operating_systems: [macos]`));
    expect(r.package).toBeUndefined();
    const d = r.diagnostics.find((x) => x.code === 'compatibility.type');
    expect(d).toMatchObject({ severity: 'error', line: 6 });
    expect(d?.message).toContain('operating_systems');
  });

  it('keeps refusing unknown keys and values that are not strings', () => {
    expect(_run(_fm(`${_ok}\ncompatibility: {operating_system: [linux]}`)).diagnostics.map((d) => d.code)).toEqual([
      'compatibility.type',
    ]);
    expect(_run(_fm(`${_ok}\ncompatibility: {required_programs: [1]}`)).diagnostics.map((d) => d.code)).toEqual([
      'compatibility.type',
    ]);
  });

  it('is text only under profile spec, whichever spelling', () => {
    expect(
      _run(_fm(`${_ok}\ncompatibility: {operating_systems: [linux]}`), 'spec').diagnostics.map((d) => d.code),
    ).toEqual(['compatibility.type']);
  });

  it('is accepted under strict-compat, which refuses only free text', () => {
    const r = _run(_fm(`${_ok}\ncompatibility: {required_programs: [git]}`), 'strict-compat');
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.package?.descriptor.compatibility).toEqual({ programs: ['git'] });
  });
});
