/**
 * The published files speak to users: no design requirement ids (the
 * P/D/C/R/T/X/N/M/S/H ids of the design document), and no "the seed" or
 * "issue #" — in the type declarations (whose doc comments editors show) and
 * in the code. Over the built dist/ and bin/ (skipped when not built).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = join(REPO, 'dist');

/** A requirement id as the design document writes them, e.g. `P6a`, `R2`, `X1a`. */
const DESIGN_ID = /(?<![\w$.])[PDCRTXNMSH][1-9]\d?[a-z]?(?![\w$])/g;
const ISSUE_WORDS = /\bthe seed\b|\bissue #/gi;
/** Unicode's C0 and C1 control sets share the form of an id: allowed where the line speaks of controls. */
const CONTROL_SETS = /\bC[01]\b/;

/** Our own shipped files: declarations and code, not the bundled yaml and zod. */
function shipped(dir: string): string[] {
  const ours = (name: string): boolean => /\.(d\.ts|c?js)$/.test(name) && name !== 'yaml.cjs' && name !== 'zod.cjs';
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shipped(join(dir, e.name)) : ours(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Each offending match as `file:line: text`. */
export function offenders(file: string, text: string): string[] {
  const out: string[] = [];
  // Long base64 runs (the inline WASM core) are data, not words.
  text.split('\n').forEach((line, i) => {
    const words = line.replace(/[A-Za-z0-9+/=]{200,}/g, '');
    for (const m of [...words.matchAll(DESIGN_ID), ...words.matchAll(ISSUE_WORDS)]) {
      if (CONTROL_SETS.test(m[0]) && /control/i.test(line)) continue;
      out.push(`${relative(REPO, file)}:${i + 1}: ${m[0]}`);
    }
  });
  return out;
}

describe.skipIf(!existsSync(join(DIST, 'skillgraph.cjs')))('the published files', () => {
  it('name no design requirement id, "the seed" or "issue #"', () => {
    const files = [...shipped(DIST), join(REPO, 'bin', 'skillgraph.js'), join(REPO, 'bin', 'code-cache.cjs')];
    for (const f of ['skillgraph.cjs', 'types/skillgraph.d.ts', 'types/index.d.ts'])
      expect(files).toContain(join(DIST, f));
    expect(files.flatMap((f) => offenders(f, readFileSync(f, 'utf8')))).toEqual([]);
  });
});

describe('the scan', () => {
  it('catches ids and words, and lets control sets and data be', () => {
    expect(offenders('x.d.ts', '/** Run the P6a lint rules (R2 order, X1a). */')).toHaveLength(3);
    expect(offenders('x.d.ts', ' * (the ValueError of the seed), see issue #29')).toHaveLength(2);
    expect(offenders('x.d.ts', ' * DEL and every C1 control is shown as \\xNN')).toEqual([]);
    expect(offenders('x.js', `const a = "${'A'.repeat(300)}/P6a+${'B'.repeat(300)}";`)).toEqual([]);
    expect(offenders('x.js', 'a.P2 = b; $R2 = c')).toEqual([]);
  });
});
