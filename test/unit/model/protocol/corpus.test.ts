/**
 * The protocol types over the real corpus (../shared/corpus/real, read in
 * place): every skill that resolves yields metadata and a definition that
 * validate and round-trip; every skill that does not yields a SkillError.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeRoot } from '../../../../src/discover/index.js';
import { loadCatalog } from '../../../../src/engine/catalog-pipeline.js';
import { SkillDefinition, SkillMetadata, toSkillError } from '../../../../src/index.js';
import { resolveCatalog } from '../../../../src/resolve/index.js';

const PROJECT = new URL('../../../../', import.meta.url).pathname;
const CORPUS = new URL('../shared/corpus/real', new URL(PROJECT, 'file://')).pathname;

describe.skipIf(!existsSync(CORPUS))('protocol types on the real corpus', () => {
  it('builds valid, round-tripping metadata and definitions for every catalogued skill', () => {
    const { catalog } = loadCatalog({
      roots: [makeRoot({ path: CORPUS, scope: 'project' }, PROJECT)],
      depth: 8,
      maxDirs: 50_000,
    });
    expect(catalog.skills.length).toBeGreaterThan(500);
    const resolved = resolveCatalog(catalog).skills;
    let described = 0;
    catalog.skills.forEach((pkg, i) => {
      const r = resolved[i]!;
      if (!r.ok) {
        expect(toSkillError(r.error, { skillName: pkg.descriptor.name }).type).toMatch(
          /^(cycle_detected|skill_not_found)$/,
        );
        return;
      }
      const meta = SkillMetadata.fromSkill(pkg, r.entries);
      expect(SkillMetadata.fromSummary(pkg, r.summary).toJSON()).toEqual(meta.toJSON());
      expect(SkillMetadata.from(JSON.parse(JSON.stringify(meta))).toJSON()).toEqual(meta.toJSON());
      const def = SkillDefinition.fromSkill(pkg, r.entries);
      expect(JSON.stringify(SkillDefinition.from(JSON.parse(JSON.stringify(def))))).toBe(JSON.stringify(def));
      expect(def.writes).toBe(meta.writes);
      described++;
    });
    expect(described).toBeGreaterThan(500);
  });
});
