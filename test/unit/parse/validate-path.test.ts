import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkTree } from '../../../src/discover/walk-tree.js';
import { validatePath } from '../../../src/tasks/validate-path.js';
import { isSkillgraphError } from '../../../src/model/errors.js';

let root = '';
const _write = (rel: string, text: string) => {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const _skill = (dir: string, name = dir.split('/').pop()!, file = 'SKILL.md') =>
  _write(`${dir}/${file}`, `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\nBody\n`);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillgraph-validate-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('walkTree', () => {
  it('finds SKILL.md in any case, nested skills and dot-folders, sorted', () => {
    _skill('b');
    _skill('a');
    _skill('a/nested');
    _skill('.hidden/c');
    _skill('d', 'd', 'skill.md');
    _skill('node_modules/x');
    _skill('.git/y');
    expect(walkTree(root).skills.map((s) => s.file)).toEqual([
      '.hidden/c/SKILL.md',
      'a/SKILL.md',
      'a/nested/SKILL.md',
      'b/SKILL.md',
      'd/skill.md',
    ]);
  });
  it('counts links inside the tree as checked at their targets, and reports dangling ones', () => {
    _skill('real');
    symlinkSync(join(root, 'real'), join(root, 'linked'));
    mkdirSync(join(root, 'file-link'));
    symlinkSync(join(root, 'real/SKILL.md'), join(root, 'file-link/SKILL.md'));
    symlinkSync(join(root, 'missing'), join(root, 'dangling-SKILL'), 'file');
    mkdirSync(join(root, 'dangle'));
    symlinkSync(join(root, 'nowhere.md'), join(root, 'dangle/SKILL.md'));
    const walk = walkTree(root);
    expect(walk.skills.map((s) => s.file)).toEqual(['real/SKILL.md']);
    expect(walk.findings.map((f) => [f.path, f.diagnostic.code])).toEqual([
      ['dangle/SKILL.md', 'discover.symlink-dangling'],
    ]);
    expect(walk.links.map((l) => [l.path, l.skillFile, l.target])).toEqual([
      ['file-link/SKILL.md', 'file-link/SKILL.md', 'real/SKILL.md'],
      ['linked', 'linked/SKILL.md', 'real'],
    ]);
  });
  it('stops at the depth limit with a finding', () => {
    _skill('a/b/c/deep');
    const walk = walkTree(root, 2);
    expect(walk.skills).toEqual([]);
    expect(walk.findings.map((f) => f.diagnostic.code)).toEqual(['discover.depth-limit']);
  });
});

describe('validatePath', () => {
  it("keeps each skill's package and text by default, only the findings with keep: 'findings'", () => {
    _skill('good');
    _write('good/references/a.md', 'x');
    _write('good/SKILL.md', '---\nname: good\ndescription: Use when testing good.\n---\nSee [b](references/b.md).\n');
    _write('broken/SKILL.md', 'no frontmatter');
    const all = validatePath(root);
    const lean = validatePath(root, { keep: 'findings' });
    expect(
      lean.skills.map(({ dir, file, name, valid, diagnostics }) => ({ dir, file, name, valid, diagnostics })),
    ).toEqual(all.skills.map(({ dir, file, name, valid, diagnostics }) => ({ dir, file, name, valid, diagnostics })));
    expect(lean.summary).toEqual(all.summary);
    expect(all.skills.find((s) => s.name === 'good')?.package?.descriptor.name).toBe('good');
    expect(all.skills.every((s) => typeof s.source === 'string')).toBe(true);
    expect(lean.skills.some((s) => s.package !== undefined || s.source !== undefined)).toBe(false);
    expect(lean.skills.find((s) => s.name === 'good')?.diagnostics.map((d) => d.code)).toContain('link.broken');
  });
  it('reports every skill with dir relative to the path, one broken skill not hiding others', () => {
    _skill('good');
    _write('broken/SKILL.md', 'no frontmatter');
    _skill('mismatch', 'other');
    const r = validatePath(root, { profile: 'spec' });
    expect(r.skills.map((s) => [s.dir, s.file, s.name, s.valid])).toEqual([
      ['broken', 'broken/SKILL.md', null, false],
      ['good', 'good/SKILL.md', 'good', true],
      ['mismatch', 'mismatch/SKILL.md', 'other', false],
    ]);
    expect(r.summary).toEqual({
      files: 3,
      skills: 3,
      valid: 1,
      invalid: 2,
      skipped: 0,
      skippedBy: { linked: 0, symlink: 0, 'not-regular': 0, unreadable: 0, 'too-large': 0, 'input-budget': 0 },
      errors: 2,
      warnings: 0,
    });
  });
  it('lists a folder finding (depth limit) but does not count it as a skill in the summary', () => {
    _skill('good');
    _skill('a/b/c/deep');
    const r = validatePath(root, { maxDepth: 2 });
    expect(r.skills.map((s) => [s.file, s.diagnostics.map((d) => d.code)])).toEqual([
      ['a/b', ['discover.depth-limit']],
      ['good/SKILL.md', []],
    ]);
    expect(r.summary).toEqual({
      files: 1,
      skills: 1,
      valid: 1,
      invalid: 0,
      skipped: 0,
      skippedBy: { linked: 0, symlink: 0, 'not-regular': 0, unreadable: 0, 'too-large': 0, 'input-budget': 0 },
      errors: 0,
      warnings: 1,
    });
  });
  it('prefixes dir and file with their PATH when several are given, so entries never collide', () => {
    _skill('one');
    _skill('two');
    const r = validatePath(['one', 'two/SKILL.md', 'one'], { cwd: root });
    expect(r.skills.map((s) => [s.dir, s.file, s.name])).toEqual([
      ['one', 'one/SKILL.md', 'one'],
      ['two', 'two/SKILL.md', 'two'],
      ['one', 'one/SKILL.md', 'one'],
    ]);
    expect(validatePath('one', { cwd: root }).skills.map((s) => [s.dir, s.file])).toEqual([['.', 'SKILL.md']]);
  });
  it('accepts a skill folder itself and a SKILL.md path', () => {
    _skill('pdf');
    expect(validatePath(join(root, 'pdf')).skills.map((s) => [s.dir, s.file, s.valid])).toEqual([
      ['.', 'SKILL.md', true],
    ]);
    expect(validatePath(join(root, 'pdf/SKILL.md')).skills.map((s) => [s.dir, s.valid])).toEqual([['.', true]]);
  });
  it('shows diagnostics with the path as given', () => {
    _write('x/SKILL.md', '---\nname: y\ndescription: Use when x.\n---\n');
    const d = validatePath('x', { cwd: root }).skills[0]!.diagnostics[0]!;
    expect([d.file, d.code, d.line, d.column]).toEqual(['x/SKILL.md', 'name.directory-mismatch', 2, 7]);
  });
  it('lists a SKILL.md linked inside the tree as a link entry, without a warning', () => {
    _skill('real');
    mkdirSync(join(root, 'alias'));
    symlinkSync(join(root, 'real/SKILL.md'), join(root, 'alias/SKILL.md'));
    const r = validatePath(root);
    expect(r.skills.map((s) => [s.file, s.name, s.skipped, s.diagnostics.map((d) => d.code)])).toEqual([
      ['alias/SKILL.md', null, 'linked', []],
      ['real/SKILL.md', 'real', undefined, []],
    ]);
  });
  it('runs the lint rules with the folder listing', () => {
    _write(
      'pdf/SKILL.md',
      '---\nname: pdf\ndescription: Use when x.\n---\nSee [f](references/f.md) and [g](references/g.md).\n',
    );
    _write('pdf/references/f.md', 'f');
    expect(validatePath(root).skills[0]!.diagnostics.map((d) => d.code)).toEqual(['link.broken']);
  });
  it('throws root.missing for a missing path and options.invalid for a bad profile', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return isSkillgraphError(error) ? error.code : 'other';
      }
      return 'none';
    };
    expect(code(() => validatePath(join(root, 'nope')))).toBe('root.missing');
    expect(code(() => validatePath(root, { profile: 'x' as never }))).toBe('options.invalid');
  });
});
