import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderContext, type ContextOptions } from '../../../src/context/render.js';
import { OMITTED_HINTS } from '../../../src/context/guidance.js';
import { _catalog, _pkg } from './_fixtures.js';
import { countTokens } from '../../../src/model/tokens.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

const scope = fc.constantFrom('local', 'project', 'global', 'team');
const description = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constant('é🙂'.repeat(90)),
);
const catalogArb = fc
  .uniqueArray(fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/), scope, description }), {
    selector: (r) => r.name,
    minLength: 1,
    maxLength: 25,
  })
  .map((rows) =>
    _catalog(rows.map((r) => _pkg({ ...r, description: r.description.trim() === '' ? 'x' : r.description }))),
  );
const optionsArb = fc.record({
  format: fc.constantFrom('markdown' as const, 'xml' as const),
  mode: fc.constantFrom('eager' as const, 'lazy' as const),
  paths: fc.constantFrom('absolute' as const, 'relative' as const, 'uri' as const),
  digests: fc.boolean(),
  omittedHint: fc.constantFrom('cli' as const, 'mcp' as const),
});
const budgetArb = fc.oneof(
  fc.integer({ min: 0, max: 12_000 }),
  fc.integer({ min: 0, max: 3_000 }).map((n) => `${n}t`),
);

describe('the budget counts the whole rendered block', () => {
  it('property: the rendered size (UTF-8 bytes, or o200k tokens for Nt) never exceeds the budget, or the budget is refused as too small', () => {
    fc.assert(
      fc.property(catalogArb, optionsArb, budgetArb, (catalog, options, budget) => {
        const chars = typeof budget === 'number' ? budget : Number(budget.slice(0, -1));
        const size = typeof budget === 'number' ? bytes : countTokens;
        let out: ReturnType<typeof renderContext>;
        try {
          out = renderContext(catalog, { ...options, budget, relativeTo: '/roots' });
        } catch (error) {
          expect(error).toMatchObject({ code: 'options.invalid', details: { field: 'budget' } });
          const needed = (error as { details: { needed: number } }).details.needed;
          expect(needed).toBeGreaterThan(chars);
          return;
        }
        expect(size(out.text)).toBeLessThanOrEqual(chars);
        expect(out.budget!.after).toBe(size(out.text));
        expect(out.entries.length + out.budget!.omitted.length).toBe(catalog.skills.length);
        if (out.budget!.omitted.length > 0) expect(out.text).toContain(OMITTED_HINTS[options.omittedHint].slice(0, 30));
      }),
      { numRuns: 150 },
    );
  });

  it('a budget of 100 tokens is refused with how much the guidance alone takes', () => {
    const catalog = _catalog([_pkg({ name: 'pdf', description: 'Fill PDF forms.' })]);
    expect(() => renderContext(catalog, { budget: '100t' })).toThrow(
      /100 tokens cannot hold the context: its heading and guidance alone take \d+ tokens/,
    );
  });

  it('a budget that holds every row lists them all, and the size is the whole block', () => {
    const catalog = _catalog([_pkg({ name: 'pdf', description: 'Fill PDF forms.' })]);
    const out = renderContext(catalog, { budget: 5000 });
    expect(out.budget).toMatchObject({ before: bytes(out.text), after: bytes(out.text), omitted: [], shortened: [] });
  });

  it('reserved host text counts against the budget', () => {
    const catalog = _catalog(
      Array.from({ length: 20 }, (_, i) => _pkg({ name: `s${i}`, description: 'w'.repeat(200) })),
    );
    const plain = renderContext(catalog, { budget: 4000 });
    const held = renderContext(catalog, { budget: 4000, reserved: 1000 });
    expect(bytes(held.text) + 1000).toBeLessThanOrEqual(4000);
    expect(held.entries.length).toBeLessThan(plain.entries.length);
  });
});

describe('paths and digests', () => {
  const catalog = _catalog([_pkg({ name: 'pdf', scope: 'project', description: 'Fill PDF forms.' })]);
  const row = (options: Partial<ContextOptions>): string =>
    renderContext(catalog, options)
      .text.split('\n')
      .find((l) => l.startsWith('- pdf:'))!;

  it('shows absolute paths by default, relative ones or skill:// URIs on request', () => {
    expect(row({})).toContain('(file: /roots/project/pdf/SKILL.md; digest: sha256:pdf00000)');
    expect(row({ paths: 'relative', relativeTo: '/roots' })).toContain('(file: project/pdf/SKILL.md;');
    expect(row({ paths: 'uri' })).toContain('(file: skill://pdf/SKILL.md;');
  });

  it('leaves digests out of the rows and the intro', () => {
    const text = renderContext(catalog, { digests: false }).text;
    expect(text).not.toContain('digest');
    expect(row({ digests: false })).toBe('- pdf: Fill PDF forms. (file: /roots/project/pdf/SKILL.md)');
    expect(renderContext(catalog, { digests: false, mode: 'lazy' }).text).not.toContain('digest');
  });

  it('names the bad option', () => {
    expect(() => renderContext(catalog, { paths: 'home' as never })).toThrow(
      expect.objectContaining({ details: { field: 'paths' } }),
    );
    expect(() => renderContext(catalog, { omittedHint: 'x' as never })).toThrow(
      expect.objectContaining({ details: { field: 'omittedHint' } }),
    );
    expect(() => renderContext(catalog, { reserved: -1 })).toThrow(
      expect.objectContaining({ details: { field: 'reserved' } }),
    );
  });
});
