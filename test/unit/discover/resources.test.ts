import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { listResources, treeDigest, treeDigests } from '../../../src/discover/resources.js';
import { _tree, type Tree } from './_tree.js';

let t: Tree;
afterEach(() => t?.cleanup());

const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u64 = (n: number): number[] => [0, 0, 0, 0, ...u32(n)];
const str = (s: string): number[] => [0x73, ...u32(Buffer.byteLength(s)), ...Buffer.from(s)];
const bytes = (s: string): number[] => [0x62, ...u64(Buffer.byteLength(s)), ...Buffer.from(s)];

describe('listResources', () => {
  it('lists every file with its size in UTF-8 byte order, skipping .git and node_modules', () => {
    t = _tree();
    t.write('s/SKILL.md', 'abc');
    t.write('s/scripts/run.py', 'print(1)\n');
    t.write('s/Z.md', 'z');
    t.write('s/é.txt', 'e');
    t.write('s/.git/HEAD', 'x');
    t.write('s/node_modules/m/index.js', 'x');
    t.write('s/.env.example', 'A=1');
    expect(listResources(t.path('s'))).toEqual([
      { path: '.env.example', size: 3 },
      { path: 'SKILL.md', size: 3 },
      { path: 'Z.md', size: 1 },
      { path: 'scripts/run.py', size: 9 },
      { path: 'é.txt', size: 1 },
    ]);
  });

  it('lists symlinked files only when they stay inside the folder', () => {
    t = _tree();
    t.write('s/SKILL.md', 'a');
    t.write('s/real.md', 'inside');
    t.write('outside.md', 'secret');
    t.link(t.path('s/real.md'), 's/alias.md');
    t.link(t.path('outside.md'), 's/escape.md');
    t.link(t.path('nothing'), 's/dangling.md');
    expect(listResources(t.path('s')).map((e) => e.path)).toEqual(['SKILL.md', 'alias.md', 'real.md']);
  });

  it('is bounded', () => {
    t = _tree();
    for (let i = 0; i < 5; i++) t.write(`s/f${i}`, 'x');
    expect(() => listResources(t.path('s'), { maxFiles: 3 })).toThrow(/maxFiles/);
    t.write('s/a/b/c/d.txt', 'x');
    expect(() => listResources(t.path('s'), { maxDepth: 2 })).toThrow(/maxDepth/);
    expect(() => listResources(t.path('s'), { maxBytes: 2 })).toThrow(/maxBytes/);
  });
});

describe('treeDigest (C2a)', () => {
  it('matches the documented serialisation', () => {
    t = _tree();
    t.write('s/SKILL.md', '---\n');
    t.write('s/scripts/a.sh', 'echo\n');
    const expected = [...str('skillgraph/tree/v1'), ...u32(2), ...str('SKILL.md'), ...bytes('---\n'), ...str('scripts/a.sh'), ...bytes('echo\n')];
    expect(treeDigest(t.path('s'))).toBe(`sha256:${createHash('sha256').update(Uint8Array.from(expected)).digest('hex')}`);
  });

  it('changes when a script changes, not when the folder moves', () => {
    t = _tree();
    t.write('a/SKILL.md', 'x');
    t.write('a/scripts/run.sh', 'one');
    t.write('b/SKILL.md', 'x');
    t.write('b/scripts/run.sh', 'one');
    const [a, b] = treeDigests([t.path('a'), t.path('b')]);
    expect(a).toBe(b);
    t.write('b/scripts/run.sh', 'two');
    expect(treeDigest(t.path('b'))).not.toBe(a);
  });
});
