/**
 * `<available_skills>` against the reference `to-prompt` output for 40 real
 * skills (`../shared/corpus/expected/`), byte for byte apart from escaping.
 *
 * Escaping: the reference escapes name and description with Python's
 * `html.escape` (the same five entities we use) and leaves `<location>`
 * unescaped, where we escape every field. The reference is normalised by
 * re-escaping its location lines (and round-tripping name/description
 * through unescape → our escape), then compared byte for byte. The corpus
 * is read in place, never modified.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderAvailableSkills } from '../../src/context/render.js';
import { escapeXml } from '../../src/context/text.js';
import type { SkillPackage } from '../../src/model/package.js';
import { parseSkill } from '../../src/parse/index.js';

const SHARED = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const EXPECTED = `${SHARED}expected/`;
const REAL = `${SHARED}real/`;
const present = existsSync(`${EXPECTED}available_skills.reference.xml`);

function _unescapeHtml(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[e]!,
  );
}

/** Re-escape every field line of the reference the way skillgraph does. */
function _normaliseReference(xml: string): string {
  const lines = xml.split('\n');
  return lines
    .map((line, i) => {
      const open = lines[i - 1];
      if (open === '<location>') return escapeXml(line);
      if (open === '<name>' || open === '<description>') return escapeXml(_unescapeHtml(line));
      return line;
    })
    .join('\n');
}

function _packages(): SkillPackage[] {
  const inputs = readFileSync(`${EXPECTED}available_skills.inputs.txt`, 'utf8').split('\n').filter(Boolean);
  return inputs.map((rel) => {
    const parsed = parseSkill(readFileSync(`${REAL}${rel}/SKILL.md`), {
      locator: `${rel}/SKILL.md`,
      dirName: rel.split('/').at(-1)!,
      profile: 'lenient',
    });
    if (!parsed.package) throw new Error(`${rel} did not parse: ${parsed.diagnostics.map((d) => d.code).join(', ')}`);
    return parsed.package;
  });
}

describe.skipIf(!present)('<available_skills> vs the reference to-prompt (40 corpus skills)', () => {
  it('matches byte for byte once the reference escaping is normalised', () => {
    const packages = _packages();
    expect(packages).toHaveLength(40);
    const ours = renderAvailableSkills(packages);
    const reference = _normaliseReference(readFileSync(`${EXPECTED}available_skills.reference.xml`, 'utf8'));
    expect(ours).toBe(reference);
  });

  it('differs from the raw reference only where a location needs escaping (none in this set)', () => {
    const ours = renderAvailableSkills(_packages());
    const raw = readFileSync(`${EXPECTED}available_skills.reference.xml`, 'utf8');
    expect(ours).toBe(raw);
  });

  it('keeps the input order (a package list is rendered as given, duplicates included)', () => {
    const names = renderAvailableSkills(_packages())
      .split('\n')
      .filter((_, i, all) => all[i - 1] === '<name>');
    expect(names.filter((n) => n === 'brand-guidelines')).toHaveLength(2);
    expect(names[0]).toBe('algorithmic-art');
    expect(names.at(-1)).toBe('finishing-a-development-branch');
  });
});
