import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/index.js';
import { makeRoot } from '../../../src/discover/roots.js';
import { loadCatalog } from '../../../src/engine/catalog-pipeline.js';
import type { Diagnostic } from '../../../src/model/diagnostics.js';

const CORPUS = new URL('../../../../shared/corpus/real', import.meta.url).pathname;

/** The first object reachable from `value` (own keys, any depth) that is not frozen, as a path. */
function unfrozen(value: unknown, path = '$', seen = new Set<object>()): string | undefined {
  if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  if (!Object.isFrozen(value)) return path;
  for (const key of Object.keys(value)) {
    const found = unfrozen((value as Record<string, unknown>)[key], `${path}.${key}`, seen);
    if (found) return found;
  }
  return undefined;
}

describe('sealing freezes by known shape', () => {
  it.skipIf(!existsSync(CORPUS))(
    'leaves nothing reachable from an engine-loaded catalog of the real corpus unfrozen',
    () => {
      const { catalog } = loadCatalog({
        roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())],
        depth: 8,
        maxDirs: 20_000,
      });
      expect(catalog.skills.length).toBeGreaterThan(500);
      for (const p of catalog.skills) expect(unfrozen(p, p.descriptor.name)).toBeUndefined();
      expect(unfrozen(catalog.conflicts)).toBeUndefined();
      expect(unfrozen(catalog.diagnostics)).toBeUndefined();
    },
  );

  it('leaves no part of a composition unfrozen: includes with overrides, tools, inline tools with schemas, MCP, agent skills', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillgraph-freeze-'));
    try {
      const skill = (name: string, front: string): void => {
        mkdirSync(join(dir, name), { recursive: true });
        writeFileSync(
          join(dir, name, 'SKILL.md'),
          `---\nname: ${name}\ndescription: The ${name} skill.\n${front}---\n# ${name}\n`,
        );
      };
      skill('base', 'tools:\n  - name: edit\n    writes: true\n');
      skill(
        'full',
        'metadata:\n  owner: me\nincludes:\n  - skill: base\n    overrides:\n      edit: { writes: false, description: safe }\ntools: [grep]\n' +
          'inline-tools:\n  - description: fmt\n    input-schema: { type: object, properties: { path: { type: string } } }\n' +
          'mcp:\n  - server: gh\n    tools: [search, { name: push, writes: true }]\nagent-skills: [vendor/pdf]\n' +
          'x-nested: [[a, { b: [c, [d]] }], { e: { f: [1, { g: null }] } }]\n',
      );
      const { catalog } = loadCatalog({ roots: [makeRoot({ path: dir, scope: 'project' }, process.cwd())], depth: 2 });
      const full = catalog.get('full')!;
      expect(full.composition.includes[0]!.overrides.edit).toBeDefined();
      expect(full.composition.inlineTools[0]!.inputSchema).toBeDefined();
      expect(full.composition.mcp[0]!.tools).toHaveLength(2);
      expect(full.frontmatter['x-nested']).toEqual([['a', { b: ['c', ['d']] }], { e: { f: [1, { g: null }] } }]);
      for (const p of catalog.skills) expect(unfrozen(p, p.descriptor.name)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("freezes copies of a caller's findings, never the caller's own objects", () => {
    const mine: Diagnostic = {
      code: 'catalog.conflict',
      severity: 'warning',
      file: '/a',
      line: 0,
      column: 0,
      message: 'm',
      hint: '',
    };
    const c = buildCatalog([], { diagnostics: [mine] });
    expect(c.diagnostics[0]).toEqual(mine);
    expect(Object.isFrozen(c.diagnostics[0])).toBe(true);
    expect(Object.isFrozen(mine)).toBe(false);
  });
});
