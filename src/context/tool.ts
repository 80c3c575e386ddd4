/**
 * The `load_skill` tool for function-calling hosts: a name, a
 * description, and a JSON Schema whose `name` parameter is an enum of the
 * model-visible skill names — the model can only ask for what it was shown.
 */
import { cmp } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { sourcePackages, type ContextSource } from './entries.js';

export const LOAD_SKILL_TOOL_NAME = 'load_skill';

/** A function-calling tool definition (OpenAI / Anthropic / MCP all accept this shape). */
export interface LoadSkillTool {
  readonly name: typeof LOAD_SKILL_TOOL_NAME;
  readonly description: string;
  readonly parameters: {
    readonly type: 'object';
    readonly properties: {
      readonly name: { readonly type: 'string'; readonly description: string; readonly enum: readonly string[] };
    };
    readonly required: readonly ['name'];
    readonly additionalProperties: false;
  };
}

/** Arguments a `load_skill` call carries. */
export interface LoadSkillArgs {
  readonly name: string;
}

const DESCRIPTION =
  'Stage one skill from the skills list into the workspace so its SKILL.md and the files beside it ' +
  '(scripts, references, assets) can be read. Answers "loaded", or "already_loaded" when this run ' +
  'already has it. Call once per skill.';

/**
 * The tool definition for the model-invocable skills of `source` (sorted
 * names as the enum), or null when there is none to load — JSON Schema wants
 * a non-empty enum, and an empty catalog renders no context either.
 *
 * @example tools.push(loadSkillTool(catalog) ?? [])
 */
export function loadSkillTool(source: ContextSource): LoadSkillTool | null {
  const names = [
    ...new Set(
      sourcePackages(source)
        .filter((p) => p.descriptor.modelInvocable)
        .map((p) => p.descriptor.name),
    ),
  ].sort(cmp);
  if (names.length === 0) return null;
  return Object.freeze({
    name: LOAD_SKILL_TOOL_NAME,
    description: DESCRIPTION,
    parameters: Object.freeze({
      type: 'object',
      properties: Object.freeze({
        name: Object.freeze({
          type: 'string',
          description: 'Exact name of one skill from the skills list.',
          enum: Object.freeze(names),
        }),
      }),
      required: Object.freeze(['name'] as const),
      additionalProperties: false,
    }),
  } as const);
}

/**
 * Check a tool call's raw arguments (a JSON string or an object) and return
 * the requested name; a malformed call is an `options.invalid` error naming
 * the field, so the host can hand the message back to the model.
 *
 * @example parseLoadSkillArgs('{"name":"pdf"}').name // 'pdf'
 */
export function parseLoadSkillArgs(raw: unknown): LoadSkillArgs {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return badArgs('arguments are not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return badArgs('arguments must be an object');
  const name = (value as Record<string, unknown>).name;
  if (typeof name !== 'string' || name.trim() === '') return badArgs("'name' must be a non-empty string");
  return { name: name.trim() };
}

function badArgs(message: string): never {
  throw new SkillgraphError('options.invalid', `load_skill: ${message}`, { field: 'name', tool: LOAD_SKILL_TOOL_NAME });
}
