/**
 * The error taxonomy of the skill protocol: exactly seven kinds
 * of failure a host reports about a skill, as an `as const` object (no enums
 * under `erasableSyntaxOnly`) plus its union type.
 */

/**
 * Every kind of skill failure, by constant name.
 *
 * @example if (err.type === SkillErrorType.CYCLE_DETECTED) showCycle(err.details);
 */
export const SkillErrorType = Object.freeze({
  /** The skill (or an included skill) is not in the catalog. */
  SKILL_NOT_FOUND: 'skill_not_found',
  /** The skill's composition could not be resolved (other than a cycle or a missing include). */
  RESOLUTION_FAILURE: 'resolution_failure',
  /** Includes form a cycle; the message holds the path `a -> b -> a`. */
  CYCLE_DETECTED: 'cycle_detected',
  /** A tool could not be made ready to run (server down, binary missing, handshake failed). */
  TOOL_ACTIVATION_FAILURE: 'tool_activation_failure',
  /** A tool ran and failed. */
  TOOL_EXECUTION_FAILURE: 'tool_execution_failure',
  /** Input (a skill, a schema, arguments) failed validation. */
  VALIDATION_ERROR: 'validation_error',
  /** The operating system or the host refused access. */
  PERMISSION_DENIED: 'permission_denied',
} as const);

/** One of the seven wire values, e.g. `'cycle_detected'`. */
export type SkillErrorType = (typeof SkillErrorType)[keyof typeof SkillErrorType];

/**
 * The seven values in declaration order (stable; used for listings and schemas).
 *
 * @example SKILL_ERROR_TYPES.length === 7
 */
export const SKILL_ERROR_TYPES = Object.freeze(Object.values(SkillErrorType)) as readonly [
  SkillErrorType,
  ...SkillErrorType[],
];

const TYPE_SET: ReadonlySet<string> = new Set(SKILL_ERROR_TYPES);

/**
 * True when `value` is one of the seven wire values.
 *
 * @example isSkillErrorType('cycle_detected') === true
 */
export function isSkillErrorType(value: unknown): value is SkillErrorType {
  return typeof value === 'string' && TYPE_SET.has(value);
}
