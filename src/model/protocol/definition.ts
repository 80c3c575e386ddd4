import type { output } from 'zod/mini';
import { once, zod } from '../zod.js';
import type { ResolvedToolEntry } from '../resolve.js';
import type { SkillPackage } from '../package.js';
import { ResolvedToolListSchema, freezeEntry } from './entries.js';
import {
  JsonObjectSchema,
  FACTORY,
  NonEmpty,
  check,
  invalid,
  orThrow,
  requireFactory,
  withoutUndefined,
  type JsonValue,
  type Validated,
} from './validate.js';
import { optionKeys, unknownOption } from '../option-keys.js';

/** The type names JSON Schema defines; a schema's `type` must use these. */
export const JSON_SCHEMA_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'] as const;

/** @internal */
export const JsonSchemaObjectSchema = once(() => {
  const z = zod();
  return JsonObjectSchema().check(
    z.superRefine((schema, ctx) => {
      if (!Object.hasOwn(schema, 'type')) {
        ctx.addIssue({ code: 'custom', message: "a JSON schema needs a 'type' key" });
        return;
      }
      const type = schema['type'];
      const names = typeof type === 'string' ? [type] : Array.isArray(type) ? type : undefined;
      const known: readonly unknown[] = JSON_SCHEMA_TYPES;
      if (
        !names ||
        names.length === 0 ||
        !names.every((n) => known.includes(n)) ||
        new Set(names).size !== names.length
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['type'],
          message: `must be one of ${JSON_SCHEMA_TYPES.join(', ')} or a list of them`,
        });
      }
    }),
  );
});

/** @internal */
export const SkillDefinitionJsonSchema = once(() => {
  const z = zod();
  return z
    .strictObject({
      skill_name: NonEmpty(),
      description: z.string(),
      writes: z.boolean(),
      tools: ResolvedToolListSchema(),
      input_schema: z.optional(JsonSchemaObjectSchema()),
      output_schema: z.optional(JsonSchemaObjectSchema()),
    })
    .check(
      z.superRefine((d, ctx) => {
        const toolsWrite = d.tools.some((t) => t.writes);
        if (d.writes !== toolsWrite) {
          const why = toolsWrite
            ? `declared read-only but tool '${d.tools.find((t) => t.writes)!.key}' writes`
            : 'declared as writing but none of its tools writes';
          ctx.addIssue({ code: 'custom', path: ['writes'], message: why });
        }
      }),
    );
});

/** `SkillDefinition.toJSON()` output; absent schemas are omitted. */
export interface SkillDefinitionJson {
  readonly skill_name: string;
  readonly description: string;
  readonly writes: boolean;
  readonly tools: readonly ResolvedToolEntry[];
  readonly input_schema?: Readonly<Record<string, JsonValue>>;
  readonly output_schema?: Readonly<Record<string, JsonValue>>;
}

/** Fields for `SkillDefinition.create`. `writes`, when given, must agree with the tools. */
export interface SkillDefinitionInit {
  readonly skillName: string;
  readonly description: string;
  readonly tools: readonly ResolvedToolEntry[];
  readonly writes?: boolean;
  readonly inputSchema?: Readonly<Record<string, unknown>>;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
}

/** Options of `SkillDefinition.fromSkill`. */
export interface DefinitionSchemas {
  readonly inputSchema?: Readonly<Record<string, unknown>>;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
}

const INIT_KEYS = optionKeys<SkillDefinitionInit>('SkillDefinition.create', {
  skillName: true,
  description: true,
  tools: true,
  writes: true,
  inputSchema: true,
  outputSchema: true,
});
const SCHEMAS_KEYS = optionKeys<DefinitionSchemas>('SkillDefinition.fromSkill', {
  inputSchema: true,
  outputSchema: true,
});

/**
 * A skill as a host composes and invokes it: resolved tools and optional JSON schemas. Immutable.
 * @example SkillDefinition.create({ skillName: 'deploy', description: 'Ship it', tools: entries })
 */
export class SkillDefinition {
  declare readonly skillName: string;
  declare readonly description: string;
  /** True when any tool writes; always consistent with `tools`. */
  declare readonly writes: boolean;
  declare readonly tools: readonly ResolvedToolEntry[];
  declare readonly inputSchema: Readonly<Record<string, JsonValue>> | undefined;
  declare readonly outputSchema: Readonly<Record<string, JsonValue>> | undefined;

  private constructor(d: output<ReturnType<typeof SkillDefinitionJsonSchema>>, token?: typeof FACTORY) {
    requireFactory('SkillDefinition', token, 'SkillDefinition.create(…), fromSkill(…) or from(…)');
    Object.assign(this, {
      skillName: d.skill_name,
      description: d.description,
      writes: d.writes,
      tools: Object.freeze(d.tools.map(freezeEntry)),
      inputSchema: d.input_schema,
      outputSchema: d.output_schema,
    });
    Object.freeze(this);
  }

  /** Validate and build; never throws. */
  static safeCreate(init: SkillDefinitionInit): Validated<SkillDefinition> {
    if (init === null || typeof init !== 'object') return SkillDefinition.safeFrom(init);
    const unknown = unknownOption(init, INIT_KEYS);
    if (unknown) return { ok: false, error: unknown };
    const tools: unknown = init.tools;
    const computed =
      Array.isArray(tools) &&
      tools.some((t: unknown) => typeof t === 'object' && t !== null && (t as { writes?: unknown }).writes === true);
    return SkillDefinition.safeFrom(
      withoutUndefined({
        skill_name: init.skillName,
        description: init.description,
        writes: init.writes ?? computed,
        tools: init.tools,
        input_schema: init.inputSchema,
        output_schema: init.outputSchema,
      }),
    );
  }

  /** Validate and build, or throw `protocol.invalid`. */
  static create(init: SkillDefinitionInit): SkillDefinition {
    return orThrow(SkillDefinition.safeCreate(init));
  }

  /** Build from a package and its resolved entries; never throws. */
  static safeFromSkill(
    pkg: SkillPackage | null | undefined,
    entries: readonly ResolvedToolEntry[] | null | undefined,
    schemas: DefinitionSchemas = {},
  ): Validated<SkillDefinition> {
    const unknown = unknownOption(schemas, SCHEMAS_KEYS);
    if (unknown) return { ok: false, error: unknown };
    if (pkg === null || pkg === undefined || typeof pkg !== 'object' || !pkg.descriptor) {
      return {
        ok: false,
        error: invalid('SkillDefinition', [
          { path: '', message: `fromSkill needs a skill package, got ${String(pkg)}` },
        ]),
      };
    }
    if (entries === null || entries === undefined) {
      return {
        ok: false,
        error: invalid('SkillDefinition', [
          { path: 'tools', message: `fromSkill needs the resolved entries, got ${String(entries)}` },
        ]),
      };
    }
    return SkillDefinition.safeCreate({
      skillName: pkg.descriptor.name,
      description: pkg.descriptor.description,
      tools: entries,
      ...schemas,
    });
  }

  /** Build from a package and its resolved entries, or throw. */
  static fromSkill(
    pkg: SkillPackage | null | undefined,
    entries: readonly ResolvedToolEntry[] | null | undefined,
    schemas: DefinitionSchemas = {},
  ): SkillDefinition {
    return orThrow(SkillDefinition.safeFromSkill(pkg, entries, schemas));
  }

  /** Rebuild from wire JSON; never throws. */
  static safeFrom(json: unknown): Validated<SkillDefinition> {
    const parsed = check('SkillDefinition', SkillDefinitionJsonSchema(), json);
    return parsed.ok ? { ok: true, value: new SkillDefinition(parsed.value, FACTORY) } : parsed;
  }

  /** Rebuild from wire JSON, or throw. */
  static from(json: unknown): SkillDefinition {
    return orThrow(SkillDefinition.safeFrom(json));
  }

  /** The wire form (snake_case). */
  toJSON(): SkillDefinitionJson {
    return withoutUndefined({
      skill_name: this.skillName,
      description: this.description,
      writes: this.writes,
      tools: this.tools,
      input_schema: this.inputSchema,
      output_schema: this.outputSchema,
    });
  }
}
