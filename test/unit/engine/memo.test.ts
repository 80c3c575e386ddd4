import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import type { CliIo } from '../../../src/cli/io.js';
import { makeRoot } from '../../../src/discover/roots.js';
import { createEngine } from '../../../src/engine/engine.js';
import { readRunMemo, runStoreName, storePath, writeRunMemo } from '../../../src/engine/store/index.js';

let dir: string;

/** An hour ago: older than the parse cache's racy window, so a cached stat is trusted. */
const SETTLED = new Date(Date.now() - 3_600_000);

function _skill(name: string, description: string): string {
  const folder = join(dir, 'skills', name);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'SKILL.md');
  writeFileSync(file, `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`);
  utimesSync(file, SETTLED, SETTLED);
  return file;
}

async function _cli(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const io: CliIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => true },
    cwd: dir,
    env: { HOME: dir },
  };
  const code = await main(args, io);
  return { code, stdout };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-memo-'));
  for (let i = 0; i < 5; i++) _skill(`skill-${i}`, `Skill ${i}. Use when testing.`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('run memo files', () => {
  it('round-trips text and status, and answers only for the same key', () => {
    const cache = join(dir, 'memo-files');
    expect(writeRunMemo(cache, 'x', 'key-1', { text: 'héllo\n{}', status: 1 })).toBe(true);
    const memo = readRunMemo(cache, 'x', 'key-1');
    expect({ text: memo?.text, status: memo?.status }).toEqual({ text: 'héllo\n{}', status: 1 });
    // A replay hands over the stored UTF-8 bytes, never decoded and re-encoded.
    expect(memo?.bytes?.equals(Buffer.from('héllo\n{}', 'utf8'))).toBe(true);
    expect(readRunMemo(cache, 'x', 'key-2')).toBeUndefined();
    expect(readRunMemo(cache, 'y', 'key-1')).toBeUndefined();
  });

  it('keeps a witness of any size in the body (many long roots), the header stays small', () => {
    const cache = join(dir, 'memo-long-roots');
    const witness = {
      roots: JSON.stringify(Array.from({ length: 2_000 }, (_, i) => `/a/root/with/a/long/path/number/${i}`)),
      paths: ['/x'],
      numbers: new Float64Array(6),
    };
    expect(witness.roots.length).toBeGreaterThan(64 * 1024);
    expect(writeRunMemo(cache, 'x', 'k', { text: 'the text', status: 0 }, { key: 'r', witness })).toBe(true);
    expect(readRunMemo(cache, 'x', 'k')?.text).toBe('the text');
    expect(readRunMemo(cache, 'x', 'other')).toBeUndefined();
  });
});

describe('the run key', () => {
  it('is absent without a cache and changes when a skill file is touched', async () => {
    const roots = [makeRoot({ path: join(dir, 'skills') }, dir)];
    const cache = join(dir, 'key-cache');
    const run = async (on: boolean, text: string) => {
      const engine = createEngine({ workers: 0, cache: on ? cache : false });
      try {
        return await engine.memoized('key', { roots }, () => ({ text, status: 0 }));
      } finally {
        await engine.close();
      }
    };
    expect((await run(false, 'a')).via).toBe('run');
    expect(existsSync(storePath(cache, runStoreName('key')))).toBe(false);
    await run(true, 'a'); // fills the files table
    expect((await run(true, 'b')).text).toBe('b'); // recorded
    const touched = join(dir, 'skills', 'skill-1', 'SKILL.md');
    utimesSync(touched, new Date(SETTLED.getTime() + 1000), new Date(SETTLED.getTime() + 1000));
    // A new stamp: not the record's key (revalidated by hash, so produced and not recorded).
    expect(await run(true, 'c')).toMatchObject({ via: 'run', text: 'c' });
    utimesSync(touched, SETTLED, SETTLED);
  });
});

describe('the memoized output', () => {
  it('hands the bytes over without reading the text, for every way it was had', async () => {
    const roots = [makeRoot({ path: join(dir, 'skills') }, dir)];
    const cache = join(dir, 'bytes-cache');
    const bytes = Buffer.from('{"a": "é"}\n', 'utf8');
    let decoded = 0;
    const told: boolean[] = [];
    const produce = (_loaded: unknown, recorded: boolean) => {
      told.push(recorded);
      return {
        status: 0,
        bytes,
        get text(): string {
          decoded++;
          return bytes.toString('utf8');
        },
      };
    };
    const vias: string[] = [];
    for (const on of [false, true, true, true]) {
      const engine = createEngine({ workers: 0, cache: on ? cache : false });
      try {
        const out = await engine.memoized('bytes', { roots }, produce);
        vias.push(out.via);
        expect(out.bytes?.equals(bytes)).toBe(true);
        expect(decoded).toBe(0);
        expect(out.text).toBe('{"a": "é"}\n');
        decoded = 0;
      } finally {
        await engine.close();
      }
    }
    // No cache; the files table filled; recorded; replayed by its witness or its key.
    expect(vias.slice(0, 3)).toEqual(['run', 'run', 'run']);
    expect(['replay', 'record']).toContain(vias[3]);
    // produce is told when what it returns is recorded: only the run answered wholly from the files table.
    expect(told).toEqual([false, false, true]);
  });
});

describe('catalog --json through the run memo', () => {
  it('replays byte-identical output for an unchanged tree and never a stale one', async () => {
    const cache = join(dir, 'cli-cache');
    const args = ['catalog', '--root', join(dir, 'skills'), '--cache', cache, '--json'];
    const fresh = await _cli(['catalog', '--root', join(dir, 'skills'), '--no-cache', '--json']);
    const fill = await _cli(args);
    expect(existsSync(storePath(cache, runStoreName('catalog-json')))).toBe(false);
    const warm = await _cli(args);
    expect(existsSync(storePath(cache, runStoreName('catalog-json')))).toBe(true);
    const replay = await _cli(args);
    for (const run of [fill, warm, replay]) {
      expect(run.code).toBe(fresh.code);
      expect(run.stdout).toBe(fresh.stdout);
    }

    const file = _skill('skill-2', 'Edited skill 2. Use when testing.');
    const later = new Date(SETTLED.getTime() + 20_000);
    utimesSync(file, later, later);
    const edited = await _cli(args);
    expect(edited.stdout).toContain('Edited skill 2.');
    expect(edited.stdout).toBe((await _cli(['catalog', '--root', join(dir, 'skills'), '--no-cache', '--json'])).stdout);

    _skill('skill-9', 'A new skill. Use when testing.');
    expect((await _cli(args)).stdout).toContain('skill-9');
  });
});

describe("the run memo's witness", () => {
  it('is renewed when it no longer holds for the same run (a folder touched, not changed), so the next run replays', async () => {
    const tree = join(dir, 'touched-tree');
    for (const name of ['one', 'two']) {
      const folder = join(tree, name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Skill ${name}. Use when testing.\n---\n# ${name}\n`,
      );
      utimesSync(join(folder, 'SKILL.md'), SETTLED, SETTLED);
      utimesSync(folder, SETTLED, SETTLED);
    }
    utimesSync(tree, SETTLED, SETTLED);
    const cache = join(dir, 'witness-cache');
    const memo = storePath(cache, runStoreName('catalog-json'));
    const args = ['catalog', '--root', tree, '--cache', cache, '--json'];
    const first = await _cli(args); // fills the parse cache
    await _cli(args); // all from the cache: writes the memo and its witness
    const written = statSync(memo);
    expect((await _cli(args)).stdout).toBe(first.stdout); // replayed: the memo is not rewritten
    expect(statSync(memo).ino).toBe(written.ino);

    // A file made and removed: the folder's mtime moves, its listing does not.
    writeFileSync(join(tree, 'one', 'scratch'), 'x');
    rmSync(join(tree, 'one', 'scratch'));
    utimesSync(join(tree, 'one'), SETTLED, new Date(SETTLED.getTime() + 1000));
    expect((await _cli(args)).stdout).toBe(first.stdout);
    const renewed = statSync(memo);
    expect(renewed.ino).not.toBe(written.ino);
    expect((await _cli(args)).stdout).toBe(first.stdout);
    expect(statSync(memo).ino).toBe(renewed.ino);
  });
});
