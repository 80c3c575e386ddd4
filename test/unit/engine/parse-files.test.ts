import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParseItem } from '../../../src/engine/catalog-pipeline.js';
import { budgetResults } from '../../../src/engine/budget-items.js';
import { InputBudget } from '../../../src/engine/input-budget.js';
import { parseItemBytes, readItem } from '../../../src/engine/parse-files.js';
import { JS_HASHER, packageDigest } from '../../../src/catalog/index.js';
import { DEFAULT_PARSE_OPTIONS } from '../../../src/parse/index.js';

let dir: string;

function _item(name: string): ParseItem {
  const path = join(dir, name, 'SKILL.md');
  return { path, locator: path, dirName: name, scope: 'project', precedence: 20, root: dir, profile: 'skillgraph' };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-read-'));
  const limit = DEFAULT_PARSE_OPTIONS.maxFileBytes;
  for (const [name, size] of [
    ['at-limit', limit],
    ['over-limit', limit + 1],
    ['big', 300_000],
    ['small', 10],
  ] as const) {
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
    expect(plain.kind === 'bytes' ? plain.bytes.length : plain.result.diagnostics[0]?.code).toBeOneOf([
      0,
      'discover.unreadable',
    ]);
    const facts = readItem(_item('piped'), true);
    expect(facts.kind === 'result' ? facts.result.diagnostics.map((d) => d.code) : []).toEqual(['discover.unreadable']);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('readItem with the run budget', () => {
  /** What a read gives, comparable across the two ways of applying the budget. */
  function _outcome(r: ReturnType<typeof readItem>): unknown {
    return r.kind === 'bytes' ? { bytes: r.bytes.length } : r.result;
  }

  it('cuts exactly the files the stat-first budget cuts, for every limit', () => {
    const limit = DEFAULT_PARSE_OPTIONS.maxFileBytes;
    // Small and big files, files at and over the per-file limit, a folder and a missing file, in a mixed order.
    const names = [
      'small',
      'at-limit',
      'big',
      'folder',
      'over-limit',
      'small',
      'missing',
      'big',
      'at-limit',
      'small',
      'over-limit',
      'big',
    ];
    const items = names.map(_item);
    const limits = [
      1,
      10,
      4096,
      300_000,
      300_010,
      limit,
      limit + 300_010,
      2 * limit + 4096,
      2 * limit + 600_020,
      3 * limit,
      4 * limit + 900_000,
      100 * limit,
    ];
    for (const max of limits) {
      const cut = budgetResults(items, undefined, max);
      const expected = items.map((item, i) => cut.get(i) ?? _outcome(readItem(item, false)));
      const budget = new InputBudget(max);
      const actual = items.map((item) => _outcome(readItem(item, false, budget)));
      expect(actual, `budget ${max}`).toEqual(expected);
      expect(budget.refused, `budget ${max}`).toBe(cut.size);
    }
  });

  it('counts a file it cannot read by its stat, as the stat-first budget does', () => {
    const folder = _item('folder');
    const budget = new InputBudget(1000);
    const r = readItem(folder, false, budget);
    expect(r.kind === 'result' ? r.result.diagnostics.map((d) => d.code) : []).toEqual(['input.budget']);
  });
});

describe('parseItemBytes', () => {
  it('gives every package the digest packageDigest computes, for ASCII, UTF-8, BOM and CRLF files', () => {
    const texts = [
      '---\nname: a\ndescription: Use when x.\n---\n# A\nbody\n',
      '---\nname: a\ndescription: Use when x.\n---\n',
      '---\nname: a\ndescription: Use when x.\n---',
      '---\nname: a\ndescription: Für ä.\n---\n# Ä 😀\n',
      '---\nname: a\ndescription: x\n---\n# Ä 😀 only in the body\n',
      '\uFEFF---\nname: a\ndescription: x\n---\nbody\n',
      '---\r\nname: a\r\ndescription: x\r\n---\r\n# A\r\nbody\r\n',
      '---\nname: a\ndescription: x\n---\nmixed\r\nendings\n',
    ];
    for (const text of texts) {
      const bytes = new TextEncoder().encode(text);
      // In a larger buffer, as a reused read buffer holds it.
      const held = new Uint8Array(bytes.length + 7);
      held.set(bytes);
      held.fill(0x7a, bytes.length);
      const r = parseItemBytes(
        { ..._item('a'), locator: '/r/a/SKILL.md', dirName: 'a' },
        held.subarray(0, bytes.length),
        JS_HASHER,
      );
      expect(r.package, JSON.stringify(text)).toBeDefined();
      const { digest, ...rest } = r.package!.descriptor;
      expect(digest, JSON.stringify(text)).toBe(packageDigest({ ...r.package!, descriptor: { ...rest, digest: '' } }));
    }
  });
});
