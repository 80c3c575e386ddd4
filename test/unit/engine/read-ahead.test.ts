import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParseItem } from '../../../src/engine/catalog-pipeline.js';
import { InputBudget } from '../../../src/engine/input-budget.js';
import { parseItem, READ_AHEAD_MIN_FILES, readAheadFor } from '../../../src/engine/parse-files.js';
import {
  READ_AHEAD_SLOT_BYTES,
  READ_AHEAD_SLOTS,
  startReadAhead,
  type ReadAhead,
} from '../../../src/engine/read-ahead.js';
import { SAFE_OPEN_FLAGS } from '../../../src/discover/safe-read.js';
import { JS_HASHER } from '../../../src/catalog/index.js';
import { DEFAULT_PARSE_OPTIONS } from '../../../src/parse/index.js';
import { makeRoot } from '../../../src/discover/roots.js';
import { createEngine } from '../../../src/engine/engine.js';

let dir: string;
const paths: string[] = [];
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Wait (bounded) until the thread has read file `k`: the thread boots in tens of ms. */
function waitFor(has: () => boolean): boolean {
  for (let i = 0; i < 200 && !has(); i++) Atomics.wait(pause, 0, 0, 25);
  return has();
}

/** Wait until the thread has read one of the files from `k` on (fallen behind, it starts again a few files ahead). */
const waitNear = (ahead: ReadAhead, k: number): boolean =>
  waitFor(() => [0, 1, 2, 3, 4, 5, 6, 7, 8].some((d) => ahead.has(k + d)));

const skill = (name: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: Use when testing the reading thread.\n---\n# ${name}\n${extra}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-ahead-'));
  const files: [string, string | Buffer][] = [
    ['small', skill('small')],
    ['empty', ''],
    ['exact-slot', Buffer.alloc(READ_AHEAD_SLOT_BYTES, 0x61)],
    ['under-slot', Buffer.alloc(READ_AHEAD_SLOT_BYTES - 1, 0x62)],
    ['large', skill('large', 'x'.repeat(200_000))],
  ];
  for (let i = 0; i < 150; i++)
    files.push([`s${String(i).padStart(3, '0')}`, skill(`s${String(i).padStart(3, '0')}`, 'y'.repeat(i * 37))]);
  for (const [name, content] of files) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'SKILL.md'), content);
    paths.push(join(dir, name, 'SKILL.md'));
  }
  paths.splice(3, 0, join(dir, 'missing', 'SKILL.md'));
  mkdirSync(join(dir, 'folder', 'SKILL.md'), { recursive: true });
  paths.splice(4, 0, join(dir, 'folder', 'SKILL.md'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('startReadAhead', () => {
  it('hands over exactly the bytes on disk, and nothing for a file it cannot or must not hold', () => {
    const ahead = startReadAhead(paths, SAFE_OPEN_FLAGS)!;
    expect(ahead).toBeDefined();
    try {
      expect(waitFor(() => ahead.has(0))).toBe(true);
      const buffer = new Uint8Array(16);
      let fromThread = 0;
      for (let k = 0; k < paths.length; k++) {
        const path = paths[k]!;
        // Give the thread time to fill each window, so later slots are reused too.
        if (k % READ_AHEAD_SLOTS === 0) waitNear(ahead, k);
        const bytes = ahead.take(k, buffer);
        if (/missing|folder|exact-slot|large/.test(path)) {
          expect(bytes, path).toBeUndefined();
          continue;
        }
        if (bytes === undefined) continue;
        fromThread++;
        expect(Buffer.from(bytes).equals(readFileSync(path)), path).toBe(true);
      }
      // Files past the first window came out of reused slots.
      expect(fromThread).toBeGreaterThan(READ_AHEAD_SLOTS);
    } finally {
      ahead.close();
    }
  });

  it('never waits for the thread: a file not read yet is left to the caller', () => {
    const ahead = startReadAhead(paths, SAFE_OPEN_FLAGS)!;
    try {
      // Taken before the thread has booted: every file is the caller's.
      const taken = paths.map((_, k) => ahead.take(k, new Uint8Array(0)));
      expect(taken.filter((b) => b !== undefined).length).toBeLessThan(paths.length);
      expect(paths.every((_, k) => !ahead.has(k))).toBe(true);
    } finally {
      ahead.close();
    }
  });
});

describe('parseItem with a reading thread', () => {
  const items = (): ParseItem[] =>
    paths.map((path) => ({
      path,
      locator: path,
      dirName: path.split('/').at(-2)!,
      scope: 'project',
      precedence: 20,
      root: dir,
      profile: 'skillgraph',
    }));

  for (const limit of [undefined, 30_000, 120_000, 9_000_000]) {
    it(`gives parseItem's results and budget cuts (budget ${String(limit ?? 'none')})`, () => {
      const list = items();
      const plainBudget = limit === undefined ? undefined : new InputBudget(limit);
      const plain = list.map((item) => parseItem(item, JS_HASHER, plainBudget));
      const aheadBudget = limit === undefined ? undefined : new InputBudget(limit);
      const ahead = startReadAhead(
        list.map((i) => i.path),
        SAFE_OPEN_FLAGS,
      )!;
      try {
        waitNear(ahead, 0);
        const got = list.map((item, k) => {
          if (k % 32 === 0) waitNear(ahead, k);
          return parseItem(item, JS_HASHER, aheadBudget, ahead, k);
        });
        expect(got).toEqual(plain);
        expect(aheadBudget?.used).toBe(plainBudget?.used);
        expect(aheadBudget?.refused).toBe(plainBudget?.refused);
      } finally {
        ahead.close();
      }
    });
  }

  it('hands over from the thread to the main thread as the budget runs out, with the same cuts', () => {
    const big = join(dir, 'near-limit', 'SKILL.md');
    mkdirSync(join(dir, 'near-limit'), { recursive: true });
    writeFileSync(big, Buffer.alloc(DEFAULT_PARSE_OPTIONS.maxFileBytes - 10, 0x63));
    const list = [
      ...items(),
      { ...items()[0]!, path: big, locator: big, dirName: 'near-limit' },
      ...items().slice(5, 40),
    ];
    const limit = DEFAULT_PARSE_OPTIONS.maxFileBytes + 50_000;
    const plainBudget = new InputBudget(limit);
    const plain = list.map((item) => parseItem(item, JS_HASHER, plainBudget));
    expect(plainBudget.refused).toBeGreaterThan(0);
    const aheadBudget = new InputBudget(limit);
    const ahead = startReadAhead(
      list.map((i) => i.path),
      SAFE_OPEN_FLAGS,
    )!;
    try {
      waitNear(ahead, 0);
      expect(list.map((item, k) => parseItem(item, JS_HASHER, aheadBudget, ahead, k))).toEqual(plain);
      expect([aheadBudget.used, aheadBudget.refused]).toEqual([plainBudget.used, plainBudget.refused]);
    } finally {
      ahead.close();
    }
  });

  it('reads in the main thread without a reading thread', () => {
    const list = items();
    expect(list.map((item, k) => parseItem(item, JS_HASHER, undefined, undefined, k))).toEqual(
      list.map((item) => parseItem(item, JS_HASHER)),
    );
  });

  it('starts a thread only for enough files', () => {
    expect(readAheadFor(items())).toBeUndefined();
    const many = Array.from({ length: READ_AHEAD_MIN_FILES }, () => items()[0]!);
    const ahead = readAheadFor(many);
    expect(ahead).toBeDefined();
    ahead?.close();
  });
});

describe('an engine run with a reading thread', () => {
  it('gives the catalog of a run that reads every file in the main thread', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'skillgraph-ahead-run-'));
    try {
      for (let i = 0; i < READ_AHEAD_MIN_FILES + 10; i++) {
        const name = `skill-${String(i).padStart(4, '0')}`;
        mkdirSync(join(tree, name));
        // Some broken, some shadowed by name, one too big for a slot.
        const body =
          i % 97 === 0
            ? `---\nname: [broken\n---\n`
            : skill(i % 89 === 0 ? 'skill-0001' : name, i === 5 ? 'z'.repeat(READ_AHEAD_SLOT_BYTES) : '');
        writeFileSync(join(tree, name, 'SKILL.md'), body);
      }
      const roots = [makeRoot({ path: tree, scope: 'project' }, tree)];
      const content = async (workers: 0 | 'auto'): Promise<string> => {
        const engine = createEngine({ workers, cache: false });
        try {
          const { catalog } = await engine.loadCatalog({ roots });
          return JSON.stringify({
            digest: catalog.digest,
            skills: catalog.skills,
            conflicts: catalog.conflicts,
            diagnostics: catalog.diagnostics,
          });
        } finally {
          await engine.close();
        }
      };
      expect(await content('auto')).toBe(await content(0));
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
