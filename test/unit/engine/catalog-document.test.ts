import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAME as REQUEST_CONFIG_FILE_NAME, lazyCatalogRequest } from '../../../src/cli/catalog-request.js';
import { catalogRequest } from '../../../src/cli/catalog-flags.js';
import type { CliIo } from '../../../src/cli/io.js';
import { jsonDocument } from '../../../src/cli/io.js';
import {
  catalogJson,
  catalogJsonBytes,
  completenessJson,
  descriptorJson,
  writeCatalogJson,
} from '../../../src/tasks/catalog-document.js';
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
  // Odd descriptors: a C1 control and quotes in text, nested metadata, tools, includes that fail.
  const skill = (name: string, front: string): void => {
    mkdirSync(join(dir, 'odd', name), { recursive: true });
    writeFileSync(join(dir, 'odd', name, 'SKILL.md'), `---\nname: ${name}\n${front}---\n# ${name}\n`);
  };
  skill(
    'odd-text',
    'description: "Says \\"hi\\" \\u0085 and \\t tabs, caf\\u00e9"\nversion: 1.2.3\nmetadata:\n  owner: "a\\u009fb"\n  tags: "x, y"\nallowed-tools: Read Bash(git:*)\n',
  );
  skill('odd-loop', 'description: Includes itself.\nincludes:\n  - odd-loop\n');
  skill(
    'odd-tools',
    'description: Has tools.\ntools:\n  - name: grep\n    writes: false\n  - name: edit\n    writes: true\nincludes:\n  - odd-text\n',
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('catalogJson', () => {
  const corpus = () => {
    const loaded = loadCatalog({
      roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())],
      depth: 8,
      maxDirs: 20_000,
    });
    return {
      ...loaded,
      rootSource: 'flags' as const,
      cache: { enabled: false, hits: 0, revalidated: 0, misses: 0, dirsReused: 0, dirsRead: 0 },
    };
  };

  it.skipIf(!existsSync(CORPUS))('puts SkillMetadata.fromSummary(…).toJSON() on every skill of the real corpus', () => {
    const result = corpus();
    const doc = JSON.parse(catalogJson(result)) as { skills: { metadata: unknown; skill_metadata: unknown }[] };
    const resolved = resolveCatalog(result.catalog).skills;
    const skills = doc.skills;
    expect(skills).toHaveLength(result.catalog.skills.length);
    let compared = 0;
    result.catalog.skills.forEach((p, i) => {
      const r = resolved[i]!;
      const expected = r.ok ? SkillMetadata.fromSummary(p, r.summary).toJSON() : null;
      expect(JSON.stringify(skills[i]!.skill_metadata)).toBe(JSON.stringify(expected));
      // The descriptor's own frontmatter `metadata` map is never replaced.
      expect(skills[i]!.metadata).toEqual(p.descriptor.metadata);
      if (r.ok) compared++;
    });
    expect(compared).toBeGreaterThan(500);
  });

  it.skipIf(!existsSync(CORPUS))('is byte for byte jsonDocument of the document object on the real corpus', () => {
    const result = corpus();
    const resolved = resolveCatalog(result.catalog).skills;
    const { catalog } = result;
    const skills = catalog.skills.map((p, i) => {
      const r = resolved[i]!;
      return {
        ...descriptorJson(p.descriptor),
        skill_metadata: r.ok ? SkillMetadata.fromSummary(p, r.summary).toJSON() : null,
      };
    });
    const doc = {
      digest: catalog.digest,
      skills,
      conflicts: catalog.conflicts,
      diagnostics: catalog.diagnostics,
      ...completenessJson(result.walk),
      stats: result.stats,
    };
    expect(catalogJson(result)).toBe(jsonDocument(doc));
  });

  it('writes odd descriptors and an empty catalog as the document object does', () => {
    for (const folder of ['odd', 'no-config']) {
      const loaded = loadCatalog({
        roots: [makeRoot({ path: join(dir, folder), scope: 'project' }, process.cwd())],
        depth: 3,
      });
      const result = {
        ...loaded,
        rootSource: 'flags' as const,
        cache: { enabled: false, hits: 0, revalidated: 0, misses: 0, dirsReused: 0, dirsRead: 0 },
      };
      const { catalog } = result;
      const resolved = resolveCatalog(catalog).skills;
      const skills = catalog.skills.map((p, i) => ({
        ...descriptorJson(p.descriptor),
        skill_metadata: resolved[i]!.ok ? SkillMetadata.fromSummary(p, resolved[i]!.summary).toJSON() : null,
      }));
      const doc = {
        digest: catalog.digest,
        skills,
        conflicts: catalog.conflicts,
        diagnostics: catalog.diagnostics,
        ...completenessJson(result.walk),
        stats: result.stats,
      };
      expect(catalog.skills.length).toBe(folder === 'odd' ? 3 : 0);
      expect(catalogJson(result)).toBe(jsonDocument(doc));
      // The bytes are the text's UTF-8, exactly (odd-text holds non-ASCII and a C1 control).
      expect(catalogJsonBytes(result).equals(Buffer.from(jsonDocument(doc), 'utf8'))).toBe(true);
      const chunks: Buffer[] = [];
      writeCatalogJson(result, (chunk) => chunks.push(chunk));
      expect(Buffer.concat(chunks).equals(Buffer.from(jsonDocument(doc), 'utf8'))).toBe(true);
    }
  });

  it('gives the UTF-8 bytes of catalogJson when later skills are far larger than the first ones', () => {
    const tree = join(dir, 'growing');
    for (let i = 0; i < 90; i++) {
      const name = `grow-${String(i).padStart(2, '0')}`;
      mkdirSync(join(tree, name), { recursive: true });
      // The buffer is sized from the first skills: the later ones, many times their size in
      // UTF-8 (two- and three-byte characters, long metadata), make it grow.
      const big =
        i >= 64
          ? `metadata:\n${Array.from({ length: 40 }, (_, k) => `  key-${k}: "${'é€'.repeat(40)}"`).join('\n')}\n`
          : '';
      writeFileSync(
        join(tree, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${i >= 64 ? 'Ünïcödé € '.repeat(90) : 'Short.'}\n${big}---\n# ${name}\n`,
      );
    }
    const loaded = loadCatalog({ roots: [makeRoot({ path: tree, scope: 'project' }, process.cwd())], depth: 3 });
    const result = {
      ...loaded,
      rootSource: 'flags' as const,
      cache: { enabled: false, hits: 0, revalidated: 0, misses: 0, dirsReused: 0, dirsRead: 0 },
    };
    expect(result.catalog.skills).toHaveLength(90);
    expect(catalogJsonBytes(result).equals(Buffer.from(catalogJson(result), 'utf8'))).toBe(true);
    const chunks: Buffer[] = [];
    writeCatalogJson(result, (chunk) => chunks.push(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(catalogJson(result));
  });

  it.skipIf(!existsSync(CORPUS))('gives the UTF-8 bytes of catalogJson on the real corpus', () => {
    const result = corpus();
    const bytes = catalogJsonBytes(result);
    expect(bytes.equals(Buffer.from(catalogJson(result), 'utf8'))).toBe(true);
    expect(bytes.toString('utf8')).toMatch(/\n}\n$/);
    // Written as made: buffers of about a MiB, each whole UTF-8 (no character cut between two).
    const chunks: Buffer[] = [];
    writeCatalogJson(result, (chunk) => chunks.push(Buffer.from(chunk)));
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(chunks.map((c) => c.toString('utf8')).join('')).toBe(bytes.toString('utf8'));
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
