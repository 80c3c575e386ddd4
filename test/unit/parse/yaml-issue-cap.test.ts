/** One frontmatter reports at most MAX_YAML_ISSUES YAML problems, then one finding counting the rest. */
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/index.js';
import { MAX_YAML_ISSUES } from '../../../src/parse/yaml-doc.js';

describe('YAML issue cap', () => {
  it('9,000 unknown tags give the first 20 findings in text order and one counting the other 8,980', () => {
    const text = `---\nname: t\ndescription: Use when t.\nl:\n${'- !t x\n'.repeat(9_000)}---\n`;
    const found = parseSkill(text, { locator: '/s/t/SKILL.md', dirName: 't' }).diagnostics.filter(
      (d) => d.code === 'yaml.invalid',
    );
    expect(found).toHaveLength(MAX_YAML_ISSUES + 1);
    expect(found.map((d) => d.line)).toEqual([
      ...Array.from({ length: MAX_YAML_ISSUES }, (_, i) => 5 + i),
      5 + MAX_YAML_ISSUES,
    ]);
    expect(found.at(-1)!.message).toContain('8980');
  });

  it('under the cap every problem is listed', () => {
    const text = `---\nname: t\ndescription: Use when t.\nl:\n${'- !t x\n'.repeat(3)}---\n`;
    expect(
      parseSkill(text, { locator: '/s/t/SKILL.md', dirName: 't' }).diagnostics.filter((d) => d.code === 'yaml.invalid'),
    ).toHaveLength(3);
  });
});
