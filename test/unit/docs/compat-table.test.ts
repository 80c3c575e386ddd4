/**
 * The behaviour table in docs/compat.md names its tests: every quoted
 * scenario is a scenario of that feature file (a name ending in `…` is the
 * start of one), and every `*.test.ts` named is a unit test file. A renamed
 * scenario or test must be renamed in the table too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './_markdown.js';

const compat = readFileSync(join(REPO, 'docs/compat.md'), 'utf8');
const table = compat.slice(compat.indexOf('### Behaviour by behaviour'), compat.indexOf('### Protocol types'));
const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| system') && !l.startsWith('|---'));

function scenarioTitles(feature: string): string[] {
  const text = readFileSync(join(REPO, 'features', feature), 'utf8');
  return [...text.matchAll(/^\s*Scenario(?: Outline)?:\s*(.+?)\s*$/gm)].map((m) => m[1]!);
}

function unitTests(dir = join(REPO, 'test/unit')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? unitTests(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [e.name] : [],
  );
}

/** `x.feature: "a", "b"; y.test.ts` → the feature references and the unit test names of one cell. */
function references(cell: string): { feature: string; name: string }[] {
  const out: { feature: string; name: string }[] = [];
  for (const part of cell.split(';')) {
    const m = /([\w-]+\.feature):(.*)/.exec(part);
    if (!m) continue;
    for (const q of m[2]!.matchAll(/"([^"]+)"/g)) out.push({ feature: m[1]!, name: q[1]! });
  }
  return out;
}

describe('the behaviour table of docs/compat.md', () => {
  it('has a row per behaviour of each of the four systems', () => {
    const systems = new Set(rows.map((r) => r.split('|')[1]!.trim()));
    expect([...systems].sort()).toEqual([
      'catalog runtime',
      'include resolver',
      'protocol types',
      'sandbox capability',
    ]);
    expect(rows.length).toBeGreaterThan(30);
  });

  it('names only scenarios that exist', () => {
    const missing: string[] = [];
    for (const row of rows) {
      const cell = row.split('|').at(-2)!;
      for (const { feature, name } of references(cell)) {
        const titles = scenarioTitles(feature);
        const found = name.endsWith('…')
          ? titles.some((t) => t.startsWith(name.slice(0, -1).trim()))
          : titles.includes(name);
        if (!found) missing.push(`${feature}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only unit test files that exist', () => {
    const files = new Set(unitTests());
    const named = rows.flatMap((r) =>
      [
        ...r
          .split('|')
          .at(-2)!
          .matchAll(/([\w-]+\.test\.ts)/g),
      ].map((m) => m[1]!),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((f) => !files.has(f))).toEqual([]);
  });
});
