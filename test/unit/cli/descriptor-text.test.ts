/**
 * The hand-written skill text of the catalog document against what `JSON.stringify` writes for
 * the same object at the same depth, on descriptors of every odd shape a caller could build.
 */
import { describe, expect, it } from 'vitest';
import { quoted, skillText, valueText } from '../../../src/tasks/descriptor-text.js';
import { jsonControlsEscaped } from '../../../src/cli/io.js';
import { controlsEscaped, descriptorJson } from '../../../src/tasks/catalog-document.js';
import type { SkillDescriptor } from '../../../src/model/package.js';
import type { CapabilitySummary } from '../../../src/model/resolve.js';

/** What `JSON.stringify` writes for the skill two arrays deep, its wrapper cut off. */
function reference(d: SkillDescriptor, summary: CapabilitySummary | undefined): string {
  const skill = {
    ...descriptorJson(d),
    skill_metadata: summary
      ? {
          name: d.name,
          description: d.description,
          version: d.version || '0.0.0',
          read_only: summary.read_only,
          writes: summary.writes,
          tool_count: summary.tool_count,
          source_types: summary.source_types,
        }
      : null,
  };
  const text = JSON.stringify([[skill]], null, 2);
  return text.slice('[\n  [\n'.length, text.length - '\n  ]\n]'.length);
}

const SOURCE = { scope: 'local', precedence: 30, root: '/r', locator: '/r/a/SKILL.md' };
const SUMMARY: CapabilitySummary = {
  read_only: false,
  writes: true,
  tool_count: 2,
  source_types: ['tool', 'mcp'],
} as unknown as CapabilitySummary;

function descriptor(extra: Record<string, unknown> = {}): SkillDescriptor {
  return {
    id: 'local/a',
    name: 'a',
    description: 'Does a. Use when a.',
    version: '1.0.0',
    metadata: {},
    allowedTools: [],
    modelInvocable: true,
    source: SOURCE,
    digest: `sha256:${'0'.repeat(64)}`,
    ...extra,
  } as SkillDescriptor;
}

const ODD_STRINGS = [
  '',
  'plain',
  'quote " and \\ backslash',
  'tab\tnew\nline\r\u0000\u001f',
  'del \u007f c1 \u0085 \u009f',
  'lone \ud800 high',
  'lone \udc00 low',
  'pair 😀',
  'caf\u00e9 \u2028 \u2029',
  '</script>',
];

describe('skillText', () => {
  it('writes a plain descriptor as JSON.stringify does, with and without a summary', () => {
    expect(skillText(descriptor(), SUMMARY)).toBe(reference(descriptor(), SUMMARY));
    expect(skillText(descriptor(), undefined)).toBe(reference(descriptor(), undefined));
    expect(skillText(descriptor({ version: '' }), SUMMARY)).toBe(reference(descriptor({ version: '' }), SUMMARY));
  });

  it('writes every odd string in every string field as JSON.stringify does', () => {
    for (const s of ODD_STRINGS) {
      const d = descriptor({
        id: s,
        name: s,
        description: s,
        version: s,
        license: s,
        compatibility: s,
        metadata: { [s]: s, b: s },
        allowedTools: [s, s],
        source: { scope: s, precedence: 20, root: s, locator: s },
        digest: s,
      });
      expect(skillText(d, SUMMARY)).toBe(reference(d, SUMMARY));
    }
  });

  it('escapes the one string that needs it when the others need nothing', () => {
    const cases: Record<string, unknown>[] = [
      { description: 'say "hi"' },
      { license: 'back\\slash' },
      { source: { ...SOURCE, locator: '/r/tab\there/SKILL.md' } },
      { source: { ...SOURCE, locator: '/r/\ud800/SKILL.md' } },
      { name: 'a\ud83d', description: '\ude00b' },
      { version: 'new\nline' },
    ];
    for (const extra of cases) {
      const d = descriptor(extra);
      expect(skillText(d, SUMMARY), JSON.stringify(extra)).toBe(reference(d, SUMMARY));
    }
  });

  it('follows the descriptor own key order and leaves out what JSON.stringify leaves out', () => {
    const reordered = {
      digest: 'x',
      source: SOURCE,
      modelInvocable: false,
      allowedTools: ['Read'],
      metadata: { z: '1', a: '2' },
      id: 'i',
      name: 'n',
      description: 'd',
      version: 'v',
    } as unknown as SkillDescriptor;
    expect(skillText(reordered, SUMMARY)).toBe(reference(reordered, SUMMARY));
    const gaps = descriptor({
      license: undefined,
      compatibility: undefined,
      dependencies: undefined,
      extra: () => 1,
      sym: Symbol('s'),
    });
    expect(skillText(gaps, SUMMARY)).toBe(reference(gaps, SUMMARY));
  });

  it('writes nested and non-string values through JSON.stringify at their depth', () => {
    const cases: Record<string, unknown>[] = [
      { compatibility: { os: ['linux', 'darwin'], programs: [], env: ['A'] } },
      { dependencies: { tools: ['Read'], mcp_servers: ['gh', 'fs'] } },
      { metadata: { n: 1, nested: { deep: [1, { x: null }] }, s: 'x' } },
      { metadata: Object.assign(Object.create(null) as object, { b: '1', a: '2' }) },
      { metadata: JSON.parse('{"__proto__": "own", "2": "two", "1": "one", "k": "v"}') as object },
      { metadata: { when: new Date(0) } },
      { metadata: new Date(0) },
      {
        metadata: new (class {
          a = 'x';
          toJSON(): unknown {
            return { b: 'y' };
          }
        })(),
      },
      { compatibility: { toJSON: () => 'as text' } },
      { allowedTools: ['a', 1, null, undefined] },
      { allowedTools: [] },
      { source: { ...SOURCE, precedence: -0 } },
      { source: { ...SOURCE, precedence: Number.NaN } },
      { source: { ...SOURCE, precedence: 1e21 } },
      { source: { locator: '/x', scope: 'local', precedence: 1, root: '/' } },
      { source: { ...SOURCE, extra: true } },
      { source: { scope: 'local' } },
      { source: null },
    ];
    for (const extra of cases) {
      const d = descriptor(extra);
      expect(skillText(d, SUMMARY), JSON.stringify(Object.keys(extra))).toBe(reference(d, SUMMARY));
    }
  });

  it('writes descriptors of roots met one after another (the shared root text is not stale)', () => {
    const roots = ['/a', '/b', '/a', '/a"q'];
    for (const [i, root] of roots.entries()) {
      const d = descriptor({
        source: { scope: i % 2 ? 'global' : 'local', precedence: i, root, locator: `${root}/x/SKILL.md` },
      });
      expect(skillText(d, SUMMARY)).toBe(reference(d, SUMMARY));
    }
  });

  it('keeps each root text apart: one root under two scopes, and more roots than it keeps', () => {
    const sources = [
      { scope: 'local', precedence: 30, root: '/same' },
      { scope: 'global', precedence: 10, root: '/same' },
      { scope: 'local', precedence: 30, root: '/same' },
      ...Array.from({ length: 100 }, (_, i) => ({ scope: 'project', precedence: 20, root: `/r${i}` })),
      { scope: 'global', precedence: 10, root: '/same' },
      { scope: 'project', precedence: 21, root: '/r99' },
    ];
    for (const s of [...sources, ...sources]) {
      const d = descriptor({ source: { ...s, locator: `${s.root}/x/SKILL.md` } });
      expect(skillText(d, SUMMARY)).toBe(reference(d, SUMMARY));
    }
  });

  it('writes the metadata version from the descriptor version, 0.0.0 when it is empty', () => {
    for (const version of ['', '2.0.0-rc.1', 'quote " v', 'v\u0085']) {
      const d = descriptor({ version });
      expect(skillText(d, SUMMARY)).toBe(reference(d, SUMMARY));
    }
  });
});

describe('quoted and valueText', () => {
  it('quote every UTF-16 code unit as JSON.stringify does', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      if (quoted(s) !== JSON.stringify(s)) expect(quoted(s)).toBe(JSON.stringify(s));
    }
  });

  it('indent nested values by depth as JSON.stringify does that many levels down', () => {
    const values: unknown[] = [
      's',
      1,
      true,
      null,
      [],
      {},
      ['a', 'b"'],
      { a: 'x', 'k"': 'y' },
      { a: [1, { b: 'c' }] },
      [[]],
      ['a', 2],
    ];
    for (const v of values) {
      for (const depth of [0, 1, 3, 7]) {
        // Inside `depth` nested arrays, the value's own lines carry depth × 2 more spaces.
        let wrapped: unknown = v;
        for (let i = 0; i < depth; i++) wrapped = [wrapped];
        const whole = JSON.stringify(wrapped, null, 2);
        const pad = '  '.repeat(depth);
        const text = valueText(v, depth);
        expect(text, `${JSON.stringify(v)} at ${depth}`).toBe(JSON.stringify(v, null, 2).replaceAll('\n', `\n${pad}`));
        expect(whole).toContain(`\n${pad}${text!}`.slice(depth === 0 ? 1 : 0));
      }
    }
    expect(valueText(undefined, 2)).toBeUndefined();
    expect(valueText(() => 1, 2)).toBeUndefined();
  });
});

describe('controlsEscaped', () => {
  const escaped = (s: string): string => controlsEscaped(Buffer.from(s, 'utf8')).toString('utf8');

  it('writes DEL and C1 controls as jsonControlsEscaped does and leaves every other byte', () => {
    for (const s of [
      'plain ascii',
      'a\u007fb',
      '\u0080',
      'x\u009f',
      '\u007f\u0085\u007f',
      'nbsp \u00a0 copy \u00a9 \u00bf \u00c2',
      '\u0100 \u07ff \uffff 😀',
      '"k": "\u0085é\u007f"',
      '',
    ]) {
      expect(escaped(s), JSON.stringify(s)).toBe(jsonControlsEscaped(s));
    }
    for (let c = 0x20; c < 0x800; c++) {
      const s = `a${String.fromCharCode(c)}b${String.fromCharCode(c)}`;
      if (escaped(s) !== jsonControlsEscaped(s)) expect(escaped(s)).toBe(jsonControlsEscaped(s));
    }
  });

  it('hands back the same buffer when there is nothing to escape', () => {
    const bytes = Buffer.from('{"a": "caf\u00e9 \u00a0"}', 'utf8');
    expect(controlsEscaped(bytes)).toBe(bytes);
  });

  it('escapes many controls in one pass', () => {
    const s = '\u0085\u007f'.repeat(50_000);
    expect(escaped(s)).toBe(jsonControlsEscaped(s));
  });
});
