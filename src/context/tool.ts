// The enum of visible names means the model can only ask for what it was shown. Wire shape is the sandbox SDK's.
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
      readonly skill_name: { readonly type: 'string'; readonly description: string; readonly enum: readonly string[] };
    };
    readonly required: readonly ['skill_name'];
    readonly additionalProperties: false;
  };
}

export interface LoadSkillArgs {
  readonly skill_name: string;
}

/** `path` is the skill's folder in the workspace, as the host named the workspace (POSIX). */
export interface LoadSkillAnswer {
  readonly status: 'loaded' | 'already_loaded';
  readonly skill_name: string;
  readonly path: string;
}

const DESCRIPTION =
  'Stage one skill from the skills list into the workspace so its SKILL.md and the files beside it ' +
  '(scripts, references, assets) can be read. Answers "loaded", or "already_loaded" when this run ' +
  'already has it. Call once per skill.';

/** The tool definition for the model-invocable skills of `source`, or null when there is none to load. */
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
        skill_name: Object.freeze({
          type: 'string',
          description: 'Exact name of one skill from the skills list.',
          enum: Object.freeze(names),
        }),
      }),
      required: Object.freeze(['skill_name'] as const),
      additionalProperties: false,
    }),
  } as const);
}

/**
 * The requested name from a call's raw arguments (JSON text or an object); `name` is an alias of `skill_name`.
 * A malformed call is `options.invalid` naming the field, so the host can hand the message back to the model.
 */
export function parseLoadSkillArgs(raw: unknown): LoadSkillArgs {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return badArgs('arguments are not valid JSON', 'skill_name');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return badArgs('arguments must be an object', 'skill_name');
  const record = value as Record<string, unknown>;
  const field = 'skill_name' in record || !('name' in record) ? 'skill_name' : 'name';
  const name = record[field];
  if (typeof name !== 'string' || name.trim() === '') return badArgs(`'${field}' must be a non-empty string`, field);
  if (field === 'skill_name' && 'name' in record && record.name !== name) {
    return badArgs("'skill_name' and its alias 'name' name different skills", 'name');
  }
  return { skill_name: name.trim() };
}

/** The answer to a `load_skill` call from what the workspace staged. */
export function loadSkillAnswer(staged: {
  readonly status: LoadSkillAnswer['status'];
  readonly name: string;
  readonly path: string;
}): LoadSkillAnswer {
  return Object.freeze({ status: staged.status, skill_name: staged.name, path: staged.path });
}

function badArgs(message: string, field: string): never {
  throw new SkillgraphError('options.invalid', `load_skill: ${message}`, { field, tool: LOAD_SKILL_TOOL_NAME });
}
