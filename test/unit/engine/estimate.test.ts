import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRoot } from '../../../src/discover/roots.js';
import { defaultInlineThreshold } from '../../../src/engine/engine.js';
import { estimateSkillFolders } from '../../../src/engine/estimate.js';
import { JS_HASHER } from '../../../src/catalog/hasher.js';
import { parseBatch, planCatalog } from '../../../src/engine/catalog-pipeline.js';
import { claimAndParse, newClaim } from '../../../src/engine/shard.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-estimate-'));
  // 6 categories × 5 skills, each skill with a references/ folder that must not count.
  for (let c = 0; c < 6; c++) {
    for (let s = 0; s < 5; s++) {
      const folder = join(dir, 'tree', `cat-${c}`, `skill-${c}-${s}`);
      mkdirSync(join(folder, 'references'), { recursive: true });
      writeFileSync(
        join(folder, 'SKILL.md'),
        `---\nname: skill-${c}-${s}\ndescription: Skill ${c}/${s}. Use when testing.\n---\nBody.\n`,
      );
    }
  }
  mkdirSync(join(dir, 'tree', '.hidden'), { recursive: true });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('estimateSkillFolders', () => {
  it('multiplies level-1 folders by the sampled level-2 mean, skipping hidden folders', () => {
    expect(estimateSkillFolders([makeRoot({ path: join(dir, 'tree') }, dir)])).toBe(30);
  });

  it('counts a missing root as empty', () => {
    expect(estimateSkillFolders([makeRoot({ path: join(dir, 'absent') }, dir)])).toBe(0);
  });
});

describe('defaultInlineThreshold', () => {
  it('keeps 2-core machines inline far longer than machines with a free core', () => {
    expect(defaultInlineThreshold(2)).toBeGreaterThan(defaultInlineThreshold(4));
    expect(defaultInlineThreshold(8)).toBe(2_000);
  });
});

describe('claimAndParse', () => {
  it('parses every item exactly once across participants sharing one counter, in item order', () => {
    const plan = planCatalog({ roots: [makeRoot({ path: join(dir, 'tree') }, dir)] });
    const job = { facts: false, known: [], claim: newClaim(), batch: 4 };
    const first = claimAndParse(plan.items.slice(), { ...job }, JS_HASHER);
    const second = claimAndParse(plan.items, job, JS_HASHER);
    expect(second).toEqual([]);
    const flat = first.flatMap((c) => c.outcomes.map((o, j) => ({ at: c.start + j, o })));
    expect(flat.map((x) => x.at)).toEqual(plan.items.map((_, i) => i));
    const inline = parseBatch(plan.items, JS_HASHER);
    expect(flat.map((x) => (x.o.kind === 'parsed' ? x.o.result : null))).toEqual(inline);
  });
});

describe('DEFAULT_PLAN_PROFILE', () => {
  it('is the parse stage default (planCatalog may not import the parse barrel)', async () => {
    const { DEFAULT_PLAN_PROFILE } = await import('../../../src/engine/plan.js');
    const { DEFAULT_PARSE_OPTIONS } = await import('../../../src/parse/index.js');
    expect(DEFAULT_PLAN_PROFILE).toBe(DEFAULT_PARSE_OPTIONS.profile);
  });
});
