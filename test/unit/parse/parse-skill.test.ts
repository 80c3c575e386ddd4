import { describe, expect, it } from 'vitest';
import { parseSkill, parseSkillOrThrow, type ProfileName } from '../../../src/parse/index.js';
import { isSkillgraphError } from '../../../src/model/errors.js';

const _fm = (lines: string, body = '# Body\n') => `---\n${lines}\n---\n${body}`;
const _codes = (text: string | Uint8Array, profile: ProfileName = 'skillgraph', dirName = 'pdf') =>
  parseSkill(text, { locator: `/s/${dirName}/SKILL.md`, dirName, profile }).diagnostics.map((d) => d.code);
const _ok = 'name: pdf\ndescription: Use when reading PDF files.';

describe('parseSkill: frontmatter split', () => {
  it('keeps a---b inside a value', () => {
    const r = parseSkill(_fm('name: pdf\ndescription: a---b use when x'), {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
    });
    expect(r.package?.descriptor.description).toBe('a---b use when x');
  });
  it('does not cut at a Markdown rule in the body', () => {
    const r = parseSkill(_fm(_ok, 'one\n---\ntwo\n'), { locator: '/s/pdf/SKILL.md', dirName: 'pdf' });
    expect(r.package?.body).toBe('one\n---\ntwo\n');
    expect(r.package?.bodyLine).toBe(5);
  });
  it('accepts a closing fence with trailing spaces', () => {
    expect(_codes(`---\n${_ok}\n---   \nbody`)).toEqual([]);
  });
  it('reports a missing frontmatter', () => expect(_codes('# just markdown')).toEqual(['frontmatter.missing']));
  it('reports an unterminated frontmatter', () =>
    expect(_codes(`---\n${_ok}\n`)).toEqual(['frontmatter.unterminated']));
  it('reports a non-mapping root', () => expect(_codes(_fm('- a\n- b'))).toEqual(['frontmatter.not-mapping']));
  it('reports an empty frontmatter as not a mapping', () =>
    expect(_codes('---\n---\n')).toEqual(['frontmatter.not-mapping']));
  it('warns on BOM and CRLF and still parses', () => {
    const r = parseSkill(`\uFEFF---\r\n${_ok.replace('\n', '\r\n')}\r\n---\r\nbody\r\n`, {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
    });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['encoding.bom', 'encoding.crlf']);
    expect(r.package?.descriptor.name).toBe('pdf');
  });
  it('reports invalid UTF-8', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(_fm(_ok)), 0xff, 0xfe]);
    expect(_codes(bytes)).toContain('encoding.utf8');
  });
  it('flags a SKILL.md in other casing', () => {
    const r = parseSkill(_fm(_ok), { locator: '/s/pdf/skill.md', dirName: 'pdf' });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['file.name-case']);
  });
  it('recognises a symlink checked out as a plain file', () => {
    const r = parseSkill('../../../engineering/pdf/SKILL.md', { locator: '/s/pdf/SKILL.md', dirName: 'pdf' });
    expect(r.diagnostics[0]?.code).toBe('frontmatter.missing');
    expect(r.diagnostics[0]?.message).toContain('../../../engineering/pdf/SKILL.md');
  });
});

describe('parseSkill: YAML', () => {
  it('reports invalid YAML at its line', () => {
    const r = parseSkill(_fm('name: pdf\ndescription: Use when: x'), { locator: '/s/pdf/SKILL.md', dirName: 'pdf' });
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([['yaml.invalid', 3]]);
  });
  it('reports duplicate keys', () => expect(_codes(_fm(`${_ok}\nname: pdf`))).toEqual(['yaml.invalid']));
  it('caps alias expansion', () => {
    const bomb = [
      'a: &a [x,x,x,x,x,x,x,x,x,x]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    ];
    expect(_codes(_fm(`${_ok}\n${bomb.join('\n')}`))).toContain('yaml.limit');
  });
  it('refuses deep flow nesting before parsing', () => {
    expect(_codes(_fm(`${_ok}\nx: ${'['.repeat(5000)}${']'.repeat(5000)}`))).toEqual(['yaml.limit']);
  });
  it('reports a map used as a key instead of stringifying it', () => {
    const r = parseSkill(_fm(`${_ok}\n? {a: 1}\n: x`), { locator: '/s/pdf/SKILL.md', dirName: 'pdf' });
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([['yaml.invalid', 4]]);
  });
  it('does not resolve tags', () => expect(_codes(_fm(`${_ok}\nx: !!binary aGk=`))).toContain('yaml.invalid'));
  it('reports an oversized frontmatter', () => {
    expect(_codes(_fm(`${_ok}\nx: "${'a'.repeat(70_000)}"`))).toEqual(['yaml.limit']);
  });
});

describe('parseSkill: specification rules', () => {
  const cases: [string, string, string[]][] = [
    ['missing name', 'description: d', ['name.missing']],
    ['empty name', 'name: ""\ndescription: d', ['name.missing']],
    ['name not a string', 'name: [a]\ndescription: d', ['name.type']],
    ['long name', `name: ${'a'.repeat(65)}\ndescription: d`, ['name.directory-mismatch', 'name.length']],
    ['upper case', 'name: Pdf\ndescription: d', ['name.charset', 'name.directory-mismatch']],
    ['underscore', 'name: p_df\ndescription: d', ['name.charset', 'name.directory-mismatch']],
    ['leading hyphen', 'name: -pdf\ndescription: d', ['name.directory-mismatch', 'name.hyphen']],
    ['double hyphen', 'name: p--df\ndescription: d', ['name.directory-mismatch', 'name.hyphen']],
    ['dir mismatch', 'name: other\ndescription: d', ['name.directory-mismatch']],
    ['missing description', 'name: pdf', ['description.missing']],
    ['description not a string', 'name: pdf\ndescription: {a: 1}', ['description.type']],
    ['long description', `name: pdf\ndescription: ${'d'.repeat(1025)}`, ['description.length']],
    ['compatibility list', `${_ok}\ncompatibility: [a]`, ['compatibility.type']],
    ['long compatibility', `${_ok}\ncompatibility: ${'c'.repeat(501)}`, ['compatibility.length']],
    ['metadata list', `${_ok}\nmetadata: [a]`, ['metadata.type']],
    ['allowed-tools map', `${_ok}\nallowed-tools: {a: 1}`, ['allowed-tools.type']],
    ['license number', `${_ok}\nlicense: 3`, ['license.type']],
    ['unknown field', `${_ok}\nfoo: 1`, ['field.unknown']],
  ];
  for (const [title, yaml, codes] of cases) {
    it(`spec: ${title}`, () => expect([...new Set(_codes(_fm(yaml), 'spec'))].sort()).toEqual(codes));
  }
  it('accepts exactly 1024 description characters counted in code points', () => {
    expect(_codes(_fm(`name: pdf\ndescription: ${'é'.repeat(1000)}${'😀'.repeat(24)}`), 'spec')).toEqual([]);
  });
  it('accepts allowed-tools as a list and splits the string form', () => {
    const r = parseSkill(_fm(`${_ok}\nallowed-tools: Read Grep  Bash(git:*)`), {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
      profile: 'spec',
    });
    expect(r.package?.descriptor.allowedTools).toEqual(['Read', 'Grep', 'Bash(git:*)']);
    expect(_codes(_fm(`${_ok}\nallowed-tools: [Read, Grep]`), 'spec')).toEqual([]);
  });
  it('locates an unknown key at the key and a bad value at the value', () => {
    const r = parseSkill(_fm(`${_ok}\n  \nfoo: 1\nlicense: [x]`), {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
      profile: 'spec',
    });
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['field.unknown', 5, 1],
      ['license.type', 6, 10],
    ]);
  });
  it('gives every diagnostic a message and a hint', () => {
    for (const d of parseSkill(_fm('name: X--\nfoo: 1'), {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
      profile: 'spec',
    }).diagnostics) {
      expect(d.message.length).toBeGreaterThan(0);
      expect(d.hint.length).toBeGreaterThan(0);
      expect(d.file).toBe('/s/pdf/SKILL.md');
    }
  });
});

describe('parseSkill: names', () => {
  it('nfkc accepts Unicode lowercase letters and compares the folder after NFKC', () => {
    expect(_codes(_fm('name: café\ndescription: d'), 'spec', 'cafe\u0301')).toEqual([]);
    expect(_codes(_fm('name: ｐｄｆ\ndescription: d'), 'spec', 'pdf')).toEqual([]);
  });
  it('ascii rejects non-ASCII letters', () => {
    const r = parseSkill(_fm('name: café\ndescription: d'), {
      locator: '/s/café/SKILL.md',
      dirName: 'café',
      profile: 'spec',
      unicode: 'ascii',
    });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['name.charset']);
  });
  it('nfkc rejects upper-case Unicode', () =>
    expect(_codes(_fm('name: Éa\ndescription: d'), 'spec', 'Éa')).toEqual(['name.charset']));
});

describe('parseSkill: package', () => {
  it('builds the descriptor with id, version fallback and an empty digest', () => {
    const r = parseSkill(_fm(`${_ok}\nlicense: MIT\nmetadata:\n  version: "2.1"\n  n: 3`), {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
      scope: 'global',
      root: '/s',
    });
    const d = r.package!.descriptor;
    expect(d).toMatchObject({
      id: 'global/pdf',
      name: 'pdf',
      version: '2.1',
      license: 'MIT',
      digest: '',
      modelInvocable: true,
    });
    expect(d.metadata).toEqual({ n: '3', version: '2.1' });
    expect(d.source).toEqual({ scope: 'global', precedence: 10, root: '/s', locator: '/s/pdf/SKILL.md' });
    expect(r.diagnostics.map((x) => x.code)).toEqual(['metadata.value-type']);
  });
  it('defaults version to 0.0.0 and reads disable-model-invocation', () => {
    const d = parseSkill(_fm(`${_ok}\ndisable-model-invocation: true`), { locator: '/s/pdf/SKILL.md', dirName: 'pdf' })
      .package!.descriptor;
    expect(d.version).toBe('0.0.0');
    expect(d.modelInvocable).toBe(false);
  });
  it('parseSkillOrThrow throws skill.invalid with the diagnostics', () => {
    try {
      parseSkillOrThrow('nothing', { locator: '/s/pdf/SKILL.md' });
      expect.unreachable();
    } catch (error) {
      expect(isSkillgraphError(error) && error.code).toBe('skill.invalid');
    }
    expect(parseSkillOrThrow(_fm(_ok), { locator: '/s/pdf/SKILL.md', dirName: 'pdf' }).descriptor.name).toBe('pdf');
  });
  it('rejects a bad profile option naming the field', () => {
    expect(() => parseSkill('', { locator: 'x', profile: 'nope' as ProfileName })).toThrow(/profile/);
  });
});
