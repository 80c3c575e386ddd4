/**
 * Block-scalar descriptions through the real parser: a folded (`>-`) or
 * literal (`|`) description must reach the context as its text, on one line —
 * never as the indicator (the naive line splitter in some hosts shows `>-`).
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/build.js';
import { renderContext } from '../../../src/context/render.js';
import type { SkillPackage } from '../../../src/model/package.js';
import { parseSkill } from '../../../src/parse/index.js';

function _parsed(name: string, descriptionYaml: string): SkillPackage {
  const text = `---\nname: ${name}\ndescription: ${descriptionYaml}\n---\n# ${name}\n\nBODY-${name}\n`;
  const result = parseSkill(text, { locator: `/skills/${name}/SKILL.md`, dirName: name });
  expect(result.package, JSON.stringify(result.diagnostics)).toBeDefined();
  return result.package!;
}

describe('folded YAML descriptions', () => {
  const catalog = buildCatalog([
    _parsed('folded', '>-\n  Fill PDF forms and\n  extract tables.\n  Use when a PDF is mentioned.'),
    _parsed('literal', '|\n  First line.\n  Second line.\n'),
    _parsed('quoted', '"Escaped \\"quotes\\" & <tags>"'),
  ]);

  it('markdown shows the folded text, not the indicator, on one line', () => {
    const { text } = renderContext(catalog);
    expect(text).toContain(
      '- folded: Fill PDF forms and extract tables. Use when a PDF is mentioned. (file: /skills/folded/SKILL.md;',
    );
    expect(text).toContain('- literal: First line. Second line. (file:');
    expect(text).not.toContain('>-');
    expect(text).not.toMatch(/: \|/);
    expect(text).not.toContain('BODY-');
  });

  it('xml shows the text escaped on one line', () => {
    const { text } = renderContext(catalog, { format: 'xml' });
    expect(text).toContain(
      '<description>\nFill PDF forms and extract tables. Use when a PDF is mentioned.\n</description>',
    );
    expect(text).toContain('<description>\nFirst line. Second line.\n</description>');
    expect(text).toContain('<description>\nEscaped &quot;quotes&quot; &amp; &lt;tags&gt;\n</description>');
  });
});
