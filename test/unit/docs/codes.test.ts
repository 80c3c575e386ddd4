/**
 * Every code a user can meet is documented: each diagnostic code of the one
 * union in src/model/diagnostics.ts and each thrown-error code of
 * ERROR_CODES appears, in backticks, somewhere in docs/. The union is a type,
 * so its members are read from the source text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/model/errors.js';
import { PARSE_RULE_CODES } from '../../../src/parse/index.js';
import { docFiles, read, REPO } from './_markdown.js';

function diagnosticCodes(): string[] {
  const source = readFileSync(join(REPO, 'src/model/diagnostics.ts'), 'utf8');
  const start = source.indexOf('export type DiagnosticCode =');
  const union = source.slice(start, source.indexOf(';', start));
  return [...union.matchAll(/\|\s*'([a-z][\w.-]*)'/g)].map((m) => m[1]!);
}

const docs = docFiles()
  .filter((f) => f.startsWith('docs/'))
  .map(read)
  .join('\n');
const undocumented = (codes: readonly string[]): string[] => codes.filter((code) => !docs.includes(`\`${code}\``));

describe('the codes in docs/', () => {
  it('include every diagnostic code', () => {
    const codes = diagnosticCodes();
    expect(codes.length).toBeGreaterThan(50);
    expect(undocumented(codes)).toEqual([]);
  });

  it('include every parse rule code', () => {
    expect(undocumented(PARSE_RULE_CODES)).toEqual([]);
  });

  it('include every thrown-error code', () => {
    expect(undocumented(ERROR_CODES)).toEqual([]);
  });
});
