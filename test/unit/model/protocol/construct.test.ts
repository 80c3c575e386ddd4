/**
 * Issue 5 "everything validated at construction": `private` constructors bind TypeScript only,
 * so a plain-JavaScript `new SkillError({...})` must not yield an unvalidated instance.
 */
import { describe, expect, it } from 'vitest';
import { SkillDefinition, SkillError, SkillMetadata, SkillResult } from '../../../../src/model/protocol/index.js';

type AnyCtor = new (...args: unknown[]) => unknown;

describe('protocol constructors refuse calls that skip the validating factories', () => {
  it.each([
    ['SkillError', SkillError, { type: 'nope', message: 'm', skillName: 'a' }],
    ['SkillMetadata', SkillMetadata, { name: 'a', writes: 'yes' }],
    ['SkillDefinition', SkillDefinition, { skillName: 'a', tools: 'none' }],
    ['SkillResult', SkillResult, { success: 'maybe' }],
  ] as const)('new %s(…) from JavaScript is a protocol.invalid error naming the factory', (what, ctor, init) => {
    expect(() => new (ctor as unknown as AnyCtor)(init)).toThrow(
      expect.objectContaining({
        code: 'protocol.invalid',
        message: expect.stringMatching(new RegExp(`^invalid ${what}: .*${what}\\.`)),
      }),
    );
  });

  it('the factories still build frozen, validated instances', () => {
    const error = SkillError.create({ type: 'cycle_detected', message: 'a -> b -> a', skillName: 'a' });
    expect(Object.isFrozen(error)).toBe(true);
    expect(SkillError.from(error.toJSON()).toJSON()).toEqual(error.toJSON());
    const result = SkillResult.create({ success: false, skillName: 'a', error });
    expect(SkillResult.from(JSON.parse(JSON.stringify(result))).error?.type).toBe('cycle_detected');
  });
});
