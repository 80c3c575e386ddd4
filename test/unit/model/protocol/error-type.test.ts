import { describe, expect, it } from 'vitest';
import { SKILL_ERROR_TYPES, SkillErrorType } from '../../../../src/index.js';
import { isSkillErrorType } from '../../../../src/internals.js';

describe('SkillErrorType', () => {
  it('has exactly the seven protocol values, in declaration order', () => {
    expect(SKILL_ERROR_TYPES).toEqual([
      'skill_not_found',
      'resolution_failure',
      'cycle_detected',
      'tool_activation_failure',
      'tool_execution_failure',
      'validation_error',
      'permission_denied',
    ]);
    expect(Object.values(SkillErrorType)).toHaveLength(7);
    expect(new Set(SKILL_ERROR_TYPES).size).toBe(7);
  });

  it('names each value by its upper-case constant', () => {
    for (const [constant, value] of Object.entries(SkillErrorType)) expect(constant).toBe(value.toUpperCase());
  });

  it('cannot be extended or changed at run time', () => {
    expect(Object.isFrozen(SkillErrorType)).toBe(true);
    expect(Object.isFrozen(SKILL_ERROR_TYPES)).toBe(true);
    expect(() => {
      (SkillErrorType as Record<string, string>)['EXTRA'] = 'extra';
    }).toThrow(TypeError);
  });

  it('recognises only the seven wire values', () => {
    for (const t of SKILL_ERROR_TYPES) expect(isSkillErrorType(t)).toBe(true);
    for (const v of ['SKILL_NOT_FOUND', 'cycle', '', null, undefined, 7, {}]) expect(isSkillErrorType(v)).toBe(false);
  });
});
