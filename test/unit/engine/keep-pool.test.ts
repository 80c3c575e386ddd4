import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRoot } from '../../../src/discover/roots.js';
import { createEngine, resolveEngineOptions } from '../../../src/engine/engine.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-keep-pool-'));
  for (let i = 0; i < 12; i++) {
    mkdirSync(join(dir, `s-${i}`));
    writeFileSync(
      join(dir, `s-${i}`, 'SKILL.md'),
      `---\nname: s-${i}\ndescription: Skill ${i}. Use when testing.\n---\nBody ${i}.\n`,
    );
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('keepPool', () => {
  it('defaults to true and must be a boolean', () => {
    expect(resolveEngineOptions().keepPool).toBe(true);
    expect(() => resolveEngineOptions({ keepPool: 'no' as unknown as boolean })).toThrow(/keepPool/);
  });

  it('false releases the pool after each load and starts a fresh one for the next', async () => {
    const roots = [makeRoot({ path: dir }, dir)];
    const engine = createEngine({ workers: 1, batchSize: 3, keepPool: false });
    try {
      const first = await engine.loadCatalog({ roots });
      const second = await engine.loadCatalog({ roots });
      expect(first.stats.workers).toBe(1);
      expect(second.stats.workers).toBe(1);
      expect(JSON.stringify(second.catalog)).toBe(JSON.stringify(first.catalog));
      expect(first.catalog.skills).toHaveLength(12);
    } finally {
      await engine.close();
    }
  });
});
