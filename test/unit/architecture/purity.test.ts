/**
 * Guards the "pure core, I/O shell" rule: the pure stages never
 * import the file system, threads, the pool or the process object.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../src/', import.meta.url).pathname;
const PURE_STAGES = ['parse', 'catalog', 'resolve', 'context', 'audit', 'routing', 'hosts', 'report'] as const;
const FORBIDDEN =
  /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](node:)?(fs|fs\/promises|worker_threads|piscina|child_process|process)['"]/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
    .sort();
}

describe('pure stages', () => {
  for (const stage of PURE_STAGES) {
    it(`src/${stage} imports no I/O, threads or process`, () => {
      const offenders = tsFiles(join(ROOT, stage)).filter((file) => {
        const text = readFileSync(file, 'utf8');
        return FORBIDDEN.test(text) || /\bprocess\.(env|cwd|argv|exit|stdout|stderr)\b/.test(text);
      });
      expect(offenders).toEqual([]);
    });
  }

  it('the scanner itself catches a forbidden import', () => {
    expect(FORBIDDEN.test("import { readFileSync } from 'node:fs';")).toBe(true);
    expect(FORBIDDEN.test("import x from 'piscina';")).toBe(true);
    expect(FORBIDDEN.test("import { parse } from 'yaml';")).toBe(false);
  });
});
