/**
 * The sanitiser under random input (fast-check): whatever a skill's name,
 * description or location holds — any UTF-16 units, escape sequences, lone
 * surrogates — no raw control character reaches a terminal or a model, in
 * any context format; a Markdown listing keeps one line per skill; JSON stays
 * valid with the same values; and the CLI's own styles are the only SGR
 * sequences `terminalSafe` lets through.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDocument, paint, terminalSafe } from '../../src/cli/io.js';
import { contextDocument, escapeControls, renderContext } from '../../src/context/index.js';
import type { SkillPackage } from '../../src/model/package.js';
import { makePackage } from '../unit/resolve/_catalog.js';

/** Raw control characters a terminal acts on; a CR is allowed only as part of CRLF. */
const RAW_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
const HOSTILE_PIECES = [
  '\u001b[32mPASS\u001b[0m',
  '\u001b]0;t\u0007',
  '\u009b2J',
  '\u0085',
  '\u007f',
  '\r',
  '\n',
  '\u0000',
  '](x)',
  '<!--',
  '`',
  '*',
  '_',
  '\\',
  '\uD800',
];
const hostileText = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(...HOSTILE_PIECES)), { maxLength: 8 })
  .map((parts) => parts.join(''));

function pkg(i: number, name: string, description: string, location: string): SkillPackage {
  const base = makePackage({ name: `skill-${i}` });
  // Names stay unique (the listing is keyed by name); the hostile part follows the index.
  return {
    ...base,
    descriptor: {
      ...base.descriptor,
      name: `s${i}${name}`,
      description,
      source: { ...base.descriptor.source, locator: location },
    },
  };
}

const skillsArb = fc.array(fc.tuple(hostileText, hostileText, hostileText), { minLength: 1, maxLength: 5 });

describe('hostile output: the sanitiser on random text', () => {
  it('terminalSafe leaves no raw control but the own styles, and those only from paint', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.constantFrom('red', 'green', 'bold', 'dim') as fc.Arbitrary<'red' | 'green' | 'bold' | 'dim'>,
        (text, style) => {
          const plain = terminalSafe(text);
          expect(plain).not.toMatch(RAW_CONTROL);
          expect(plain).not.toContain('\u001b');
          const styled = terminalSafe(`ok ${paint(true, style, text)}`);
          expect(styled.match(/\u001b/g)).toHaveLength(2);
          expect(styled).toBe(
            `ok ${paint(true, style, 'X')
              .replace(/\uE000sg[0-9a-f]+:/g, '\u001b[')
              .replace('X', escapeControls(text))}`,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('context in markdown, xml and json never carries a raw control, and markdown keeps one row per skill', () => {
    fc.assert(
      fc.property(skillsArb, (skills) => {
        const hostile = skills.map(([n, d, l], i) => pkg(i, n, `Use when ${d}`, `/s/${l}/SKILL.md`));
        const plain = skills.map((_s, i) => pkg(i, '', 'Use when x', '/s/x/SKILL.md'));
        for (const format of ['markdown', 'xml'] as const) {
          const text = renderContext(hostile, { format }).text;
          expect(text).not.toMatch(RAW_CONTROL);
          expect(text.split('\n')).toHaveLength(renderContext(plain, { format }).text.split('\n').length);
        }
        const json = jsonDocument(contextDocument(renderContext(hostile, { format: 'markdown' })));
        // JSON.stringify escapes U+0000–U+001F, jsonDocument U+007F–U+009F: only structural line feeds are raw.
        expect(json).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
        const doc = JSON.parse(json) as { skills: { name: string; description: string; location: string }[] };
        for (const s of doc.skills)
          for (const field of [s.name, s.description, s.location]) expect(field).not.toMatch(RAW_CONTROL);
      }),
      { numRuns: 300 },
    );
  });
});
