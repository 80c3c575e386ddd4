import { describe, expect, it } from 'vitest';
import { compareLock, createLock, parseLock, placeKey, type LockEntry } from '../../../src/catalog/index.js';

const D = (c: string): string => `sha256:${c.repeat(64)}`;
const entry = (name: string, over: Partial<LockEntry> = {}): LockEntry => ({
  name,
  scope: 'project',
  root: '.claude/skills',
  path: `${name}/SKILL.md`,
  digest: D('a'),
  tree: D('b'),
  ...over,
});
const now = (entries: LockEntry[], over: { broken?: Map<string, string[]>; complete?: boolean } = {}) => ({
  entries,
  broken: over.broken ?? new Map<string, string[]>(),
  complete: over.complete ?? true,
});

describe('lockfile', () => {
  it('round-trips through JSON, sorted by name', () => {
    const lock = createLock(D('c'), [entry('b'), entry('a')], { complete: true });
    expect(lock.skills.map((s) => s.name)).toEqual(['a', 'b']);
    expect(parseLock(JSON.stringify(lock), 'l.json')).toEqual(lock);
  });

  it('carries declared dependencies, and still reads a lock written before them', () => {
    const deps = { tools: ['gh'], mcp_servers: ['github'] };
    const lock = createLock(D('c'), [entry('gh', { dependencies: deps }), entry('plain')], { complete: true });
    expect(parseLock(JSON.stringify(lock), 'l.json').skills[0]!.dependencies).toEqual(deps);
    expect(
      parseLock(JSON.stringify(createLock(D('c'), [entry('gh')], { complete: true })), 'l.json').skills[0],
    ).not.toHaveProperty('dependencies');
    expect(() =>
      parseLock(
        JSON.stringify(
          createLock(D('c'), [entry('gh', { dependencies: { tools: ['gh'] } as never })], { complete: true }),
        ),
        'l.json',
      ),
    ).toThrow(/mcp_servers/);
    // A change to the dependencies shows as a changed digest (they are part of it), not as a field of its own.
    expect(compareLock(lock, now([entry('gh'), entry('plain')])).ok).toBe(true);
  });

  it('rejects bad JSON, wrong shapes, other formats, absolute paths and duplicate names as lockfile.invalid', () => {
    expect(() => parseLock('{', 'l.json')).toThrow(/l\.json: not valid JSON/);
    expect(() =>
      parseLock(JSON.stringify({ schemaVersion: 2, digest: 'x', complete: true, skills: [] }), 'l.json'),
    ).toThrow(/digest/);
    expect(() => parseLock(JSON.stringify({ schemaVersion: 1, digest: D('c'), skills: [] }), 'l.json')).toThrow(
      /format 1/,
    );
    expect(() =>
      parseLock(
        JSON.stringify(createLock(D('c'), [entry('a', { root: '/home/me/.claude/skills' })], { complete: true })),
        'l.json',
      ),
    ).toThrow(/relative/);
    expect(() =>
      parseLock(JSON.stringify(createLock(D('c'), [entry('a'), entry('a')], { complete: true })), 'l.json'),
    ).toThrow(/twice/);
  });

  it('reports added, removed and changed skills with the fields that changed', () => {
    const lock = createLock(D('c'), [entry('keep'), entry('gone'), entry('edit'), entry('moved')], { complete: true });
    const drift = compareLock(
      lock,
      now([
        entry('keep'),
        entry('edit', { tree: D('e') }),
        entry('moved', { scope: 'local', path: 'x/SKILL.md' }),
        entry('new'),
      ]),
    );
    expect(drift.ok).toBe(false);
    expect(drift.added.map((e) => e.name)).toEqual(['new']);
    expect(drift.removed.map((e) => e.name)).toEqual(['gone']);
    expect(drift.changed.map((c) => [c.name, c.fields])).toEqual([
      ['edit', ['tree']],
      ['moved', ['scope', 'path']],
    ]);
    expect(compareLock(lock, now(lock.skills)).ok).toBe(true);
  });

  it('tells a skill that broke in place (invalid, with its findings) and one missing from an incomplete walk from a removed one', () => {
    const lock = createLock(D('c'), [entry('broke'), entry('far'), entry('keep')], { complete: true });
    const broken = new Map([[placeKey('.claude/skills', 'broke/SKILL.md'), ['yaml.invalid']]]);
    const drift = compareLock(lock, now([entry('keep')], { broken, complete: false }));
    expect(drift.invalid.map((b) => [b.locked.name, b.diagnostics])).toEqual([['broke', ['yaml.invalid']]]);
    expect(drift.incomplete.map((e) => e.name)).toEqual(['far']);
    expect(drift.removed).toEqual([]);
    expect(drift.ok).toBe(false);
    // Nothing differs, but the walk was cut short: still not a match.
    expect(
      compareLock(createLock(D('c'), [entry('keep')], { complete: true }), now([entry('keep')], { complete: false }))
        .ok,
    ).toBe(false);
  });
});
