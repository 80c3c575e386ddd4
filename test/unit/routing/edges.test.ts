/**
 * Implicit edges from links, `/x`, `$x`, `plugin:x` and prose mentions, and
 * `routing.missing-sibling` at the line and column of a link to a skill that
 * is not there; paths, shell variables and code blocks are not mentions.
 */
import { describe, expect, it } from 'vitest';
import { findReferences, implicitEdges, type EdgeSource } from '../../../src/routing/index.js';

const TARGETS = [
  { name: 'ship-it', dir: '/p/skills/ship-it' },
  { name: 'lint-fix', dir: '/p/skills/lint-fix' },
  { name: 'pdf', dir: '/p/vendor/docs/pdf' },
  { name: 'usr', dir: '/p/skills/usr' },
];

const source = (body: string, files: EdgeSource['files'] = []): EdgeSource => ({
  name: 'release',
  dir: '/p/skills/release',
  files: [{ path: 'SKILL.md', text: body, firstLine: 5, shown: 'skills/release/SKILL.md' }, ...files],
});

const edgesOf = (s: EdgeSource, probe?: Parameters<typeof implicitEdges>[2]) =>
  implicitEdges([s], TARGETS, probe).edges.map((e) => `${e.kind} ${e.to} ${e.line}:${e.column} ${e.text}`);

describe('implicit edges', () => {
  it('turns relative links into another skill folder into link edges, by place and by sibling name', () => {
    const body = [
      'See [ship](../ship-it/SKILL.md) and [lint](../lint-fix/) first.',
      '',
      '[pdf]: ../../vendor/docs/pdf/references/forms.md',
    ].join('\n');
    expect(edgesOf(source(body))).toEqual([
      'link lint-fix 5:44 ../lint-fix/',
      'link pdf 7:8 ../../vendor/docs/pdf/references/forms.md',
      'link ship-it 5:12 ../ship-it/SKILL.md',
    ]);
  });

  it('reads links in the other files of a skill relative to their own folder', () => {
    const ref = {
      path: 'references/steps.md',
      text: 'Then [deploy](../../ship-it/references/x.md).',
      firstLine: 1,
      shown: 'skills/release/references/steps.md',
    };
    expect(implicitEdges([source('', [ref])], TARGETS).edges).toEqual([
      {
        from: 'release',
        to: 'ship-it',
        kind: 'link',
        file: 'skills/release/references/steps.md',
        line: 1,
        column: 15,
        text: '../../ship-it/references/x.md',
      },
    ]);
  });

  it('turns /name, $name, plugin:name and "the name skill" into mention edges', () => {
    const body = [
      'Run /ship-it when done.',
      'Codex: $lint-fix fixes it.',
      'REQUIRED: use tools:lint-fix, not tools:pdf or /pdf but $pdf',
      'Use the `pdf` skill, or the Lint-Fix skill.',
      'Invoke `ship-it` skill.',
    ].join('\n');
    expect(edgesOf(source(body))).toEqual([
      'mention lint-fix 6:8 $lint-fix',
      'mention lint-fix 7:15 tools:lint-fix',
      'mention lint-fix 8:25 the Lint-Fix skill',
      'mention pdf 7:57 $pdf',
      'mention pdf 8:5 the `pdf` skill',
      'mention ship-it 5:5 /ship-it',
      'mention ship-it 9:8 `ship-it` skill',
    ]);
  });

  it('does not take paths, shell variables, URLs or code blocks for mentions', () => {
    const body = [
      'Files live in /usr/local and /usr/bin; see https://x.dev/ship-it and a/ship-it.',
      'Set $HOME or ${lint-fix} or $lint_fix; /ship-it.sh is a script.',
      '```bash',
      'cd /usr && echo $ship-it && /lint-fix',
      '```',
      'Mentioning ourselves: /release.',
    ].join('\n');
    expect(edgesOf(source(body))).toEqual([]);
  });

  it('reports a link to a skill that is not there at its line and column', () => {
    const body = [
      'Intro',
      '',
      'Hand over to [the sibling](../missing-skill/SKILL.md) or [that](../other-missing/).',
      'A [doc](../../docs/guide.md) is no skill.',
    ].join('\n');
    const { edges, diagnostics } = implicitEdges([source(body)], TARGETS);
    expect(edges).toEqual([]);
    expect(diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.severity}`)).toEqual([
      'routing.missing-sibling skills/release/SKILL.md:7:28 warning',
      'routing.missing-sibling skills/release/SKILL.md:7:65 warning',
    ]);
    expect(diagnostics[0]!.message).toContain('../missing-skill/SKILL.md');
  });

  it('asks the probe what a linked folder holds: a skill outside the catalog, or a plain folder, is no missing sibling', () => {
    const body = '[a](../elsewhere/SKILL.md) [b](../shared/) [c](../gone/SKILL.md)';
    const probe = (dir: string): 'skill' | 'other' | 'none' =>
      dir.endsWith('/elsewhere') ? 'skill' : dir.endsWith('/shared') ? 'other' : 'none';
    expect(implicitEdges([source(body)], TARGETS, { probe }).diagnostics.map((d) => d.column)).toEqual([48]);
    expect(implicitEdges([source(body)], TARGETS, { severity: 'off' }).diagnostics).toEqual([]);
  });

  it('bounds the findings of one file and counts the rest', () => {
    const body = Array.from({ length: 130 }, (_, i) => `[x](../gone-${i}/SKILL.md)`).join('\n');
    const { diagnostics } = implicitEdges([source(body)], TARGETS);
    expect(diagnostics).toHaveLength(101);
    expect(diagnostics.some((d) => d.line === 0 && d.message.includes('30 more'))).toBe(true);
  });

  it('finds references line by line, skipping fences, in column order', () => {
    expect(
      findReferences('x [a](../a/) /b-b $c\n~~~\n/d-d\n~~~\n/e-e').map((r) => `${r.line}:${r.column} ${r.text}`),
    ).toEqual(['1:7 ../a/', '1:14 /b-b', '1:19 $c', '5:1 /e-e']);
  });
});

describe('links whose place is not known', () => {
  it('resolve by sibling name only, and a link to a file beside the folder is no skill', () => {
    const body = '[a](../ship-it/SKILL.md) [b](../gone/SKILL.md) [c](../NOTES.md)';
    const placed = implicitEdges([source(body)], TARGETS);
    expect(placed.diagnostics.map((d) => d.column)).toEqual([30]);
    const unplaced = implicitEdges([{ ...source(body), dir: undefined }], TARGETS);
    expect(unplaced.edges.map((e) => e.to)).toEqual(['ship-it']);
    expect(unplaced.diagnostics).toEqual([]);
  });
});
