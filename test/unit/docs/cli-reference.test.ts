/**
 * docs/cli.md is the reference for every verb and flag: each verb the CLI
 * dispatches has a `##` section there, and each flag a verb declares is
 * spelled out. The CLI's own declarations are the list, so a new verb or flag
 * without documentation fails here.
 */
import { describe, expect, it } from 'vitest';
import { VERBS } from '../../../src/cli/main.js';
import { prose, read } from './_markdown.js';

const cli = read('docs/cli.md');
const sections = prose(cli)
  .split('\n')
  .filter((l) => l.startsWith('## '));
const headingWords = new Set(
  cli
    .split('\n')
    .filter((l) => /^## /.test(l))
    .flatMap((l) => l.slice(3).split(/[\s,`]+/)),
);

describe('docs/cli.md', () => {
  it('has sections', () => {
    expect(sections.length).toBeGreaterThan(5);
  });

  for (const [verb, load] of Object.entries(VERBS)) {
    it(`documents ${verb} and each of its flags`, async () => {
      const { spec } = await load();
      expect(headingWords.has(verb), `a ## heading naming ${verb}`).toBe(true);
      const missing = Object.keys(spec.flags).filter((flag) => !cli.includes(`--${flag}`));
      expect(missing).toEqual([]);
    });
  }
});
