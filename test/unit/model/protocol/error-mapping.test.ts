import { describe, expect, it } from 'vitest';
import {
  ActivationError,
  ERROR_CODES,
  PermissionDeniedError,
  ResolutionError,
  SkillError,
  SkillgraphError,
  isSkillgraphError,
  toSkillError,
} from '../../../../src/index.js';
import { CODES_MAPPED_BY_CAUSE, CODE_TO_TYPE } from '../../../../src/internals.js';

const _ctx = { skillName: 'my-skill' };
const _type = (error: unknown) => toSkillError(error, _ctx).type;
const _errno = (code: string, message = `${code}: operation failed`) => Object.assign(new Error(message), { code });

describe('toSkillError: our coded errors map by code first', () => {
  it.each([
    ['resolve.cycle', 'cycle_detected'],
    ['skill.not-found', 'skill_not_found'],
    ['resolve.not-found', 'skill_not_found'],
    ['skill.invalid', 'validation_error'],
    ['protocol.invalid', 'validation_error'],
    ['options.invalid', 'validation_error'],
    ['skill.ambiguous', 'resolution_failure'],
    ['wasm.abi', 'resolution_failure'],
  ] as const)('%s → %s', (code, type) => {
    const mapped = toSkillError(new SkillgraphError(code, 'whatever the text says: activation cycle not found'), _ctx);
    expect(mapped.type).toBe(type);
    expect(mapped.details['mapped_by']).toBe('code');
    expect(mapped.details['code']).toBe(code);
  });

  it('decides every ErrorCode: mapped by code, or explicitly left to the cause', () => {
    const decided = new Set<string>([...Object.keys(CODE_TO_TYPE), ...CODES_MAPPED_BY_CAUSE]);
    expect(ERROR_CODES.filter((c) => !decided.has(c))).toEqual([]);
  });

  it('an io error caused by EACCES is permission_denied; without errno it is an execution failure', () => {
    expect(_type(new SkillgraphError('io', 'cannot read', {}, _errno('EACCES')))).toBe('permission_denied');
    expect(_type(new SkillgraphError('io', 'cannot read'))).toBe('tool_execution_failure');
  });

  it('keeps JSON-safe details of the original error', () => {
    const mapped = toSkillError(new SkillgraphError('resolve.cycle', 'a -> b -> a', { path: ['a', 'b', 'a'] }), _ctx);
    expect(mapped.details['error_details']).toEqual({ path: ['a', 'b', 'a'] });
  });
});

describe('toSkillError: resolver error objects keep their type', () => {
  it.each(['cycle_detected', 'skill_not_found', 'resolution_failure'] as const)('%s', (type) => {
    const mapped = toSkillError({ type, message: 'from the resolver' }, _ctx);
    expect([mapped.type, mapped.message, mapped.details['mapped_by']]).toEqual([type, 'from the resolver', 'resolver']);
  });
});

describe('toSkillError: permissions', () => {
  it.each(['EACCES', 'EPERM'])('errno %s → permission_denied', (code) => {
    expect(_type(_errno(code))).toBe('permission_denied');
    expect(_type(new Error('wrapped', { cause: _errno(code) }))).toBe('permission_denied');
  });

  it('a PermissionDeniedError, PermissionError or NotAllowedError → permission_denied', () => {
    expect(_type(new PermissionDeniedError('writes disabled'))).toBe('permission_denied');
    const named = new Error('nope');
    named.name = 'PermissionError';
    expect(_type(named)).toBe('permission_denied');
    expect(_type(new DOMException('denied by user', 'NotAllowedError'))).toBe('permission_denied');
  });

  it('other errno codes are not permissions', () => {
    expect(_type(_errno('ENOENT', 'ENOENT: no such file or directory'))).toBe('tool_execution_failure');
  });

  it('survives a cyclic cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.defineProperty(a, 'cause', { value: b });
    expect(_type(a)).toBe('tool_execution_failure');
  });
});

describe('toSkillError: ValueError-like errors (ResolutionError, RangeError, SyntaxError)', () => {
  it.each([
    [new ResolutionError('Cycle detected in skill includes'), 'cycle_detected'],
    [new ResolutionError('Skill not found'), 'skill_not_found'],
    [new ResolutionError('Something went wrong'), 'resolution_failure'],
    [new RangeError('include depth out of range'), 'resolution_failure'],
    [new SyntaxError('Unexpected token } in JSON'), 'resolution_failure'],
    [new RangeError('cyclic include'), 'cycle_detected'],
  ])('%s → %s', (error, type) => {
    expect(_type(error)).toBe(type);
  });
});

/** An Error whose class name is a Python exception's, as a host bridging a Python tool forwards it. */
function _pythonError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('toSkillError: errors named after the Python classes', () => {
  it.each([
    ['ValueError', 'Cycle detected in skill includes', 'cycle_detected'],
    ['ValueError', 'Skill not found', 'skill_not_found'],
    ['ValueError', 'Something went wrong', 'resolution_failure'],
    ['PermissionError', 'denied', 'permission_denied'],
    ['RuntimeError', 'Unexpected failure', 'tool_execution_failure'],
    ['RuntimeError', 'activation failed', 'tool_activation_failure'],
    // The message rules for generic errors do not apply: a RuntimeError is a tool's failure.
    ['RuntimeError', 'skill pdf not found', 'tool_execution_failure'],
  ])('%s "%s" → %s', (name, message, type) => {
    const mapped = toSkillError(_pythonError(name, message), { skillName: 's' });
    expect(mapped.type).toBe(type);
    expect(mapped.details['error_name']).toBe(name);
  });
});

describe("toSkillError: Python's ValueError family, by name, by constructor name and as plain objects", () => {
  const family = [
    'ValueError',
    'UnicodeError',
    'UnicodeDecodeError',
    'UnicodeEncodeError',
    'UnicodeTranslateError',
    'JSONDecodeError',
    'TOMLDecodeError',
    'StatisticsError',
    'AddressValueError',
    'NetmaskValueError',
  ];

  it.each(family)('an Error named %s is a resolution failure, or a cycle / not found by its message', (name) => {
    expect(toSkillError(_pythonError(name, 'Expecting value: line 1 column 1'), { skillName: 's' })).toMatchObject({
      type: 'resolution_failure',
      details: { mapped_by: 'class', error_name: name },
    });
    expect(_type(_pythonError(name, 'Cycle detected in skill includes'))).toBe('cycle_detected');
    expect(_type(_pythonError(name, 'Skill not found'))).toBe('skill_not_found');
  });

  it.each(family)('a plain object {name: %s, message} forwarded by a host maps the same', (name) => {
    const mapped = toSkillError({ name, message: "'utf-8' codec can't decode byte 0xff" }, { skillName: 's' });
    expect(mapped).toMatchObject({
      type: 'resolution_failure',
      message: "'utf-8' codec can't decode byte 0xff",
      details: { mapped_by: 'class', error_name: name },
    });
    expect(_type({ name, message: 'include cycle: a -> b -> a' })).toBe('cycle_detected');
  });

  it('a JavaScript subclass counts by its constructor names, even with name left as Error', () => {
    class ValueError extends Error {}
    class ConfigValueError extends ValueError {}
    class JSONDecodeError extends SyntaxError {}
    const sub = new ConfigValueError('bad include depth');
    expect(sub.name).toBe('Error');
    expect(_type(sub)).toBe('resolution_failure');
    expect(_type(new ValueError('Skill not found'))).toBe('skill_not_found');
    expect(_type(new JSONDecodeError('Unexpected end of JSON input'))).toBe('resolution_failure');
    class UnicodeDecodeError extends Error {
      override name = 'UnicodeDecodeError';
    }
    class Wrapped extends UnicodeDecodeError {}
    expect(_type(new Wrapped('invalid start byte'))).toBe('resolution_failure');
  });

  it('applies the same to the RuntimeError and PermissionError families, and leaves other names to the message rules', () => {
    class NotImplementedError extends Error {}
    expect(_type(new NotImplementedError('skill pdf not found'))).toBe('tool_execution_failure');
    expect(_type({ name: 'RecursionError', message: 'maximum recursion depth exceeded' })).toBe(
      'tool_execution_failure',
    );
    expect(_type({ name: 'PermissionError', message: 'denied' })).toBe('permission_denied');
    expect(_type({ name: 'KeyError', message: 'x' })).toBe('tool_execution_failure');
    expect(_type({ name: 'KeyError', message: 'include cycle: a -> b -> a' })).toBe('cycle_detected');
    class Plain extends Error {}
    expect(_type(new Plain('Something went wrong'))).toBe('tool_execution_failure');
  });

  it('survives a class whose name getter throws', () => {
    class Hostile extends Error {
      static override get name(): string {
        throw new Error('trap');
      }
    }
    expect(_type(new Hostile('boom'))).toBe('tool_execution_failure');
  });
});

describe('toSkillError: runtime errors', () => {
  it.each([
    [new Error('Unexpected failure'), 'tool_execution_failure'],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), 'tool_execution_failure'],
    [new Error('activation failed'), 'tool_activation_failure'],
    [new Error('tool could not be activated'), 'tool_activation_failure'],
    [new ActivationError('server exited'), 'tool_activation_failure'],
    [new Error('skill pdf-tools not found'), 'skill_not_found'],
    [new Error('file not found: data.csv'), 'tool_execution_failure'],
    [new Error('include cycle: a -> b -> a'), 'cycle_detected'],
    [new Error('billing cycle closed'), 'tool_execution_failure'],
    ['a thrown string', 'tool_execution_failure'],
    [42, 'tool_execution_failure'],
  ])('%s → %s', (error, type) => {
    expect(_type(error)).toBe(type);
  });

  it('a ZodError is a validation_error', () => {
    const zodLike = new Error('[{"code":"invalid_type"}]');
    zodLike.name = 'ZodError';
    expect(_type(zodLike)).toBe('validation_error');
  });

  it('always produces a non-empty message', () => {
    expect(toSkillError(new Error(''), _ctx).message).toBe('Error');
    expect(toSkillError(undefined, _ctx).message).toBe('unknown error');
    expect(toSkillError(42, _ctx).message).toBe('thrown value: 42');
  });
});

describe('toSkillError: names and details', () => {
  it('puts the tool name in toolName and details.tool_name', () => {
    const mapped = toSkillError(new Error('boom'), { skillName: 'my-skill', toolName: 'my-tool' });
    expect(mapped.toolName).toBe('my-tool');
    expect(mapped.details['tool_name']).toBe('my-tool');
    expect(mapped.details['error_name']).toBe('Error');
  });

  it('takes the tool name from a host error when the context has none', () => {
    const mapped = toSkillError(new ActivationError('down', { toolName: 'mcp:gh/search' }), _ctx);
    expect(mapped.details['tool_name']).toBe('mcp:gh/search');
  });

  it('leaves tool_name out when there is no tool', () => {
    const mapped = toSkillError(new Error('boom'), _ctx);
    expect(mapped.toolName).toBeUndefined();
    expect(mapped.details).not.toHaveProperty('tool_name');
  });

  it.each(['', '   '])('rejects the skill name %j with protocol.invalid', (skillName) => {
    let caught: unknown;
    try {
      toSkillError(new Error('x'), { skillName });
    } catch (error) {
      caught = error;
    }
    expect(isSkillgraphError(caught) && caught.code).toBe('protocol.invalid');
  });

  it('passes a SkillError through unchanged', () => {
    const original = SkillError.create({ type: 'cycle_detected', message: 'a -> a', skillName: 'a' });
    expect(toSkillError(original, _ctx)).toBe(original);
  });

  it('returns a frozen SkillError that round-trips', () => {
    const mapped = toSkillError(_errno('EPERM'), { skillName: 's', toolName: 't' });
    expect(Object.isFrozen(mapped) && Object.isFrozen(mapped.details)).toBe(true);
    expect(SkillError.from(JSON.parse(JSON.stringify(mapped))).toJSON()).toEqual(mapped.toJSON());
  });
});
