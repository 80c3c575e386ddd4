import { describe, expect, it } from 'vitest';
import { compareLock, createLock, parseLock, type LockEntry } from '../../../src/catalog/index.js';

const D = (c: string): string => `sha256:${c.repeat(64)}`;
const entry = (name: string, over: Partial<LockEntry> = {}): LockEntry => ({ name, scope: 'project', locator: `skills/${name}/SKILL.md`, digest: D('a'), tree: D('b'), ...over });

describe('lockfile', () => {
  it('round-trips through JSON, sorted by name', () => {
    const lock = createLock(D('c'), [entry('b'), entry('a')]);
    expect(lock.skills.map((s) => s.name)).toEqual(['a', 'b']);
    expect(parseLock(JSON.stringify(lock), 'l.json')).toEqual(lock);
  });

  it('rejects bad JSON, wrong shapes and duplicate names as lockfile.invalid', () => {
    expect(() => parseLock('{', 'l.json')).toThrow(/l\.json: not valid JSON/);
    expect(() => parseLock(JSON.stringify({ schemaVersion: 1, digest: 'x', skills: [] }), 'l.json')).toThrow(/digest/);
    expect(() => parseLock(JSON.stringify(createLock(D('c'), [entry('a'), entry('a')])), 'l.json')).toThrow(/twice/);
  });

  it('reports added, removed and changed skills with the fields that changed', () => {
    const lock = createLock(D('c'), [entry('keep'), entry('gone'), entry('edit'), entry('moved')]);
    const drift = compareLock(lock, [entry('keep'), entry('edit', { tree: D('e') }), entry('moved', { scope: 'local', locator: 'x/SKILL.md' }), entry('new')]);
    expect(drift.ok).toBe(false);
    expect(drift.added.map((e) => e.name)).toEqual(['new']);
    expect(drift.removed.map((e) => e.name)).toEqual(['gone']);
    expect(drift.changed.map((c) => [c.name, c.fields])).toEqual([
      ['edit', ['tree']],
      ['moved', ['scope', 'locator']],
    ]);
    expect(compareLock(lock, lock.skills).ok).toBe(true);
  });
});
