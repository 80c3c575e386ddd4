// Packages not from our own parser (built by a host, decoded from JSON) must pass what the parser refuses in
// every profile: a name becomes a folder name and a catalog key. The parser's own packages skip this.
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { segmentProblem } from '../parse/name-safety.js';

// Perf: the usual name needs one pattern test and nothing else.
const PLAIN_NAME = /^[a-z0-9-]+$/;

/** Throw `skill.invalid` unless `pkg` has a name and a description the parser would accept. */
export function checkPackage(pkg: SkillPackage): void {
  const d = pkg?.descriptor;
  const name: unknown = d?.name;
  const locator: unknown = d?.source?.locator;
  const where = typeof locator === 'string' ? ` (${locator})` : '';
  if (typeof name !== 'string' || !PLAIN_NAME.test(name)) {
    const problem = nameProblem(name);
    if (problem !== undefined) {
      throw new SkillgraphError(
        'skill.invalid',
        `a package's name ${JSON.stringify(name) ?? String(name)} is ${problem}${where}: a catalog takes only names the parser accepts`,
        {
          field: 'name',
          problem,
          ...(typeof locator === 'string' ? { file: locator } : {}),
        },
      );
    }
  }
  const description: unknown = d?.description;
  if (typeof description !== 'string' || description.trim() === '') {
    throw new SkillgraphError(
      'skill.invalid',
      `the package '${name as string}'${where} has ${typeof description === 'string' ? 'an empty' : 'no'} description: a catalog takes only skills with one`,
      {
        field: 'description',
        problem: 'empty',
        ...(typeof locator === 'string' ? { file: locator } : {}),
      },
    );
  }
}

function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'not text';
  if (name.trim() === '') return 'empty';
  if (name !== name.trim()) return 'not trimmed';
  // NFKC can turn full-width dots into `..`, as the parser's check knows.
  const segment = segmentProblem(name) ?? segmentProblem(name.normalize('NFKC'));
  return segment === undefined ? undefined : `not one plain path segment (${segment})`;
}
