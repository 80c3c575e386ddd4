import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/index.js';

const _parse = (yaml: string) =>
  parseSkill(`---\nname: pdf\ndescription: Use when x.\n${yaml}\n---\n`, {
    locator: '/s/pdf/SKILL.md',
    dirName: 'pdf',
    profile: 'skillgraph',
  });
const _codes = (yaml: string) => _parse(yaml).diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`);

describe('composition keys', () => {
  it('reads the documented example', () => {
    const r = _parse(
      [
        'includes:',
        '  - base-skill',
        '  - skill: project/other',
        '    overrides:',
        '      write_file: { writes: false, description: "dry run" }',
        'tools:',
        '  - read_file',
        '  - { name: write_file, writes: true }',
        'inline-tools:',
        '  - { description: Summarise a diff, writes: false, input-schema: { type: object } }',
        'mcp:',
        '  - server: github',
        '    tools: [search_issues, { name: create_issue, writes: true }]',
        'agent-skills:',
        '  - vendor/pdf-tools',
      ].join('\n'),
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.package?.composition).toEqual({
      includes: [
        { skill: 'base-skill', overrides: {} },
        { skill: 'other', scope: 'project', overrides: { write_file: { writes: false, description: 'dry run' } } },
      ],
      tools: [
        { name: 'read_file', writes: false },
        { name: 'write_file', writes: true },
      ],
      inlineTools: [{ description: 'Summarise a diff', writes: false, inputSchema: { type: 'object' } }],
      mcp: [
        {
          server: 'github',
          tools: [
            { name: 'search_issues', writes: false },
            { name: 'create_issue', writes: true },
          ],
        },
      ],
      agentSkills: ['vendor/pdf-tools'],
    });
  });
  it('reports a malformed include at the entry', () =>
    expect(_codes('includes:\n  - ok\n  - a b')).toEqual(['includes.invalid@6:5']));
  it('reports a missing field inside an entry at the entry', () =>
    expect(_codes('includes:\n  - {overrides: {}}')).toEqual(['includes.invalid@5:5']));
  it('reports an unknown key in an entry', () =>
    expect(_codes('tools:\n  - {name: a, write: true}')).toEqual(['tools.invalid@5:5']));
  it('reports a wrongly typed field at the field', () =>
    expect(_codes('tools:\n  - {name: a, writes: "yes"}')).toEqual(['tools.invalid@5:23']));
  it('requires a list', () => expect(_codes('tools: read_file')).toEqual(['tools.invalid@4:8']));
  it('requires input-schema to have a type', () =>
    expect(_codes('inline-tools:\n  - {description: d, input-schema: {}}')).toEqual(['inline-tools.invalid@5:36']));
  it('accepts an optional inline tool name, unique, without spaces or slashes', () => {
    const r = _parse('inline-tools:\n  - {name: fmt, description: Format a diff}\n  - {description: Anonymous}');
    expect(r.diagnostics).toEqual([]);
    expect(r.package?.composition.inlineTools).toEqual([
      { name: 'fmt', description: 'Format a diff', writes: false },
      { description: 'Anonymous', writes: false },
    ]);
    expect(_codes('inline-tools:\n  - {name: a/b, description: d}\n  - {name: "x y", description: d}')).toEqual([
      'inline-tools.invalid@5:12',
      'inline-tools.invalid@6:12',
    ]);
    expect(_codes('inline-tools:\n  - {name: fmt, description: d}\n  - {name: fmt, description: e}')).toEqual([
      'inline-tools.invalid@6:12',
    ]);
  });
  it('checks mcp tools one by one', () =>
    expect(_codes('mcp:\n  - server: gh\n    tools: [a, 3]')).toEqual(['mcp.invalid@6:16']));
  it('requires an mcp server', () => expect(_codes('mcp:\n  - tools: [a]')).toEqual(['mcp.invalid@5:5']));
  it('rejects absolute and escaping agent-skills paths', () => {
    expect(_codes('agent-skills: [/abs, ../up, a/../../b, "C:/x", ok/./x]')).toEqual([
      'agent-skills.invalid@4:16',
      'agent-skills.invalid@4:22',
      'agent-skills.invalid@4:29',
      'agent-skills.invalid@4:40',
    ]);
    expect(_parse('agent-skills: [ok/./x/]').package?.composition.agentSkills).toEqual(['ok/x']);
  });
  it('is empty in profile spec', () => {
    const r = parseSkill('---\nname: pdf\ndescription: d\n---\n', {
      locator: '/s/pdf/SKILL.md',
      dirName: 'pdf',
      profile: 'spec',
    });
    expect(r.package?.composition.tools).toEqual([]);
  });
});
