/**
 * Corpus test: the audit's one-pass prefilter (`needlesIn`) over every text file of the real corpus
 * and of the labelled security corpus. A family it leaves out must have no pattern matching the
 * file, and a Markdown line it does not mark must be one the phrase matcher's own prefilter passes
 * over: the pass only ever skips work, never a finding.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/audit/audit.js';
import { declaredNeedles, needlesIn } from '../../src/audit/needles.js';
import { mayHoldPhrase } from '../../src/audit/phrase-match.js';

const REAL = process.env.SKILLGRAPH_TEST_CORPUS ?? join(resolve(import.meta.dirname, '../../../shared/corpus'), 'real');
const LABELLED = resolve(import.meta.dirname, '../fixtures/audit-corpus');

function* texts(dir: string): Generator<[string, string]> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isDirectory()) yield* texts(path);
    else if (st.isFile() && st.size <= 1024 * 1024) {
      const text = readFileSync(path, 'utf8');
      if (!text.includes('\0')) yield [path, text];
    }
  }
}

function check(root: string): number {
  const { families } = declaredNeedles();
  let files = 0;
  for (const [path, text] of texts(root)) {
    files++;
    const phraseLines = new Set<number>();
    const mask = needlesIn(text, /\.(?:md|markdown|mdx)$/i.test(path) ? phraseLines : undefined);
    for (const { bit, patterns } of families)
      if ((mask & bit) === 0) {
        const matched = patterns.find((re) => re.test(text));
        expect(matched, `${path}: a pattern of a family left out matches`).toBeUndefined();
      }
    if (/\.(?:md|markdown|mdx)$/i.test(path))
      text.split('\n').forEach((line, i) => {
        if (mayHoldPhrase(line)) expect(phraseLines.has(i + 1), `${path}:${i + 1} may hold a phrase`).toBe(true);
      });
  }
  return files;
}

describe('the audit prefilter', () => {
  it('leaves out no family and no line the labelled corpus needs', () => {
    expect(check(LABELLED)).toBeGreaterThan(400);
  });

  it.skipIf(!existsSync(REAL))(
    'leaves out no family and no line the real corpus needs',
    () => {
      expect(check(REAL)).toBeGreaterThan(1000);
    },
    240_000,
  );
});
