import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skillLoadedEvent } from '../../../src/context/loaded-set.js';
import { TEMP_PREFIX, writeFileAtomic } from '../../../src/workspace/atomic.js';
import { appendEvent } from '../../../src/workspace/event-log.js';
import { prepareTarget, validateRelativePath, validateUniquePaths } from '../../../src/workspace/paths.js';

const invalid = (field: string, reason: string) =>
  expect.objectContaining({ code: 'path.invalid', details: expect.objectContaining({ field, reason }) });

describe('validateRelativePath', () => {
  it('accepts relative paths and normalises them to POSIX', () => {
    expect(validateRelativePath('pdf', 'name')).toBe('pdf');
    expect(validateRelativePath('scripts/fill.py', 'resources')).toBe('scripts/fill.py');
    expect(validateRelativePath('./references//guide.md', 'resources')).toBe('references/guide.md');
    expect(validateRelativePath('assets\\logo.png', 'resources')).toBe('assets/logo.png');
    expect(validateRelativePath('a..b/c..', 'resources')).toBe('a..b/c..');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['.', 'empty'],
    ['./', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['/', 'absolute'],
    ['C:\\Windows\\system32', 'absolute'],
    ['c:/x', 'absolute'],
    ['C:x', 'absolute'],
    ['\\\\server\\share\\x', 'absolute'],
    ['\\rooted', 'absolute'],
    ['..', 'escape_root'],
    ['../x', 'escape_root'],
    ['a/../../x', 'escape_root'],
    ['a/..', 'escape_root'],
    ['a\\..\\..\\x', 'escape_root'],
    ['a\u0000b', 'nul'],
    ['con', 'device'],
    ['NUL', 'device'],
    ['assets/nul.txt', 'device'],
    ['Aux .md', 'device'],
    ['scripts/com1.tar.gz', 'device'],
    ['LPT9', 'device'],
    ['lpt\u00b9.log', 'device'],
    ['conout$', 'device'],
  ])('rejects %j (%s) naming the field', (value, reason) => {
    expect(() => validateRelativePath(value, 'skills[].name')).toThrow(invalid('skills[].name', reason));
  });

  it('keeps names that only look like device names', () => {
    for (const ok of ['console', 'nullable.md', 'com', 'com10', 'a.con', 'auxiliary/x', 'lpt'])
      expect(validateRelativePath(ok, 'resources')).toBe(ok);
  });

  it('can refuse backslashes instead of reading them as separators', () => {
    expect(validateRelativePath('odd\\name.txt', 'resources')).toBe('odd/name.txt');
    expect(() => validateRelativePath('odd\\name.txt', 'resources', { noBackslash: true })).toThrow(
      invalid('resources', 'backslash'),
    );
  });

  it('requires one segment for folder names', () => {
    expect(() => validateRelativePath('a/b', 'name', { singleSegment: true })).toThrow(invalid('name', 'separator'));
  });

  it('carries context into the error details', () => {
    expect(() => validateRelativePath('/x', 'resources', { context: { skill: 'pdf' } })).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ skill: 'pdf', path: '/x' }) }),
    );
  });
});

describe('validateUniquePaths', () => {
  it('rejects duplicates after normalisation with the field and index', () => {
    expect(() => validateUniquePaths(['a/b', 'c', './a//b'], 'resources')).toThrow(
      expect.objectContaining({
        code: 'path.duplicate',
        details: expect.objectContaining({ field: 'resources', path: 'a/b', index: 2 }),
      }),
    );
    expect(validateUniquePaths(['b', 'a'], 'names')).toEqual(['b', 'a']);
  });
});

describe('prepareTarget and atomic writes', () => {
  let dir = '';
  let root = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skillgraph-paths-'));
    root = join(dir, 'ws');
    mkdirSync(root);
    root = realpathSync(root);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates folders inside the workspace', () => {
    const target = prepareTarget(root, 'pdf/scripts/fill.py', 'resources');
    expect(target).toBe(join(root, 'pdf', 'scripts', 'fill.py'));
    writeFileAtomic(target, 'print(1)\n');
    expect(readdirSync(join(root, 'pdf', 'scripts'))).toEqual(['fill.py']);
  });

  it('refuses a symlinked folder that leads outside the workspace', () => {
    mkdirSync(join(dir, 'outside'));
    symlinkSync(join(dir, 'outside'), join(root, 'pdf'));
    expect(() => prepareTarget(root, 'pdf/SKILL.md', 'resources')).toThrow(invalid('resources', 'escape_root'));
    expect(readdirSync(join(dir, 'outside'))).toEqual([]);
  });

  it('follows a symlinked folder that stays inside', () => {
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    expect(prepareTarget(root, 'alias/x.md', 'resources')).toBe(join(root, 'real', 'x.md'));
  });

  it('reports a file standing where a folder is needed', () => {
    writeFileSync(join(root, 'pdf'), 'not a folder');
    expect(() => prepareTarget(root, 'pdf/SKILL.md', 'resources')).toThrow(invalid('resources', 'not-directory'));
  });

  it('replaces a file atomically and leaves no temp file behind', () => {
    const file = join(root, 'a.txt');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two', 0o755);
    expect(readdirSync(root)).toEqual(['a.txt']);
  });

  it('removes its temp file when the rename fails', () => {
    mkdirSync(join(root, 'taken'));
    writeFileSync(join(root, 'taken', 'x'), 'x');
    expect(() => writeFileAtomic(join(root, 'taken'), 'data')).toThrow(expect.objectContaining({ code: 'io' }));
    expect(readdirSync(root).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
  });

  it('names the action, the file and the reason in its io errors', () => {
    const file = join(root, 'missing-folder', 'a.txt');
    expect(() => writeFileAtomic(file, 'data')).toThrow(
      expect.objectContaining({
        code: 'io',
        message: expect.stringMatching(/^could not write .*a\.txt: ENOENT/),
        details: { file, errno: 'ENOENT' },
      }),
    );
  });

  it('calls a log whose folder is a file a bad log path, naming the file', () => {
    writeFileSync(join(root, 'plain'), 'x');
    const log = join(root, 'plain', 'session.jsonl');
    expect(() => appendEvent(log, skillLoadedEvent('r1', 'pdf', 'sha256:0'))).toThrow(
      expect.objectContaining({ code: 'log.invalid', details: { file: log } }),
    );
  });
});
