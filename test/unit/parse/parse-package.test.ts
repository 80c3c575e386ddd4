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

describe('parseSkill from bytes and from the same text', () => {
  const TEXTS = [
    '---\nname: pdf\ndescription: Use when reading PDF files.\nmetadata:\n  owner: me\ntools: [a, {name: b, writes: true}]\n---\n# Body\n',
    '---\nname: pdf\ndescription: ä in the frontmatter\n---\nbody\n',
    '---\nname: pdf\ndescription: x\n---\n# Ä only in the body\n',
    '---  \nname: pdf\ndescription: x\nunknown: 1\nlicense: [1]\n---\n', // findings with positions
    '---\nname: pdf\ndescription: x\ntools: "bad"\nincludes: [a b]\n---\nbody', // composition findings
    '---\nname: Bad_Name\ndescription: >-\n  folded\n  text\n---\n',
    '---\r\nname: pdf\r\ndescription: x\r\nbad: [\r\n---\r\n',
    '\uFEFF---\nname: pdf\ndescription: x\n---\n',
    '---\nname: pdf\ndescription: [unclosed\n---\n',
  ];
  it('gives the same package, diagnostics, lines and columns', () => {
    for (const text of TEXTS) {
      const bytes = new TextEncoder().encode(text);
      const fromBytes = parseSkill(bytes, opts);
      const fromText = parseSkill(text, opts);
      expect(fromBytes.diagnostics, JSON.stringify(text)).toEqual(fromText.diagnostics);
      expect(fromBytes.package, JSON.stringify(text)).toEqual(fromText.package);
      expect(fromBytes.locations, JSON.stringify(text)).toEqual(fromText.locations);
    }
  });

  it('reads bytes that are not UTF-8 as many characters as bytes without failing', () => {
    // One invalid byte in the frontmatter decodes to one replacement character: as long as the bytes.
    const bytes = new TextEncoder().encode('---\nname: pdf\ndescription: x?y\n---\nbody\n');
    bytes[bytes.indexOf(0x3f)] = 0xff;
    const r = parseSkill(bytes, opts);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['encoding.utf8', 1, 1]]);
    expect(r.package).toBeUndefined();
    expect(parseSkill(new TextDecoder().decode(bytes), opts).package?.descriptor.description).toBe('x\uFFFDy');
  });
});
