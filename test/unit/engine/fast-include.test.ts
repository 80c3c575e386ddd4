import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IncludeObjectSchema, fastIncludeObject } from '../../../src/parse/schemas.js';

// The engine's hot path relies on this hand check (perf); it must accept exactly what the
// schema accepts, with the same output, and defer everything else to the schema.
const value = fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null), fc.constant(undefined));
const override = fc.oneof(
  fc.record({ writes: fc.oneof(fc.boolean(), value), description: fc.oneof(fc.string(), value) }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom('writes', 'description', 'other'), value),
  value,
);
const include = fc.oneof(
  fc.record({ skill: fc.oneof(fc.constantFrom('pdf', ' pdf ', '', '  ', 'global/pdf'), value), overrides: fc.oneof(fc.dictionary(fc.string(), override), value) }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom('skill', 'overrides', 'extra'), value),
  value,
  fc.array(value),
);

describe('fastIncludeObject', () => {
  it('agrees with IncludeObjectSchema whenever it answers', () => {
    fc.assert(
      fc.property(include, (entry) => {
        const fast = fastIncludeObject(entry);
        const schema = IncludeObjectSchema.safeParse(entry);
        if (fast !== undefined) {
          expect(schema.success).toBe(true);
          expect(fast).toEqual(schema.data);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('answers for the common valid shapes', () => {
    expect(fastIncludeObject({ skill: ' pdf ' })).toEqual({ skill: 'pdf' });
    expect(fastIncludeObject({ skill: 'global/pdf', overrides: { read_file: { writes: true, description: 'd' } } })).toEqual({
      skill: 'global/pdf',
      overrides: { read_file: { writes: true, description: 'd' } },
    });
    expect(fastIncludeObject({ skill: 'pdf', extra: 1 })).toBeUndefined();
    expect(fastIncludeObject({ skill: '  ' })).toBeUndefined();
  });
});
