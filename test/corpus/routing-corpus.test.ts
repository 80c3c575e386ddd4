/**
 * The routing pass over the real corpus (read in place as data): overlap
 * pairs are between different skills, at or above the threshold, and the
 * same whatever the input order; every implicit edge and every missing
 * sibling points at the file, line and column that hold its text. Holds on
 * both forms of the corpus (links as plain files, or made real:
 * `SKILLGRAPH_TEST_CORPUS=DIR`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeRoot } from '../../src/discover/index.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';
import { catalogRouting } from '../../src/tasks/routing-io.js';
import { findOverlaps } from '../../src/routing/index.js';

const CORPUS = process.env.SKILLGRAPH_TEST_CORPUS ?? new URL('../../../shared/corpus/real', import.meta.url).pathname;

/** The text of line `line` (1-based) of `file`, from `column` (1-based) on. */
const at = (file: string, line: number, column: number): string =>
  readFileSync(file, 'utf8')
    .split('\n')
    [line - 1]!.slice(column - 1);

describe.skipIf(!existsSync(CORPUS))('routing on the real corpus', () => {
  const { catalog } = loadCatalog({
    roots: [makeRoot({ path: CORPUS, scope: 'project' }, process.cwd())],
    depth: 8,
    maxDirs: 20_000,
  });
  const routing = catalogRouting(catalog);

  it('pairs different skills at or above the threshold, the same in any input order', () => {
    expect(routing.pairs.length).toBeGreaterThanOrEqual(20);
    for (const p of routing.pairs) {
      expect(p.a.name < p.b.name).toBe(true);
      expect(p.score).toBeGreaterThanOrEqual(0.6);
      expect(p.terms.length).toBeGreaterThan(0);
    }
    const reversed = findOverlaps([...catalog.skills].reverse());
    expect(JSON.stringify(reversed.diagnostics)).toBe(
      JSON.stringify(routing.diagnostics.filter((d) => d.code === 'routing.overlap')),
    );
  });

  it('finds link and mention edges whose place holds their text', () => {
    const names = new Set(catalog.skills.map((p) => p.descriptor.name));
    const kinds = { link: 0, mention: 0 };
    for (const e of routing.edges) {
      kinds[e.kind]++;
      expect(names.has(e.from) && names.has(e.to) && e.from !== e.to).toBe(true);
      const text = at(e.file, e.line, e.column);
      expect(e.kind === 'link' ? text.startsWith(e.text) : text.toLowerCase().startsWith(e.text.toLowerCase())).toBe(
        true,
      );
    }
    expect(kinds.link).toBeGreaterThan(30);
    expect(kinds.mention).toBeGreaterThan(50);
  });

  it('reports each missing sibling at the link that names it', () => {
    const missing = routing.diagnostics.filter((d) => d.code === 'routing.missing-sibling');
    expect(missing.length).toBeGreaterThan(0);
    for (const d of missing) expect(d.message).toContain(at(d.file, d.line, d.column).split(')')[0]!);
  });
});
