import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES, lintSkill, parseSkill } from '../../src/parse/index.js';

const _opts = (profile: (typeof PROFILE_NAMES)[number]) => ({ locator: '/s/pdf/SKILL.md', dirName: 'pdf', profile });

// Frontmatter-shaped text: fences, keys, YAML punctuation, CR/LF, BOM and odd characters.
const _piece = fc.constantFrom(
  '---',
  '\n',
  '\r\n',
  '\uFEFF',
  'name: ',
  'description: ',
  'pdf',
  'a---b',
  ': ',
  '- ',
  '  ',
  '[',
  ']',
  '{',
  '}',
  '&a ',
  '*a',
  '!!binary ',
  '"',
  "'",
  '#',
  '|',
  '>',
  'é',
  '😀',
  '\t',
  'includes:',
  'tools:',
  'mcp:',
  'metadata:',
  '[x](references/y.md)',
);
const _skillish = fc
  .array(fc.oneof(_piece, fc.string({ maxLength: 8 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('parseSkill properties', () => {
  it('never throws on arbitrary bytes, in any profile', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.constantFrom(...PROFILE_NAMES), (bytes, profile) => {
        const r = parseSkill(bytes, _opts(profile));
        expect(Array.isArray(r.diagnostics)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on frontmatter-shaped strings, and a result has a package or an error', () => {
    fc.assert(
      fc.property(_skillish, fc.constantFrom(...PROFILE_NAMES), (text, profile) => {
        const r = parseSkill(text, _opts(profile));
        const errors = r.diagnostics.filter((d) => d.severity === 'error');
        expect(r.package === undefined).toBe(errors.length > 0);
        for (const d of r.diagnostics) {
          expect(d.line).toBeGreaterThanOrEqual(0);
          expect(d.column).toBeGreaterThanOrEqual(0);
          expect(d.hint.length).toBeGreaterThan(0);
        }
        if (r.package)
          expect(() => lintSkill(r.package!, { files: [], locations: r.locations, profile })).not.toThrow();
      }),
      { numRuns: 600 },
    );
  });

  it('is deterministic: the same input gives the same diagnostics in the same order', () => {
    fc.assert(
      fc.property(
        fc.oneof(_skillish, fc.string({ maxLength: 200 })),
        fc.constantFrom(...PROFILE_NAMES),
        (text, profile) => {
          const a = parseSkill(text, _opts(profile));
          const b = parseSkill(text, _opts(profile));
          expect(b.diagnostics).toEqual(a.diagnostics);
          expect(b.package).toEqual(a.package);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never truncates a value at an inner ---', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z ]{0,20}$/), fc.stringMatching(/^[a-z ]{0,20}[a-z]$/), (left, right) => {
        const description = `${left}---${right}`;
        const r = parseSkill(`---\nname: pdf\ndescription: ${description}\n---\n`, _opts('spec'));
        expect(r.package?.descriptor.description).toBe(description.trim());
      }),
      { numRuns: 200 },
    );
  });
});
