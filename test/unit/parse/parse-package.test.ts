import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/index.js';
import { parsePackage } from '../../../src/parse/parse-skill.js';

const opts = { locator: '/s/pdf/SKILL.md', dirName: 'pdf', scope: 'local' };

const INPUTS: readonly (string | Uint8Array)[] = [
  '---\nname: pdf\ndescription: Use when reading PDF files.\n---\n# Body\n',
  '---\nname: pdf\ndescription: Use when reading PDF files.\nallowed-tools: Read\nmetadata:\n  owner: me\n---\nbody\n',
  '---\nname: other\ndescription: x\n---\n', // name differs from the folder
  '---\nname: pdf\n---\n', // no description: no package
  '# no frontmatter',
  '---\nname: pdf\ndescription: [unclosed\n---\n', // YAML error
  new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]), // not UTF-8
  '\uFEFF---\r\nname: pdf\r\ndescription: d\r\n---\r\n',
];

describe('parsePackage', () => {
  it('gives the package and diagnostics parseSkill gives, for good and bad files', () => {
    for (const input of INPUTS) {
      const full = parseSkill(input, opts);
      const parts = parsePackage(input, opts);
      expect(parts.diagnostics).toEqual(full.diagnostics);
      expect(parts.package).toEqual(full.package);
    }
  });
  it('has no locations: only what the engine keeps', () => {
    const parts = parsePackage(INPUTS[0]!, opts);
    expect(Object.keys(parts).sort()).toEqual(['diagnostics', 'package']);
    expect(parts.package?.descriptor.id).toBe('local/pdf');
  });
  it('leaves out the package when an error was found', () => {
    const parts = parsePackage('---\nname: pdf\n---\n', opts);
    expect(parts.package).toBeUndefined();
    expect(parts.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
  it('throws for misused options as parseSkill does', () => {
    expect(() => parsePackage(INPUTS[0]!, { ...opts, profile: 'nope' as never })).toThrow(/profile/);
  });
});
