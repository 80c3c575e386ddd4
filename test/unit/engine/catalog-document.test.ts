import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAME as REQUEST_CONFIG_FILE_NAME, lazyCatalogRequest } from '../../../src/cli/catalog-request.js';
import { catalogRequest } from '../../../src/cli/catalog-flags.js';
import type { CliIo } from '../../../src/cli/io.js';
import { catalogDocument } from '../../../src/cli/verbs/catalog.js';
import { CONFIG_FILE_NAME } from '../../../src/discover/config.js';
import { makeRoot } from '../../../src/discover/roots.js';
import { loadCatalog } from '../../../src/engine/catalog-pipeline.js';
import { SkillMetadata } from '../../../src/model/protocol/index.js';
import { resolveCatalog } from '../../../src/resolve/index.js';

const CORPUS = new URL('../../../../shared/corpus/real', import.meta.url).pathname;

let dir: string;

function _io(cwd: string): CliIo {
  return { stdout: { write: () => true }, stderr: { write: () => true }, cwd, env: { HOME: cwd } };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-doc-'));
  mkdirSync(join(dir, 'with-config', 'deep', 'er'), { recursive: true });
  mkdirSync(join(dir, 'with-config', 'skills'), { recursive: true });
  writeFileSync(join(dir, 'with-config', CONFIG_FILE_NAME), 'roots:\n  - path: skills\n    scope: local\ndepth: 3\n');
  mkdirSync(join(dir, 'no-config'), { recursive: true });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('catalogDocument metadata', () => {
  it.skipIf(!existsSync(CORPUS))('equals SkillMetadata.fromSummary(…).toJSON() for every skill of the real corpus', () => {
    const loaded = loadCatalog({ roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())], depth: 8, maxDirs: 20_000 });
    const doc = catalogDocument({ ...loaded, rootSource: 'flags', cache: { enabled: false, hits: 0, revalidated: 0, misses: 0, dirsReused: 0, dirsRead: 0 } });
    const resolved = resolveCatalog(loaded.catalog).skills;
    const skills = doc.skills as { metadata: unknown; skill_metadata: unknown }[];
    expect(skills).toHaveLength(loaded.catalog.skills.length);
    let compared = 0;
    loaded.catalog.skills.forEach((p, i) => {
      const r = resolved[i]!;
      const expected = r.ok ? SkillMetadata.fromSummary(p, r.summary).toJSON() : null;
      expect(JSON.stringify(skills[i]!.skill_metadata)).toBe(JSON.stringify(expected));
      // The descriptor's own frontmatter `metadata` map is never replaced.
      expect(skills[i]!.metadata).toEqual(p.descriptor.metadata);
      if (r.ok) compared++;
    });
    expect(compared).toBeGreaterThan(500);
  });
});

describe('lazyCatalogRequest', () => {
  it('uses the same config file name as discover/config', () => {
    expect(REQUEST_CONFIG_FILE_NAME).toBe(CONFIG_FILE_NAME);
  });

  it('gives the same request as catalogRequest, with a config file found upward and without one', async () => {
    for (const cwd of [join(dir, 'with-config', 'deep', 'er'), join(dir, 'no-config')]) {
      const lazy = await lazyCatalogRequest({}, _io(cwd), 'catalog');
      const eager = catalogRequest({}, _io(cwd), 'catalog');
      expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    }
    const found = await lazyCatalogRequest({}, _io(join(dir, 'with-config', 'deep', 'er')), 'catalog');
    expect(found.rootSource).toBe('config');
    expect(found.load.depth).toBe(3);
  });

  it('reads an explicit --config file', async () => {
    const values = { config: join(dir, 'with-config', CONFIG_FILE_NAME) };
    const lazy = await lazyCatalogRequest(values, _io(join(dir, 'no-config')), 'catalog');
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(catalogRequest(values, _io(join(dir, 'no-config')), 'catalog')));
    expect(lazy.configFile).toBeDefined();
  });
});
