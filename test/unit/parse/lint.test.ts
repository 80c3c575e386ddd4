import { describe, expect, it } from 'vitest';
import { lintSkill, parseSkill, type ProfileName } from '../../../src/parse/index.js';

const _pkg = (fm: string, body = 'Do it.\n', dirName = 'pdf') => {
  const r = parseSkill(`---\n${fm}\n---\n${body}`, { locator: `/s/${dirName}/SKILL.md`, dirName });
  if (!r.package) throw new Error(`fixture did not parse: ${JSON.stringify(r.diagnostics)}`);
  return { pkg: r.package, locations: r.locations };
};
const _ok = 'name: pdf\ndescription: Extract text. Use when the user mentions PDFs.';
const _files = [
  { path: 'SKILL.md', size: 100 },
  { path: 'references/forms.md', size: 10 },
  { path: 'references/deep/more.md', size: 10 },
  { path: 'scripts/fill.py', size: 10 },
];
const _lint = (fm: string, body?: string, files = _files, profile?: ProfileName) => {
  const { pkg, locations } = _pkg(fm, body);
  return lintSkill(pkg, { files, locations, ...(profile ? { profile } : {}) }).map(
    (d) => `${d.code}@${d.line}:${d.column}`,
  );
};

describe('lintSkill', () => {
  it('is quiet on a good skill', () =>
    expect(_lint(_ok, 'See [forms](references/forms.md) and run `scripts/fill.py`.\n')).toEqual([]));
  it('flags a description without a trigger cue, at the description', () => {
    expect(_lint('name: pdf\ndescription: Extracts text from PDFs.')).toEqual(['description.no-trigger@3:14']);
  });
  it('flags XML tags in the description', () =>
    expect(_lint('name: pdf\ndescription: Use when <b>bold</b>.')).toEqual(['description.xml-tag@3:14']));
  it('flags reserved words in the name', () => {
    const { pkg, locations } = _pkg('name: claude-pdf\ndescription: Use when x.', 'x\n', 'claude-pdf');
    expect(lintSkill(pkg, { files: _files, locations }).map((d) => d.code)).toEqual(['name.reserved']);
  });
  it('flags a long body at its first line', () => {
    expect(_lint(_ok, 'line\n'.repeat(501))).toEqual(['body.too-long@5:1']);
    expect(_lint(_ok, `${'word '.repeat(5000)}\n`)).toEqual(['body.too-long@5:1']);
  });
  it('flags broken links into references/scripts/assets at the link', () => {
    expect(_lint(_ok, 'intro\nRead [x](references/missing.md) and [y](./assets/logo.png#top).\n')).toEqual([
      'link.broken@6:10',
      'link.broken@6:41',
    ]);
  });
  it('ignores links in code fences, external links, anchors and other folders', () => {
    expect(
      _lint(
        _ok,
        '```\n[x](references/nope.md)\n```\n[a](https://x.y/references/q) [b](#top) [c](docs/none.md) [d](../other/references/x.md)\n',
      ),
    ).toEqual([]);
  });
  it('checks reference-style link definitions', () =>
    expect(_lint(_ok, '[ref]: references/gone.md\n')).toEqual(['link.broken@5:8']));
  it('accepts a link to a folder that holds files', () => expect(_lint(_ok, '[dir](references/)\n')).toEqual([]));
  it('flags files referenced more than one level deep', () =>
    expect(_lint(_ok, '[m](references/deep/more.md)\n')).toEqual(['link.too-deep@5:5']));
  it('decodes percent-encoded link targets', () => {
    expect(
      _lint(_ok, '[s](references/my%20file.md)\n', [..._files, { path: 'references/my file.md', size: 1 }]),
    ).toEqual([]);
  });
  it('flags a skill folder over 8 MB', () => {
    expect(_lint(_ok, 'x\n', [..._files, { path: 'assets/big.bin', size: 9 * 1024 * 1024 }])).toEqual([
      'skill.too-large@0:0',
    ]);
  });
  it('is off in profile spec', () =>
    expect(_lint('name: pdf\ndescription: No cue here.', '[x](references/none.md)\n', _files, 'spec')).toEqual([]));
});
