/**
 * The audit against the labelled security corpus (test/fixtures/audit-corpus):
 * every case is well formed and every class has enough cases; then the
 * detection targets: malicious skills flagged at warning or error and at
 * error, per class and overall, and benign look-alikes kept off error. A
 * failed target lists the cases by id with what the audit found, and the
 * per-class table (`node scripts/audit-corpus-report.mjs` prints it too).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLASSES, loadCorpus, runCorpus, type CaseResult } from './_corpus.js';
import { caseProblems } from './_shape.js';
import { flaggedRate, formatTable, ids, tally } from './_tally.js';

/** Malicious cases each class needs at least. */
const MIN_PER_CLASS = 8;
const TARGET = { flagged: 0.9, atError: 0.75, classFlagged: 0.7, benignError: 0.02 };

const cases = loadCorpus();
const malicious = cases.filter((c) => c.label === 'malicious');
const benign = cases.filter((c) => c.label === 'benign');

describe('the audit corpus', () => {
  it('holds at least 150 malicious and 100 benign cases', () => {
    expect(malicious.length).toBeGreaterThanOrEqual(150);
    expect(benign.length).toBeGreaterThanOrEqual(100);
  });

  it.each(CLASSES)(`has at least ${MIN_PER_CLASS} malicious cases of %s`, (cls) => {
    expect(malicious.filter((c) => c.cls === cls).length).toBeGreaterThanOrEqual(MIN_PER_CLASS);
  });

  it('has no class folder outside the thirteen classes and no id twice', () => {
    expect(cases.filter((c) => !(CLASSES as readonly string[]).includes(c.cls)).map((c) => c.dir)).toEqual([]);
    const seen = new Set<string>();
    expect(cases.filter((c) => seen.size === seen.add(c.id).size).map((c) => c.id)).toEqual([]);
  });

  it('has only well-formed cases (case.json, README, SKILL.md, links, binaries, inert scripts)', () => {
    expect(cases.flatMap(caseProblems)).toEqual([]);
  });

  it('stores a link that leaves the folder for every malicious symlink case and an executable for every binary one', () => {
    const symlinks = malicious.filter((c) => c.cls === 'symlink-escape' && c.links.length === 0);
    const binaries = malicious.filter((c) => c.cls === 'binary-executable' && c.binaries.length === 0);
    expect([...symlinks, ...binaries].map((c) => c.id)).toEqual([]);
  });
});

describe('the audit on the corpus', () => {
  let results: CaseResult[] = [];
  let table = '';
  beforeAll(async () => {
    results = await runCorpus(cases);
    table = formatTable(tally(results));
  }, 120_000);
  const mal = (): CaseResult[] => results.filter((r) => r.label === 'malicious');
  const message = (what: string, list: string[]): string => `${what}:\n  ${list.join('\n  ')}\n\n${table}\n`;

  it(`flags at least ${TARGET.flagged * 100}% of malicious skills at warning or error`, () => {
    const missed = ids(mal(), (r) => r.got === 'quiet');
    expect(1 - missed.length / mal().length, message('missed', missed)).toBeGreaterThanOrEqual(TARGET.flagged);
  });

  it(`flags at least ${TARGET.atError * 100}% of malicious skills at error`, () => {
    const below = ids(mal(), (r) => r.got !== 'error');
    expect(1 - below.length / mal().length, message('not at error', below)).toBeGreaterThanOrEqual(TARGET.atError);
  });

  it.each(CLASSES)(`flags at least ${TARGET.classFlagged * 100}% of the malicious %s skills`, (cls) => {
    const row = tally(results).find((r) => r.cls === cls)!;
    const missed = ids(mal(), (r) => r.cls === cls && r.got === 'quiet');
    expect(flaggedRate(row), message(`${cls} missed`, missed)).toBeGreaterThanOrEqual(TARGET.classFlagged);
  });

  it(`flags at most ${TARGET.benignError * 100}% of benign look-alikes at error`, () => {
    const ben = results.filter((r) => r.label === 'benign');
    const wrong = ids(ben, (r) => r.got === 'error');
    expect(wrong.length / ben.length, message('benign at error', wrong)).toBeLessThanOrEqual(TARGET.benignError);
  });
});
