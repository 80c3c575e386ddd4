import type { output } from 'zod/mini';
import { once, zod } from '../zod.js';
import { SKILL_ERROR_TYPES, type SkillErrorType } from './error-type.js';
import {
  FACTORY,
  JsonObjectSchema,
  NonEmpty,
  check,
  orThrow,
  requireFactory,
  withoutUndefined,
  type JsonValue,
  type Validated,
} from './validate.js';
import { optionKeys, unknownOption } from '../option-keys.js';

/** @internal */
export const SkillErrorJsonSchema = once(() => {
  const z = zod();
  return z
    .strictObject({
      type: z.enum(SKILL_ERROR_TYPES),
      message: NonEmpty(),
      skill_name: NonEmpty(),
      tool_name: z.optional(NonEmpty()),
      details: z.optional(JsonObjectSchema()),
    })
    .check(
      z.superRefine((value, ctx) => {
        const inDetails = value.details?.['tool_name'];
        if (inDetails !== undefined && value.tool_name !== undefined && inDetails !== value.tool_name) {
          const message = `disagrees with tool_name '${value.tool_name}'`;
          ctx.addIssue({ code: 'custom', path: ['details', 'tool_name'], message });
        }
      }),
    );
});

/** `SkillError.toJSON()` output. */
export interface SkillErrorJson {
  readonly type: SkillErrorType;
  readonly message: string;
  readonly skill_name: string;
  readonly tool_name?: string;
  readonly details: Readonly<Record<string, JsonValue>>;
}

/** Fields for `SkillError.create`. `details` must be JSON data; it is copied, never frozen in place. */
export interface SkillErrorInit {
  readonly type: SkillErrorType;
  readonly message: string;
  readonly skillName: string;
  readonly toolName?: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

const INIT_KEYS = optionKeys<SkillErrorInit>('SkillError.create', {
  type: true,
  message: true,
  skillName: true,
  toolName: true,
  details: true,
});

const EMPTY_DETAILS: Readonly<Record<string, JsonValue>> = Object.freeze({});

/**
 * A skill failure as data and as a throwable Error (`toSkillError` passes it through). Immutable.
 * @example SkillError.create({ type: 'cycle_detected', message: 'a -> b -> a', skillName: 'a' })
 */
export class SkillError extends Error {
  declare readonly type: SkillErrorType;
  declare readonly skillName: string;
  declare readonly toolName: string | undefined;
  declare readonly details: Readonly<Record<string, JsonValue>>;

  private constructor(wire: output<ReturnType<typeof SkillErrorJsonSchema>>, token?: typeof FACTORY) {
    requireFactory('SkillError', token, 'SkillError.create(…) or SkillError.from(…)');
    super(wire.message);
    // Own, enumerable data properties so the frozen instance reads like a plain value.
    Object.defineProperties(this, {
      name: { value: 'SkillError', enumerable: false },
      type: { value: wire.type, enumerable: true },
      skillName: { value: wire.skill_name, enumerable: true },
      toolName: { value: wire.tool_name, enumerable: true },
      details: { value: wire.details ?? EMPTY_DETAILS, enumerable: true },
    });
    Object.freeze(this);
  }

  /** Validate and build; the error (`protocol.invalid`) names every bad field. */
  static safeCreate(init: SkillErrorInit): Validated<SkillError> {
    if (init === null || typeof init !== 'object') return SkillError.safeFrom(init);
    const unknown = unknownOption(init, INIT_KEYS);
    if (unknown) return { ok: false, error: unknown };
    return SkillError.safeFrom(
      withoutUndefined({
        type: init.type,
        message: init.message,
        skill_name: init.skillName,
        tool_name: init.toolName,
        details: init.details,
      }),
    );
  }

  /** Validate and build, or throw `protocol.invalid`. */
  static create(init: SkillErrorInit): SkillError {
    return orThrow(SkillError.safeCreate(init));
  }

  /** Rebuild from wire JSON; never throws. */
  static safeFrom(json: unknown): Validated<SkillError> {
    const parsed = check('SkillError', SkillErrorJsonSchema(), json);
    return parsed.ok ? { ok: true, value: new SkillError(parsed.value, FACTORY) } : parsed;
  }

  /** Rebuild from wire JSON, or throw `protocol.invalid`. */
  static from(json: unknown): SkillError {
    return orThrow(SkillError.safeFrom(json));
  }

  /** The wire form; `tool_name` is omitted when there is no tool. */
  toJSON(): SkillErrorJson {
    return withoutUndefined({
      type: this.type,
      message: this.message,
      skill_name: this.skillName,
      tool_name: this.toolName,
      details: this.details,
    });
  }
}

/** True for a SkillError, also one from another copy of this module. */
export function isSkillError(value: unknown): value is SkillError {
  return (
    value instanceof SkillError ||
    (value instanceof Error &&
      value.name === 'SkillError' &&
      'skillName' in value &&
      'type' in value &&
      'toJSON' in value)
  );
}
