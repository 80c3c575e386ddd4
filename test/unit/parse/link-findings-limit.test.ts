import { describe, expect, it } from 'vitest';
import { LINK_FINDINGS_MAX, lintSkill, parseSkill } from '../../../src/parse/index.js';

function _pkg(body: string) {
  const { package: pkg } = parseSkill(`---\nname: demo\ndescription: Demo. Use when testing.\n---\n${body}`, {
    locator: '/skills/demo/SKILL.md',
    dirName: 'demo',
  });
  if (!pkg) throw new Error('fixture did not parse');
  return pkg;
}

describe('link findings limit', () => {
  it('reports at most LINK_FINDINGS_MAX broken links per file plus one finding counting the rest', () => {
    const body = Array.from({ length: LINK_FINDINGS_MAX + 250 }, (_, i) => `See [x](references/missing-${i}.md).`).join(
      '\n',
    );
    const found = lintSkill(_pkg(body), { files: [{ path: 'SKILL.md', size: body.length }] }).filter(
      (d) => d.code === 'link.broken',
    );
    expect(found).toHaveLength(LINK_FINDINGS_MAX + 1);
    expect(found.filter((d) => d.message.includes('250 more'))).toHaveLength(1);
  });

  it('stays silent about the limit below it', () => {
    const body = 'See [x](references/missing.md).\n';
    const found = lintSkill(_pkg(body), { files: [{ path: 'SKILL.md', size: body.length }] }).filter(
      (d) => d.code === 'link.broken',
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('references/missing.md');
  });
});
