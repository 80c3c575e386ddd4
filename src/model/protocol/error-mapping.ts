/**
 * `toSkillError` maps anything thrown to a SkillError; first match wins, recorded as `details.mapped_by`:
 *   1. a SkillError passes through (mapping is idempotent);
 *   2. `code`: a SkillgraphError by CODE_TO_TYPE (`io`/`internal` fall through);
 *   3. `resolver`: a `{type, message}` object of one of the seven types;
 *   4. `errno`: EACCES/EPERM on the `cause` chain, or a permission error class → permission_denied;
 *   5. `class`: by `name` or a constructor up the prototype chain, Python's class names included;
 *   6. `message`: cycle, not found, activation, else tool_execution_failure.
 */
import { isSkillgraphError, type ErrorCode } from '../errors.js';
import { isSkillErrorType, SkillErrorType } from './error-type.js';
import { isSkillError, SkillError } from './skill-error.js';
import { ActivationError, PermissionDeniedError, ResolutionError } from './host-errors.js';
import { frozenJsonCopy, invalid, jsonProblem } from './validate.js';
import { checkOptionKeys, optionKeys } from '../option-keys.js';

/** How our own coded errors map; codes absent here fall through to the errno, class and message rules. */
export const CODE_TO_TYPE: Readonly<Partial<Record<ErrorCode, SkillErrorType>>> = Object.freeze({
  'resolve.cycle': 'cycle_detected',
  'skill.not-found': 'skill_not_found',
  'resolve.not-found': 'skill_not_found',
  'skill.invalid': 'validation_error',
  'protocol.invalid': 'validation_error',
  'options.invalid': 'validation_error',
  'config.invalid': 'validation_error',
  'path.invalid': 'validation_error',
  'path.duplicate': 'validation_error',
  'workspace.exists': 'validation_error',
  'lockfile.invalid': 'validation_error',
  'log.invalid': 'validation_error',
  usage: 'validation_error',
  'skill.ambiguous': 'resolution_failure',
  'skill.digest-changed': 'resolution_failure',
  'catalog.duplicate-name': 'resolution_failure',
  'root.missing': 'resolution_failure',
  'root.not-directory': 'resolution_failure',
  'wasm.missing': 'resolution_failure',
  'wasm.abi': 'resolution_failure',
  'dependency.missing': 'resolution_failure',
} satisfies Partial<Record<ErrorCode, SkillErrorType>>);

/** Codes deliberately left to the errno and message rules (an I/O fault may be EACCES). */
export const CODES_MAPPED_BY_CAUSE: readonly ErrorCode[] = Object.freeze(['io', 'internal'] as const);

/** What `toSkillError` knows about the failing call. */
export interface SkillErrorContext {
  /** Must be non-empty. */
  readonly skillName: string;
  /** Lands in `toolName` and `details.tool_name`. */
  readonly toolName?: string;
}

/** Which rule decided the type; recorded as `details.mapped_by`. */
export type MappingRule = 'code' | 'resolver' | 'errno' | 'class' | 'message';

const PERMISSION_ERRNOS: ReadonlySet<string> = new Set(['EACCES', 'EPERM']);
const PERMISSION_NAMES: ReadonlySet<string> = new Set(['PermissionDeniedError', 'PermissionError', 'NotAllowedError']);
/**
 * Python's ValueError and the subclasses a host forwards by class name. binascii's is named plain `Error`, so it
 * cannot be told.
 */
export const VALUE_ERROR_NAMES: ReadonlySet<string> = new Set([
  'ResolutionError',
  'RangeError',
  'SyntaxError',
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
  'InvalidFileException',
  'UnsupportedOperation',
]);
const RUNTIME_ERROR_NAMES: ReadonlySet<string> = new Set([
  'RuntimeError',
  'NotImplementedError',
  'RecursionError',
  'PythonFinalizationError',
]);
const MAX_PROTO_DEPTH = 16;
const MAX_PATH = 100_000;
// `cause` chains can be cyclic.
const MAX_CAUSE_DEPTH = 8;

// ValueError-like errors come from resolution, so any mention counts; runtime errors must name a skill or an
// include cycle, so a tool's own "file not found" stays an execution failure.
const CYCLE_LOOSE = /\bcycl(?:e|ic)\b/i;
const CYCLE_STRICT = /\bcycle detected\b|\binclude cycle\b|\bcyclic include|\bcycle\b[^\n]*->/i;
const NOT_FOUND_LOOSE = /\bnot found\b|\bunknown skill\b|\bno such skill\b/i;
const NOT_FOUND_STRICT = /\bskill\b[^\n]*\bnot found\b|\bunknown skill\b|\bno such skill\b/i;
const ACTIVATION = /\bactivat(?:e|ed|es|ing|ion)\b/i;

const CONTEXT_KEYS = optionKeys<SkillErrorContext>('toSkillError', { skillName: true, toolName: true });

/** Map any thrown value to a SkillError for `skillName` (non-empty, else `protocol.invalid`). */
export function toSkillError(error: unknown, context: SkillErrorContext): SkillError {
  checkOptionKeys(context, CONTEXT_KEYS);
  const skillName: unknown = context?.skillName;
  if (typeof skillName !== 'string' || skillName.trim() === '') {
    throw invalid('SkillError', [{ path: 'skill_name', message: 'toSkillError needs a non-empty skill name' }]);
  }
  if (isSkillError(error)) return error;

  const named = error instanceof Error ? error : undefined;
  const hostTool = named && 'toolName' in named && typeof named.toolName === 'string' ? named.toolName : undefined;
  const toolName = context.toolName || hostTool || undefined;
  const message = messageOf(error);
  const [type, rule] = classify(error, message);

  const details: Record<string, unknown> = { mapped_by: rule };
  if (named) details['error_name'] = named.name;
  else if (isForwardedError(error)) details['error_name'] = error.name;
  const code = codeOf(error);
  if (code !== undefined) details['code'] = code;
  if (isSkillgraphError(error) && Object.keys(error.details).length > 0 && jsonProblem(error.details) === undefined) {
    details['error_details'] = frozenJsonCopy(error.details);
  }
  if (toolName !== undefined) details['tool_name'] = toolName;
  const path = isResolverError(error) ? (error as { path?: unknown }).path : undefined;
  // A resolver failure's full chain (the message shortens long ones).
  if (Array.isArray(path) && path.length <= MAX_PATH && path.every((p) => typeof p === 'string'))
    details['path'] = [...path];
  return SkillError.create({ type, message, skillName, ...(toolName !== undefined ? { toolName } : {}), details });
}

function classify(error: unknown, message: string): [SkillErrorType, MappingRule] {
  if (isSkillgraphError(error)) {
    const mapped = CODE_TO_TYPE[error.code];
    if (mapped) return [mapped, 'code'];
  } else if (isResolverError(error)) {
    return [error.type as SkillErrorType, 'resolver'];
  }
  if (hasPermissionErrno(error)) return [SkillErrorType.PERMISSION_DENIED, 'errno'];
  const names = classNames(error);
  const isA = (family: ReadonlySet<string>): boolean => names.some((n) => family.has(n));
  if (error instanceof PermissionDeniedError || isA(PERMISSION_NAMES))
    return [SkillErrorType.PERMISSION_DENIED, 'class'];
  if (error instanceof ActivationError) return [SkillErrorType.TOOL_ACTIVATION_FAILURE, 'class'];
  if (error instanceof Error && error.name === 'ZodError') return [SkillErrorType.VALIDATION_ERROR, 'class'];
  if (error instanceof ResolutionError || isA(VALUE_ERROR_NAMES)) {
    if (CYCLE_LOOSE.test(message)) return [SkillErrorType.CYCLE_DETECTED, 'message'];
    if (NOT_FOUND_LOOSE.test(message)) return [SkillErrorType.SKILL_NOT_FOUND, 'message'];
    return [SkillErrorType.RESOLUTION_FAILURE, 'class'];
  }
  if (isA(RUNTIME_ERROR_NAMES)) {
    return [
      ACTIVATION.test(message) ? SkillErrorType.TOOL_ACTIVATION_FAILURE : SkillErrorType.TOOL_EXECUTION_FAILURE,
      'class',
    ];
  }
  if (CYCLE_STRICT.test(message)) return [SkillErrorType.CYCLE_DETECTED, 'message'];
  if (NOT_FOUND_STRICT.test(message)) return [SkillErrorType.SKILL_NOT_FOUND, 'message'];
  if (ACTIVATION.test(message)) return [SkillErrorType.TOOL_ACTIVATION_FAILURE, 'message'];
  return [SkillErrorType.TOOL_EXECUTION_FAILURE, 'message'];
}

function isForwardedError(value: unknown): value is { name: string; message: string } {
  if (value === null || typeof value !== 'object' || value instanceof Error) return false;
  const v = value as { name?: unknown; message?: unknown };
  return typeof v.name === 'string' && typeof v.message === 'string';
}

// `class ConfigError extends ValueError {}` leaves `name` as 'Error', so constructors up the chain count too.
// A throwing `name` getter ends the walk rather than the mapping.
function classNames(error: unknown): string[] {
  if (isForwardedError(error)) return [error.name];
  if (!(error instanceof Error)) return [];
  const names = [error.name];
  try {
    let proto: unknown = Object.getPrototypeOf(error);
    for (let depth = 0; depth < MAX_PROTO_DEPTH && proto !== null && proto !== Object.prototype; depth++) {
      const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value as unknown;
      if (typeof ctor === 'function' && typeof ctor.name === 'string') names.push(ctor.name);
      proto = Object.getPrototypeOf(proto);
    }
  } catch {
    // a throwing `name` getter: the error's own `name` is all there is to go by
  }
  return names;
}

function isResolverError(value: unknown): value is { type: string; message: string } {
  if (value === null || typeof value !== 'object' || value instanceof Error) return false;
  const v = value as { type?: unknown; message?: unknown };
  return isSkillErrorType(v.type) && typeof v.message === 'string';
}

function hasPermissionErrno(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && PERMISSION_ERRNOS.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function codeOf(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

function messageOf(error: unknown): string {
  let text = '';
  if (error instanceof Error) text = error.message || error.name;
  else if (typeof error === 'string') text = error;
  else if (
    error !== null &&
    typeof error === 'object' &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    text = (error as { message: string }).message;
  } else if (error !== undefined) text = `thrown value: ${String(error)}`;
  return text.trim() === '' ? 'unknown error' : text;
}
