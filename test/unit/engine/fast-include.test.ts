import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastIncludeObject, fastMcpObject, fastToolObject, parseSchemas } from '../../../src/parse/schemas.js';

const { IncludeObjectSchema, McpObjectSchema, ToolObjectSchema } = parseSchemas();

// The engine's hot path relies on this hand check (perf); it must accept exactly what the
// schema accepts, with the same output, and defer everything else to the schema.
const value = fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null), fc.constant(undefined));
const override = fc.oneof(
  fc.record({ writes: fc.oneof(fc.boolean(), value), description: fc.oneof(fc.string(), value) }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom('writes', 'description', 'other'), value),
  value,
);
const include = fc.oneof(
  fc.record(
    {
      skill: fc.oneof(fc.constantFrom('pdf', ' pdf ', '', '  ', 'global/pdf'), value),
      overrides: fc.oneof(fc.dictionary(fc.string(), override), value),
    },
    { requiredKeys: [] },
  ),
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
    expect(
      fastIncludeObject({ skill: 'global/pdf', overrides: { read_file: { writes: true, description: 'd' } } }),
    ).toEqual({
      skill: 'global/pdf',
      overrides: { read_file: { writes: true, description: 'd' } },
    });
    expect(fastIncludeObject({ skill: 'pdf', extra: 1 })).toBeUndefined();
    expect(fastIncludeObject({ skill: '  ' })).toBeUndefined();
  });
});

const toolEntry = fc.oneof(
  fc.record(
    { name: fc.oneof(fc.constantFrom('grep', ' deploy ', '', '  ', 'a b'), value), writes: value, description: value },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.constantFrom('name', 'writes', 'description', 'extra'), value),
  value,
  fc.array(value),
);
const mcpEntry = fc.oneof(
  fc.record(
    {
      server: fc.oneof(fc.constantFrom('github', ' linear ', '', ' '), value),
      tools: fc.oneof(fc.array(fc.oneof(value, toolEntry)), value),
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.constantFrom('server', 'tools', 'extra'), value),
  value,
);

describe('fastToolObject and fastMcpObject', () => {
  it('agree with their schemas whenever they answer', () => {
    for (const [fast, schema, arb] of [
      [fastToolObject, ToolObjectSchema, toolEntry],
      [fastMcpObject, McpObjectSchema, mcpEntry],
    ] as const) {
      fc.assert(
        fc.property(arb, (entry) => {
          const mine = (fast as (v: unknown) => unknown)(entry);
          const theirs = (schema as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(entry);
          if (mine !== undefined) {
            expect(theirs.success).toBe(true);
            expect(mine).toEqual(theirs.data);
          }
        }),
        { numRuns: 2_000 },
      );
    }
  });

  it('answer for the common valid shapes and defer the rest to the schema', () => {
    expect(fastToolObject({ name: ' deploy ', writes: true })).toEqual({ name: 'deploy', writes: true });
    expect(fastToolObject({ name: 'read', description: 'reads' })).toEqual({ name: 'read', description: 'reads' });
    expect(fastToolObject({ name: 'x', writes: 'yes' })).toBeUndefined();
    expect(fastToolObject({ name: 'x', other: 1 })).toBeUndefined();
    expect(fastMcpObject({ server: 'github', tools: ['search', { name: 'create', writes: true }] })).toEqual({
      server: 'github',
      tools: ['search', { name: 'create', writes: true }],
    });
    expect(fastMcpObject({ server: 'github' })).toBeUndefined();
    expect(fastMcpObject({ server: '', tools: [] })).toBeUndefined();
  });
});
