import { describe, expect, it } from 'vitest';
import { SkillMetadata, isSkillgraphError } from '../../../../src/index.js';
import { summarizeEntries } from '../../../../src/internals.js';
import { _agentSkill, _inline, _mcp, _pkg, _toolRef } from './_fixtures.js';

describe('SkillMetadata.fromSkill', () => {
  it('describes a basic skill: name, description, default version, read-only', () => {
    const meta = SkillMetadata.fromSkill(_pkg('test-skill', { description: 'A test skill' }), []);
    expect(meta.toJSON()).toEqual({
      name: 'test-skill',
      description: 'A test skill',
      version: '0.0.0',
      read_only: true,
      writes: false,
      tool_count: 0,
      source_types: [],
    });
  });

  it('counts tool refs and lists their source type', () => {
    const meta = SkillMetadata.fromSkill(_pkg('refs'), [_toolRef('read_file'), _toolRef('grep')]);
    expect(meta.tool_count).toBe(2);
    expect(meta.source_types).toEqual(['tool_ref']);
    expect(meta.read_only).toBe(true);
  });

  it('marks a skill with a writing tool as writes, not read-only', () => {
    const meta = SkillMetadata.fromSkill(_pkg('writer'), [_toolRef('read_file'), _inline('writer', 0, true)]);
    expect(meta.writes).toBe(true);
    expect(meta.read_only).toBe(false);
    expect(meta.source_types).toEqual(['tool_ref', 'inline']);
  });

  it('lists MCP and agent-skill sources, in ENTRY_KINDS order whatever the entry order', () => {
    const meta = SkillMetadata.fromSkill(_pkg('mixed'), [
      _agentSkill('vendor/pdf'),
      _mcp('github', 'search_issues'),
      _toolRef('x'),
    ]);
    expect(meta.source_types).toEqual(['tool_ref', 'mcp', 'agent_skill']);
    expect(SkillMetadata.fromSkill(_pkg('m'), [_mcp('gh', 'a')]).source_types).toEqual(['mcp']);
    expect(SkillMetadata.fromSkill(_pkg('a'), [_agentSkill('p')]).source_types).toEqual(['agent_skill']);
  });

  it('takes the version from the descriptor, and lets the caller override it', () => {
    expect(SkillMetadata.fromSkill(_pkg('v', { version: '2.0.1' }), []).version).toBe('2.0.1');
    expect(SkillMetadata.fromSkill(_pkg('v', { version: '2.0.1' }), [], { version: '1.2.3' }).version).toBe('1.2.3');
    expect(SkillMetadata.fromSkill(_pkg('v', { version: '' }), []).version).toBe('0.0.0');
  });

  it('agrees with the capability summary of the same entries', () => {
    const entries = [_toolRef('a', true), _mcp('s', 't'), _inline('x', 0)];
    const meta = SkillMetadata.fromSkill(_pkg('x'), entries);
    const { tool_count, writes, read_only, source_types } = meta;
    expect({ tool_count, writes, read_only, source_types }).toEqual(summarizeEntries(entries));
  });

  it.each([
    ['a null package', null, []],
    ['an undefined package', undefined, []],
    ['a package without a descriptor', {}, []],
    ['null entries', 'pkg', null],
    ['undefined entries', 'pkg', undefined],
    ['entries with a bad kind', 'pkg', [{ key: 'k', kind: 'weird', writes: false, source: 's' }]],
    [
      'entries with a duplicate key',
      'pkg',
      [
        { key: 'k', kind: 'tool_ref', writes: false, source: 's' },
        { key: 'k', kind: 'tool_ref', writes: true, source: 's' },
      ],
    ],
  ])('rejects %s with a clear protocol.invalid error', (_label, pkg, entries) => {
    const input = pkg === 'pkg' ? _pkg('p') : pkg;
    let caught: unknown;
    try {
      SkillMetadata.fromSkill(input as never, entries as never);
    } catch (error) {
      caught = error;
    }
    expect(isSkillgraphError(caught) && caught.code).toBe('protocol.invalid');
    expect(String((caught as Error).message)).toMatch(/^invalid SkillMetadata: /);
    expect(SkillMetadata.safeFromSkill(input as never, entries as never).ok).toBe(false);
  });

  it('says what it got when the package is missing', () => {
    const safe = SkillMetadata.safeFromSkill(null, []);
    expect(!safe.ok && safe.error.message).toMatch(/needs a skill package, got null/);
  });

  it('is deeply immutable', () => {
    const meta = SkillMetadata.fromSkill(_pkg('frozen'), [_toolRef('a')]);
    expect(Object.isFrozen(meta)).toBe(true);
    expect(() => Object.assign(meta, { writes: true })).toThrow(TypeError);
    expect(() => (meta.source_types as string[]).push('mcp')).toThrow(TypeError);
    expect(meta.writes).toBe(false);
  });
});

describe('SkillMetadata JSON', () => {
  it('round-trips', () => {
    const meta = SkillMetadata.fromSkill(_pkg('rt', { version: '3.1.4' }), [_toolRef('a', true), _agentSkill('p')]);
    expect(SkillMetadata.from(JSON.parse(JSON.stringify(meta))).toJSON()).toEqual(meta.toJSON());
  });

  it.each([
    ['read_only equal to writes', { read_only: true, writes: true }],
    ['a negative tool count', { tool_count: -1 }],
    ['a fractional tool count', { tool_count: 1.5 }],
    ['source types out of order', { tool_count: 2, source_types: ['mcp', 'tool_ref'] }],
    ['duplicate source types', { tool_count: 2, source_types: ['mcp', 'mcp'] }],
    ['more source types than tools', { tool_count: 1, source_types: ['tool_ref', 'mcp'] }],
    ['writes without tools', { tool_count: 0, writes: true, read_only: false }],
    ['an empty version', { version: '' }],
    ['an unknown key', { extra: 1 }],
  ])('rejects wire JSON with %s', (_label, patch) => {
    const base = {
      name: 'n',
      description: 'd',
      version: '1.0.0',
      read_only: true,
      writes: false,
      tool_count: 1,
      source_types: ['tool_ref'],
    };
    expect(SkillMetadata.safeFrom(base).ok).toBe(true);
    expect(SkillMetadata.safeFrom({ ...base, ...patch }).ok).toBe(false);
  });
});

describe('SkillMetadata.fromSummary', () => {
  it('equals fromSkill for the same entries', () => {
    const entries = [_toolRef('a'), _mcp('gh', 'create', true), _agentSkill('p')];
    const pkg = _pkg('same', { version: '1.0.0' });
    expect(SkillMetadata.fromSummary(pkg, summarizeEntries(entries)).toJSON()).toEqual(
      SkillMetadata.fromSkill(pkg, entries).toJSON(),
    );
  });

  it('rejects a missing package or summary, and an inconsistent summary', () => {
    expect(SkillMetadata.safeFromSummary(null, summarizeEntries([])).ok).toBe(false);
    expect(SkillMetadata.safeFromSummary(_pkg('x'), undefined).ok).toBe(false);
    const bad = { tool_count: 0, writes: true, read_only: true, source_types: [] };
    expect(SkillMetadata.safeFromSummary(_pkg('x'), bad).ok).toBe(false);
  });
});

describe('SkillMetadata.fromTrustedSummary', () => {
  it('gives what fromSummary gives, frozen, without sharing the summary’s list', () => {
    const entries = [_toolRef('a', true), _inline('x', 0), _agentSkill('p')];
    const pkg = _pkg('trusted', { version: '' });
    const summary = summarizeEntries(entries);
    const meta = SkillMetadata.fromTrustedSummary(pkg, summary);
    expect(meta.toJSON()).toEqual(SkillMetadata.fromSummary(pkg, summary).toJSON());
    expect(meta.version).toBe('0.0.0');
    expect(Object.isFrozen(meta) && Object.isFrozen(meta.source_types)).toBe(true);
    expect(meta.source_types).not.toBe(summary.source_types);
  });
});
