/**
 * The catalog's routing findings: the links found while parsing (kept by package) and a scan of each body give
 * the same `routing.missing-sibling` findings as the full pass with mentions, and a catalog built from packages
 * parsed elsewhere (no links kept) falls back to scanning.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/index.js';
import { makeRoot } from '../../../src/discover/index.js';
import { loadCatalog } from '../../../src/engine/catalog-pipeline.js';
import { parseItem } from '../../../src/engine/parse-files.js';
import { planCatalog } from '../../../src/engine/plan.js';
import { findOutboundLinks } from '../../../src/routing/index.js';
import { catalogRouting, catalogRoutingDiagnostics } from '../../../src/tasks/routing-io.js';

const root = mkdtempSync(join(tmpdir(), 'sg-catalog-routing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const skill = (name: string, body: string): string =>
  `---\nname: ${name}\ndescription: ${name} things. Use when ${name} is asked for.\n---\n${body}`;
write('release/SKILL.md', skill('release', 'Run the `ship-it` skill, then [lint](../lint-fix/SKILL.md).\n'));
write('ship-it/SKILL.md', skill('ship-it', 'See [gone](../gone-away/) and [encoded](./%2e%2e/also-gone/).\n'));
write('notes/SKILL.md', skill('notes', 'Read [the guide](references/guide.md).\n'));

const roots = [makeRoot({ path: root, scope: 'project' }, root)];

describe('catalog routing findings', () => {
  it('are the full pass findings, from the links found while parsing', () => {
    const { catalog } = loadCatalog({ roots });
    const findings = catalogRoutingDiagnostics(catalog);
    expect(findings.map((d) => `${d.file.slice(root.length)}:${d.line}:${d.column} ${d.message}`)).toEqual([
      '/release/SKILL.md:5:38 links to the skill ../lint-fix/SKILL.md, which is not among the skills here',
      '/ship-it/SKILL.md:5:12 links to the skill ../gone-away/, which is not among the skills here',
      '/ship-it/SKILL.md:5:41 links to the skill ./%2e%2e/also-gone/, which is not among the skills here',
    ]);
    expect(findings).toEqual(catalogRouting(catalog).diagnostics);
  });

  it('come from the parse step: each parsed package carries its outbound links', () => {
    const plan = planCatalog({ roots });
    for (const item of plan.items) {
      const result = parseItem(item, plan.hasher);
      expect(result.links).toEqual(findOutboundLinks(result.package!.body));
    }
  });

  it('are the same for packages parsed elsewhere, whose bodies are scanned', () => {
    const plan = planCatalog({ roots });
    const packages = plan.items.map((item) => parseItem(item, plan.hasher).package!);
    const catalog = buildCatalog(packages);
    expect(catalogRoutingDiagnostics(catalog)).toEqual(catalogRouting(catalog).diagnostics);
    expect(catalogRoutingDiagnostics(catalog)).toHaveLength(3);
  });
});
