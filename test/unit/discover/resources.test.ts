import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { listResourceFiles, listResources, readListed } from '../../../src/discover/resources.js';
import { treeBytes, treeDigest, treeDigestResults, treeDigests } from '../../../src/tasks/tree-digest.js';
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

describe('treeDigest', () => {
  it('matches the documented serialisation', () => {
    t = _tree();
    t.write('s/SKILL.md', '---\n');
    t.write('s/scripts/a.sh', 'echo\n');
    const expected = [
      ...str('skillgraph/tree/v1'),
      ...u32(2),
      ...str('SKILL.md'),
      ...bytes('---\n'),
      ...str('scripts/a.sh'),
      ...bytes('echo\n'),
    ];
    expect(treeDigest(t.path('s'))).toBe(
      `sha256:${createHash('sha256').update(Uint8Array.from(expected)).digest('hex')}`,
    );
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

describe('treeDigestResults: one bad skill costs only itself', () => {
  it('streams the same bytes as treeBytes, for trees small and large (a file over the read buffer)', () => {
    t = _tree();
    t.write('small/SKILL.md', 'small');
    t.write('large/SKILL.md', 'large');
    t.write('large/assets/blob.bin', 'x'.repeat(2.5 * 1024 * 1024 + 7));
    t.write('large/scripts/run.sh', 'echo\n');
    const results = treeDigestResults([t.path('small'), t.path('large')]);
    expect(results).toEqual([
      {
        ok: true,
        digest: `sha256:${createHash('sha256')
          .update(treeBytes(t.path('small')))
          .digest('hex')}`,
      },
      {
        ok: true,
        digest: `sha256:${createHash('sha256')
          .update(treeBytes(t.path('large')))
          .digest('hex')}`,
      },
    ]);
    expect(treeDigest(t.path('large'))).toBe((results[1] as { digest: string }).digest);
  });

  it('gives each limit its own code, on the skill folder, and digests the other skills', () => {
    t = _tree();
    t.write('ok/SKILL.md', 'fine');
    for (let i = 0; i < 4; i++) t.write(`many/f${i}`, 'x');
    t.write('deep/a/b/c/d.txt', 'x');
    t.write('heavy/blob', 'x'.repeat(64));
    const listing = (dir: string, limits: Parameters<typeof listResourceFiles>[1]) =>
      listResourceFiles(t.path(dir), limits);
    const codeOf = (l: ReturnType<typeof listResourceFiles>) => (l.ok ? 'ok' : [l.diagnostic.code, l.diagnostic.file]);
    expect(codeOf(listing('many', { maxFiles: 3 }))).toEqual(['resource.too-many-files', t.path('many')]);
    expect(codeOf(listing('deep', { maxDepth: 2 }))).toEqual(['resource.too-deep', t.path('deep')]);
    expect(codeOf(listing('heavy', { maxBytes: 10 }))).toEqual(['resource.too-large', t.path('heavy')]);
    const [ok, gone] = treeDigestResults([t.path('ok'), t.path('gone')]);
    expect(ok!.ok).toBe(true);
    expect(gone).toEqual({
      ok: false,
      diagnostic: expect.objectContaining({ code: 'resource.vanished', file: t.path('gone') }),
    });
  });

  it('reports a path too long for the OS as path-too-long, not as a permission problem', () => {
    t = _tree();
    t.write('long/SKILL.md', 'x');
    // 16 levels (the depth limit) of 255-byte names: the deepest path passes PATH_MAX (4096).
    // Made with relative mkdirs from a shell, which the OS allows past PATH_MAX.
    execFileSync('sh', [
      '-c',
      `cd -P "$1" && for i in $(seq 16); do mkdir "$2" && cd -P "$2" || exit 1; done`,
      'sh',
      t.path('long'),
      'd'.repeat(255),
    ]);
    const [r] = treeDigestResults([t.path('long')]);
    execFileSync('rm', ['-rf', t.path('long')]); // node's rmSync cannot remove past PATH_MAX
    expect(r).toEqual({ ok: false, diagnostic: expect.objectContaining({ code: 'resource.path-too-long' }) });
    expect((r as { diagnostic: { message: string } }).diagnostic.message).not.toMatch(/permission/i);
  });

  it('reports a skill folder reached through a link loop as resource.loop', () => {
    t = _tree();
    t.link(t.path('loop-b'), 'loop-a');
    t.link(t.path('loop-a'), 'loop-b');
    const [r] = treeDigestResults([t.path('loop-a')]);
    expect(r).toEqual({
      ok: false,
      diagnostic: expect.objectContaining({ code: 'resource.loop', file: t.path('loop-a') }),
    });
  });

  it('refuses a file edited or swapped for a symlink between the listing and the read', () => {
    t = _tree();
    t.write('s/SKILL.md', 'x');
    t.write('s/notes.md', 'short');
    t.write('secret.txt', 'SECRET');
    const listing = listResourceFiles(t.path('s'));
    if (!listing.ok) throw new Error('listing failed');
    const notes = listing.files.find((f) => f.path === 'notes.md')!;
    t.write('s/notes.md', 'much longer now');
    expect(readListed(notes, () => undefined)?.code).toBe('resource.changed');
    rmSync(t.path('s/notes.md'));
    t.link(t.path('secret.txt'), 's/notes.md');
    const seen: string[] = [];
    expect(readListed(notes, (c) => void seen.push(Buffer.from(c).toString()))).toEqual(
      expect.objectContaining({ code: 'resource.changed', file: t.path('s/notes.md') }),
    );
    expect(seen.join('')).not.toContain('SECRET');
  });

  it('never lists or opens a FIFO, and treeDigest still throws a coded error for callers that want one', () => {
    t = _tree();
    t.write('s/SKILL.md', 'x');
    execFileSync('mkfifo', [t.path('s/pipe')]);
    expect(listResources(t.path('s')).map((e) => e.path)).toEqual(['SKILL.md']);
    expect(() => treeDigest(t.path('missing'))).toThrow(
      expect.objectContaining({ code: 'io', details: expect.objectContaining({ diagnostic: 'resource.vanished' }) }),
    );
    expect(() => listResources(t.path('s'), { maxFiles: 0 })).toThrow(
      expect.objectContaining({ code: 'skill.invalid' }),
    );
  });
});
