import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILL_ERROR_TYPES, SkillError, isSkillError, isSkillgraphError } from '../../../../src/index.js';

function _codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isSkillgraphError(error) ? error.code : `not a SkillgraphError: ${String(error)}`;
  }
  return undefined;
}

describe('SkillError', () => {
  it('is created with the required fields only', () => {
    const err = SkillError.create({ type: 'tool_execution_failure', message: 'Tool timed out', skillName: 'my-skill' });
    expect(err.type).toBe('tool_execution_failure');
    expect(err.message).toBe('Tool timed out');
    expect(err.skillName).toBe('my-skill');
    expect(err.toolName).toBeUndefined();
    expect(err.details).toEqual({});
    expect(err.toJSON()).toEqual({
      type: 'tool_execution_failure',
      message: 'Tool timed out',
      skill_name: 'my-skill',
      details: {},
    });
    expect(err.toJSON()).not.toHaveProperty('tool_name');
  });

  it('keeps an optional tool name and JSON details', () => {
    const err = SkillError.create({
      type: 'tool_activation_failure',
      message: 'server exited',
      skillName: 'gh',
      toolName: 'mcp:github/search',
      details: { trace_id: 'abc', attempts: [1, 2], nested: { ok: false } },
    });
    expect(err.toolName).toBe('mcp:github/search');
    expect(err.details['trace_id']).toBe('abc');
    expect(err.toJSON().tool_name).toBe('mcp:github/search');
  });

  it('is a throwable Error named SkillError', () => {
    const err = SkillError.create({ type: 'permission_denied', message: 'no', skillName: 's' });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('SkillError');
    expect(() => {
      throw err;
    }).toThrow('no');
    expect(isSkillError(err)).toBe(true);
    expect(isSkillError(new Error('no'))).toBe(false);
  });

  it('is deeply immutable: assignments throw and change nothing', () => {
    const err = SkillError.create({
      type: 'validation_error',
      message: 'Bad input',
      skillName: 'test',
      details: { a: { b: [1] } },
    });
    expect(Object.isFrozen(err)).toBe(true);
    expect(() => Object.assign(err, { type: 'cycle_detected' })).toThrow(TypeError);
    expect(() => Object.assign(err, { message: 'changed' })).toThrow(TypeError);
    expect(() => Object.assign(err.details, { a: 1 })).toThrow(TypeError);
    expect(() => (err.details['a'] as { b: number[] }).b.push(2)).toThrow(TypeError);
    expect(err.type).toBe('validation_error');
    expect(err.message).toBe('Bad input');
    expect(err.details).toEqual({ a: { b: [1] } });
  });

  it('copies details instead of freezing the caller’s object', () => {
    const details = { list: [1, 2] };
    const err = SkillError.create({ type: 'resolution_failure', message: 'm', skillName: 's', details });
    expect(Object.isFrozen(details)).toBe(false);
    details.list.push(3);
    expect(err.details['list']).toEqual([1, 2]);
  });

  it.each([
    ['an unknown type', { type: 'boom', message: 'm', skillName: 's' }],
    ['an empty message', { type: 'cycle_detected', message: '', skillName: 's' }],
    ['an empty skill name', { type: 'cycle_detected', message: 'm', skillName: '' }],
    ['an empty tool name', { type: 'cycle_detected', message: 'm', skillName: 's', toolName: '' }],
    ['a function in details', { type: 'cycle_detected', message: 'm', skillName: 's', details: { f: () => 1 } }],
    ['NaN in details', { type: 'cycle_detected', message: 'm', skillName: 's', details: { n: Number.NaN } }],
    ['a Date in details', { type: 'cycle_detected', message: 'm', skillName: 's', details: { d: new Date(0) } }],
    ['details that are an array', { type: 'cycle_detected', message: 'm', skillName: 's', details: [1] }],
    [
      'details.tool_name disagreeing',
      { type: 'cycle_detected', message: 'm', skillName: 's', toolName: 'a', details: { tool_name: 'b' } },
    ],
  ])('rejects %s with protocol.invalid', (_label, init) => {
    expect(_codeOf(() => SkillError.create(init as never))).toBe('protocol.invalid');
    const safe = SkillError.safeCreate(init as never);
    expect(safe.ok).toBe(false);
  });

  it('rejects cyclic details without overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const safe = SkillError.safeCreate({ type: 'cycle_detected', message: 'm', skillName: 's', details: cyclic });
    expect(safe.ok).toBe(false);
    if (!safe.ok) expect(safe.error.message).toMatch(/cyclic/);
  });

  it('names every bad field in one error', () => {
    const safe = SkillError.safeCreate({ type: 'nope' as never, message: '', skillName: '' });
    expect(safe.ok).toBe(false);
    if (safe.ok) return;
    const paths = (safe.error.details['issues'] as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(['type', 'message', 'skill_name']);
  });

  it('round-trips through JSON, and rejects unknown wire keys', () => {
    const err = SkillError.create({
      type: 'skill_not_found',
      message: 'no x',
      skillName: 's',
      toolName: 't',
      details: { k: 'v' },
    });
    const back = SkillError.from(JSON.parse(JSON.stringify(err)));
    expect(back.toJSON()).toEqual(err.toJSON());
    expect(back).toBeInstanceOf(SkillError);
    expect(SkillError.safeFrom({ ...err.toJSON(), skillName: 's' }).ok).toBe(false);
    expect(SkillError.safeFrom(null).ok).toBe(false);
  });

  it('round-trips any valid error (property)', () => {
    const name = fc.string({ minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(
        fc.constantFrom(...SKILL_ERROR_TYPES),
        name,
        name,
        fc.option(name, { nil: undefined }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (type, message, skillName, toolName, details) => {
          const clean = JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
          delete clean['tool_name'];
          const err = SkillError.create({
            type,
            message,
            skillName,
            ...(toolName ? { toolName } : {}),
            details: clean,
          });
          const wire = JSON.stringify(err);
          expect(JSON.stringify(SkillError.from(JSON.parse(wire)))).toBe(wire);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('SkillError details', () => {
  it('keeps a "__proto__" key as plain data (regression: must not replace the prototype)', () => {
    const details = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<string, unknown>;
    const err = SkillError.create({ type: 'validation_error', message: 'm', skillName: 's', details });
    expect(Object.getPrototypeOf(err.details)).toBe(Object.prototype);
    expect(Object.hasOwn(err.details, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.parse(JSON.stringify(err)).details).toEqual(details);
  });
});
