/** The seven kinds of failure a host reports about a skill (an `as const` object: no enums). */
export const SkillErrorType = Object.freeze({
  SKILL_NOT_FOUND: 'skill_not_found',
  /** Other than a cycle or a missing include. */
  RESOLUTION_FAILURE: 'resolution_failure',
  /** The message holds the path `a -> b -> a`. */
  CYCLE_DETECTED: 'cycle_detected',
  /** Server down, binary missing, handshake failed. */
  TOOL_ACTIVATION_FAILURE: 'tool_activation_failure',
  TOOL_EXECUTION_FAILURE: 'tool_execution_failure',
  VALIDATION_ERROR: 'validation_error',
  PERMISSION_DENIED: 'permission_denied',
} as const);

/** One of the seven wire values, e.g. `'cycle_detected'`. */
export type SkillErrorType = (typeof SkillErrorType)[keyof typeof SkillErrorType];

/** The seven values in declaration order (stable). */
export const SKILL_ERROR_TYPES = Object.freeze(Object.values(SkillErrorType)) as readonly [
  SkillErrorType,
  ...SkillErrorType[],
];

const TYPE_SET: ReadonlySet<string> = new Set(SKILL_ERROR_TYPES);

/** True when `value` is one of the seven wire values. */
export function isSkillErrorType(value: unknown): value is SkillErrorType {
  return typeof value === 'string' && TYPE_SET.has(value);
}
