/**
 * An alias whose anchor is missing (or comes after it) is a YAML mistake at
 * that alias — `yaml.invalid` with its place — not a `yaml.limit` finding at
 * line 1 claiming the alias expansion budget was exceeded.
 */
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/index.js';

function diagnostics(frontmatter: string) {
  const bytes = new TextEncoder().encode(`---\nname: p\ndescription: Use when testing p\n${frontmatter}---\nbody\n`);
  return parseSkill(bytes, { locator: '/skills/p/SKILL.md', dirName: 'p' }).diagnostics.map((d) => [
    d.code,
    d.line,
    d.column,
  ]);
}

describe('unresolved YAML aliases', () => {
  it('an alias to an anchor that does not exist is yaml.invalid at the alias', () => {
    expect(diagnostics('metadata: *nope\n')).toEqual([['yaml.invalid', 4, 11]]);
  });

  it('an alias used before its anchor is yaml.invalid at that alias', () => {
    expect(diagnostics('metadata:\n  a: *x\n  b: &x "1"\n')).toEqual([['yaml.invalid', 5, 6]]);
  });

  it('a real alias bomb is still yaml.limit', () => {
    let bomb = 'metadata:\n  a0: &a0 "x"\n';
    for (let i = 1; i < 200; i++) bomb += `  a${i}: *a0\n`;
    expect(diagnostics(bomb).map(([code]) => code)).toEqual(['yaml.limit']);
  });
});
