import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParseItem } from '../../../src/engine/catalog-pipeline.js';
import { readItem } from '../../../src/engine/parse-files.js';
import { DEFAULT_PARSE_OPTIONS } from '../../../src/parse/index.js';

let dir: string;

function _item(name: string): ParseItem {
  const path = join(dir, name, 'SKILL.md');
  return { path, locator: path, dirName: name, scope: 'project', precedence: 20, root: dir, profile: 'skillgraph' };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-read-'));
  const limit = DEFAULT_PARSE_OPTIONS.maxFileBytes;
  for (const [name, size] of [['at-limit', limit], ['over-limit', limit + 1], ['big', 300_000], ['small', 10]] as const) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'SKILL.md'), Buffer.alloc(size, 0x61));
  }
  mkdirSync(join(dir, 'folder', 'SKILL.md'), { recursive: true });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('readItem', () => {
  it('reads the same bytes with and without the cache facts, across buffer growth', () => {
    for (const name of ['small', 'big', 'at-limit']) {
      const plain = readItem(_item(name), false);
      const plainBytes = plain.kind === 'bytes' ? Buffer.from(plain.bytes) : undefined;
      const withFacts = readItem(_item(name), true);
      expect(withFacts.kind).toBe('bytes');
      if (withFacts.kind !== 'bytes') return;
      expect(plainBytes?.equals(Buffer.from(withFacts.bytes))).toBe(true);
      expect(withFacts.stat.size).toBe(withFacts.bytes.length);
      expect(withFacts.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('reports a file over the limit the same way with and without the cache', () => {
    const plain = readItem(_item('over-limit'), false);
    const withFacts = readItem(_item('over-limit'), true);
    expect(plain.kind).toBe('result');
    expect(plain).toEqual(withFacts);
    if (plain.kind === 'result') expect(plain.result.diagnostics.map((d) => d.code)).toEqual(['file.too-large']);
  });

  it('turns a folder named SKILL.md into an unreadable finding, not a throw', () => {
    for (const hash of [false, true]) {
      const r = readItem(_item('folder'), hash);
      expect(r.kind).toBe('result');
      if (r.kind === 'result') expect(r.result.diagnostics[0]?.code).toBe('discover.unreadable');
    }
  });
});

describe('readItem on a FIFO swapped in for a SKILL.md', () => {
  it('never blocks: it reads nothing or is an unreadable finding, and with the cache facts it is not a regular file', () => {
    mkdirSync(join(dir, 'piped'));
    execFileSync('mkfifo', [join(dir, 'piped', 'SKILL.md')]);
    const started = Date.now();
    const plain = readItem(_item('piped'), false);
    expect(plain.kind === 'bytes' ? plain.bytes.length : plain.result.diagnostics[0]?.code).toBeOneOf([0, 'discover.unreadable']);
    const facts = readItem(_item('piped'), true);
    expect(facts.kind === 'result' ? facts.result.diagnostics.map((d) => d.code) : []).toEqual(['discover.unreadable']);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
