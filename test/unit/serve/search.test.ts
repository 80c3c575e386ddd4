/**
 * `search_skills` ranks with the routing index: BM25+ over name, description
 * and `when_to_use`, plural endings folded, the last word as a prefix, one
 * typo in a long word, an exact name first, ties by name.
 */
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/parse-skill.js';
import { searchSkills } from '../../../src/serve/search.js';

const pkg = (name: string, description: string, extra = '') =>
  parseSkill(new TextEncoder().encode(`---\nname: ${name}\ndescription: ${description}\n${extra}---\nbody\n`), {
    locator: `/s/${name}/SKILL.md`,
    dirName: name,
    profile: 'claude-code',
  }).package!;

const SKILLS = [
  pkg('k8s-debug', 'Diagnose crashing Kubernetes pods from events and logs.'),
  pkg('unit-tests', 'Write unit tests for TypeScript modules with vitest.'),
  pkg('release', 'Publish a release.', 'when_to_use: When tagging a version and writing the changelog.\n'),
  pkg('pdf', 'Read PDF files.'),
  pkg('pdf-forms', 'Fill PDF forms.'),
];
const names = (query: string, limit = 10): string[] => searchSkills(SKILLS, query, limit).map((h) => h.name);

describe('search_skills ranking', () => {
  it('matches what a request means: plural endings, an unfinished last word, a typo, when_to_use', () => {
    expect(names('my test fails')).toEqual(['unit-tests']);
    expect(names('pods crashing in kuber')).toEqual(['k8s-debug']);
    expect(names('kubernets')).toEqual(['k8s-debug']);
    expect(names('update the changelog')).toEqual(['release']);
  });

  it('puts an exact name first, then by score, and stops at the limit', () => {
    expect(names('pdf')).toEqual(['pdf', 'pdf-forms']);
    expect(names('pdf forms')).toEqual(['pdf-forms', 'pdf']);
    expect(names('pdf', 1)).toEqual(['pdf']);
    expect(names('the and of')).toEqual([]);
  });
});
