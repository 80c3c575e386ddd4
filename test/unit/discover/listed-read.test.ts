import { execFileSync } from 'node:child_process';
import { fstatSync, closeSync, openSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listResourceFiles } from '../../../src/discover/resources.js';
import { ReadBuffer, readListedFile } from '../../../src/discover/safe-read.js';
import { walkTree } from '../../../src/discover/walk-tree.js';
import { validatePath } from '../../../src/tasks/validate-path.js';
import { _tree, type Tree } from './_tree.js';

let t: Tree;
afterEach(() => t?.cleanup());

const posix = process.platform !== 'win32';

describe('readListedFile', () => {
  it('reads a file a listing typed regular, into a shared buffer when given one', () => {
    t = _tree();
    t.write('a.md', 'first file');
    t.write('b.md', 'second');
    const buffer = new ReadBuffer();
    const a = readListedFile(t.path('a.md'), 100, buffer);
    expect(a.ok && Buffer.from(a.bytes).toString()).toBe('first file');
    const b = readListedFile(t.path('b.md'), 100, buffer);
    expect(b.ok && b.bytes.toString()).toBe('second');
    expect(b.ok && b.stat.size).toBe(6);
    const own = readListedFile(t.path('a.md'), 100);
    expect(own.ok && own.bytes.toString()).toBe('first file');
  });

  it('grows the shared buffer for a file larger than it', () => {
    t = _tree();
    const big = 'x'.repeat(200 * 1024);
    t.write('big.md', big);
    const r = readListedFile(t.path('big.md'), 1 << 20, new ReadBuffer());
    expect(r.ok && r.bytes.length).toBe(big.length);
    expect(r.ok && r.bytes.toString() === big).toBe(true);
  });

  it('never reads a file over the limit, and names its size', () => {
    t = _tree();
    t.write('a.md', '12345678');
    expect(readListedFile(t.path('a.md'), 4, new ReadBuffer())).toEqual({ ok: false, reason: 'too-large', size: 8 });
  });

  it.skipIf(!posix)(
    'refuses what replaced the listed file: a link, a FIFO (without blocking), a folder; says when it is gone',
    () => {
      t = _tree();
      t.write('target.md', 'T');
      t.link(t.path('target.md'), 'link.md');
      t.mkdir('folder');
      execFileSync('mkfifo', [t.path('pipe')]);
      const started = Date.now();
      expect(readListedFile(t.path('link.md'), 100)).toEqual({ ok: false, reason: 'link' });
      expect(readListedFile(t.path('pipe'), 100)).toEqual({ ok: false, reason: 'not-regular' });
      expect(readListedFile(t.path('folder'), 100)).toEqual({ ok: false, reason: 'not-regular' });
      expect(readListedFile(t.path('gone.md'), 100)).toEqual({ ok: false, reason: 'missing', errno: 'ENOENT' });
      expect(Date.now() - started).toBeLessThan(1000);
    },
  );
});

describe('listResourceFiles with what the caller knows', () => {
  it("gives the listing it gives alone, from the walk's folders, the resolved folder and the SKILL.md's fstat", () => {
    t = _tree();
    t.skill('s');
    t.write('s/scripts/run.py', 'print(1)\n');
    t.write('s/references/deep/x.md', 'x');
    const alone = listResourceFiles(t.path('s'));
    const listings = new Map<string, Dirent[]>();
    walkTree(t.dir, 32, listings);
    const fd = openSync(t.path('s/SKILL.md'), 'r');
    const stat = fstatSync(fd);
    closeSync(fd);
    const known = listResourceFiles(t.path('s'), {}, listings, { real: t.path('s'), file: { name: 'SKILL.md', stat } });
    expect(known).toEqual(alone);
    // The walk's listings of the skill's folders were taken, not read again.
    expect([...listings.keys()].filter((k) => k.startsWith(t.path('s')))).toEqual([]);
  });

  it("takes the walk's listings by the path the walk used when the folder is reached through a link", () => {
    t = _tree();
    t.skill('real/s');
    t.write('real/s/assets/a.txt', 'a');
    t.link(t.path('real'), 'via');
    const listings = new Map<string, Dirent[]>();
    walkTree(t.path('via'), 32, listings);
    const known = listResourceFiles(t.path('via/s'), {}, listings, { real: t.path('real/s') });
    expect(known).toEqual(listResourceFiles(t.path('real/s')));
    expect(known.ok && known.files.map((f) => f.abs)).toEqual([
      t.path('real/s/SKILL.md'),
      t.path('real/s/assets/a.txt'),
    ]);
    expect(listings.has(t.path('via/s'))).toBe(false);
  });
});

describe('validatePath through a linked PATH', () => {
  it('reports what it reports for the real path, each SKILL.md located at its resolved path', () => {
    t = _tree();
    t.skill('tree/a');
    t.skill('tree/b/c', 'c', 'See [x](references/missing.md).\n');
    t.write('tree/b/c/scripts/run.py', 'print(1)\n');
    t.link(t.path('tree'), 'via');
    const real = validatePath(t.path('tree'));
    const linked = validatePath(t.path('via'));
    const strip = (r: ReturnType<typeof validatePath>) =>
      r.skills.map(({ dir, file, name, valid, diagnostics }) => ({
        dir,
        file,
        name,
        valid,
        codes: diagnostics.map((d) => d.code),
      }));
    expect(strip(linked)).toEqual(strip(real));
    expect(linked.summary).toEqual(real.summary);
    expect(strip(linked).find((s) => s.name === 'c')?.codes).toContain('link.broken');
    expect(linked.skills.map((s) => s.package?.descriptor.source.locator)).toEqual(
      [t.path('tree/a/SKILL.md'), t.path('tree/b/c/SKILL.md')].map((p) => p.replaceAll('\\', '/')),
    );
    expect(readdirSync(t.path('via'))).toEqual(['a', 'b']);
  });
});
