/**
 * `--root skills:Local:30` used to be read as one path named `skills:Local:30`,
 * skipped as a missing optional root: every skill gone, exit 0, nothing on
 * the terminal. A `PATH:Word:number` spec whose scope is not a valid scope is
 * a usage error naming the scope; valid specs and colon paths are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { isSkillgraphError } from '../../../src/model/errors.js';
import { parseRootSpec } from '../../../src/discover/roots.js';
import { discoverDiagnostic } from '../../../src/discover/messages.js';

function codeOf(spec: string): string | undefined {
  try {
    parseRootSpec(spec);
    return undefined;
  } catch (error) {
    return isSkillgraphError(error) ? error.code : 'not-a-skillgraph-error';
  }
}

describe('root spec scope typos', () => {
  it('rejects a mistyped scope before a precedence (upper case, leading underscore)', () => {
    expect(codeOf('skills:Local:30')).toBe('usage');
    expect(codeOf('skills:__proto__:25')).toBe('usage');
    expect(codeOf('skills:Vendor:25!')).toBe('usage');
  });

  it('keeps valid specs and paths that merely contain colons', () => {
    expect(parseRootSpec('skills:vendor:25')).toMatchObject({ path: 'skills', scope: 'vendor', precedence: 25 });
    expect(parseRootSpec('a:b:c')).toMatchObject({ path: 'a:b', scope: 'c' });
    expect(parseRootSpec('dir:v1.2:3')).toMatchObject({ path: 'dir:v1.2:3' });
    expect(codeOf('C:\\skills')).toBeUndefined();
  });

  it('the missing-root hint explains a colon read as part of the path', () => {
    const hint = (root: string) => discoverDiagnostic('discover.root-missing', root, { scope: 'project', root }).hint;
    expect(hint('/repo/skills:Local')).toContain("':'");
    expect(hint('/repo/skills')).not.toContain("':'");
  });
});
