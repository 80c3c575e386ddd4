import type { z } from 'zod';
import { once, zod } from '../zod.js';
import { SkillError, SkillErrorJsonSchema, isSkillError, type SkillErrorJson } from './skill-error.js';
import {
  JsonObjectSchema,
  FACTORY,
  JsonValueSchema,
  NonEmpty,
  check,
  orThrow,
  requireFactory,
  withoutUndefined,
  type JsonValue,
  type Validated,
} from './validate.js';
import { optionKeys, unknownOption } from '../option-keys.js';

/** What happened to a resource during a run. */
export const RESOURCE_ACTIONS = ['created', 'modified', 'deleted'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** @internal */
export const ResourceChangeSchema = once(() => {
  const z = zod();
  return z.strictObject({
    resource: NonEmpty(),
    action: z.enum(RESOURCE_ACTIONS),
    details: z.optional(JsonObjectSchema()),
  });
});

export interface ResourceChange {
  readonly resource: string;
  readonly action: ResourceAction;
  readonly details?: Readonly<Record<string, JsonValue>>;
}

/** @internal */
export const SkillResultJsonSchema = once(() => {
  const z = zod();
  return z
    .strictObject({
      success: z.boolean(),
      skill_name: NonEmpty(),
      tool_name: z.optional(NonEmpty()),
      output_data: JsonValueSchema(),
      error: z.nullable(SkillErrorJsonSchema()),
      duration_ms: z.number().check(z.gte(0)),
      resource_changes: z.array(ResourceChangeSchema()),
    })
    .check(
      z.superRefine((r, ctx) => {
        if (r.success && r.error !== null) {
          ctx.addIssue({ code: 'custom', path: ['error'], message: 'a successful result carries no error' });
        }
        if (!r.success && r.error === null) {
          ctx.addIssue({ code: 'custom', path: ['error'], message: 'a failed result needs its SkillError' });
        }
      }),
    );
});

/** `SkillResult.toJSON()` output. */
export interface SkillResultJson {
  readonly success: boolean;
  readonly skill_name: string;
  readonly tool_name?: string;
  readonly output_data: JsonValue;
  readonly error: SkillErrorJson | null;
  readonly duration_ms: number;
  readonly resource_changes: readonly ResourceChange[];
}

/** Fields for `SkillResult.create`; output defaults to null, duration to 0, changes to none. */
export interface SkillResultInit {
  readonly success: boolean;
  readonly skillName: string;
  readonly toolName?: string;
  readonly outputData?: unknown;
  readonly error?: SkillError | null;
  readonly durationMs?: number;
  readonly resourceChanges?: readonly ResourceChange[];
}

const INIT_KEYS = optionKeys<SkillResultInit>('SkillResult.create', {
  success: true,
  skillName: true,
  toolName: true,
  outputData: true,
  error: true,
  durationMs: true,
  resourceChanges: true,
});

/**
 * The outcome of running a skill's tool. Immutable; `success` and `error` must agree.
 * @example SkillResult.create({ success: true, skillName: 'lint', toolName: 'eslint', outputData: { files: 3 } })
 */
export class SkillResult {
  declare readonly success: boolean;
  declare readonly skillName: string;
  declare readonly toolName: string | undefined;
  declare readonly outputData: JsonValue;
  declare readonly error: SkillError | null;
  declare readonly durationMs: number;
  declare readonly resourceChanges: readonly ResourceChange[];

  private constructor(r: z.output<ReturnType<typeof SkillResultJsonSchema>>, token?: typeof FACTORY) {
    requireFactory('SkillResult', token, 'SkillResult.create(…) or SkillResult.from(…)');
    Object.assign(this, {
      success: r.success,
      skillName: r.skill_name,
      toolName: r.tool_name,
      outputData: r.output_data,
      error: r.error === null ? null : SkillError.from(r.error),
      durationMs: r.duration_ms,
      resourceChanges: Object.freeze(r.resource_changes.map((c) => Object.freeze(withoutUndefined({ ...c })))),
    });
    Object.freeze(this);
  }

  /** Validate and build; never throws. */
  static safeCreate(init: SkillResultInit): Validated<SkillResult> {
    if (init === null || typeof init !== 'object') return SkillResult.safeFrom(init);
    const unknown = unknownOption(init, INIT_KEYS);
    if (unknown) return { ok: false, error: unknown };
    const error: unknown = init.error ?? null;
    return SkillResult.safeFrom(
      withoutUndefined({
        success: init.success,
        skill_name: init.skillName,
        tool_name: init.toolName,
        output_data: init.outputData === undefined ? null : init.outputData,
        error: isSkillError(error) ? error.toJSON() : error,
        duration_ms: init.durationMs ?? 0,
        resource_changes: init.resourceChanges ?? [],
      }),
    );
  }

  /** Validate and build, or throw `protocol.invalid`. */
  static create(init: SkillResultInit): SkillResult {
    return orThrow(SkillResult.safeCreate(init));
  }

  /** Rebuild from wire JSON; never throws. */
  static safeFrom(json: unknown): Validated<SkillResult> {
    const parsed = check('SkillResult', SkillResultJsonSchema(), json);
    return parsed.ok ? { ok: true, value: new SkillResult(parsed.value, FACTORY) } : parsed;
  }

  /** Rebuild from wire JSON, or throw. */
  static from(json: unknown): SkillResult {
    return orThrow(SkillResult.safeFrom(json));
  }

  /** The wire form; `tool_name` is omitted when there is no tool, `error` is null on success. */
  toJSON(): SkillResultJson {
    return withoutUndefined({
      success: this.success,
      skill_name: this.skillName,
      tool_name: this.toolName,
      output_data: this.outputData,
      error: this.error === null ? null : this.error.toJSON(),
      duration_ms: this.durationMs,
      resource_changes: this.resourceChanges,
    });
  }
}
