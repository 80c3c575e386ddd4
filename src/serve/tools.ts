// Tools for hosts without the Skills extension. A tool failure is a result the model reads
// (`isError`), not a protocol error. `skill_name` is the Agents SDK's argument name.
import { findSkill } from '../context/lookup.js';
import { isSkillgraphError } from '../model/errors.js';
import type { LiveCatalog } from './live.js';
import { servedEntry } from './methods.js';
import { SEARCH_MAX_RESULTS, searchSkills } from './search.js';
import { SKILL_FILE, fileUri } from './uri.js';

export const LOAD_SKILL = 'load_skill';
export const SEARCH_SKILLS = 'search_skills';

export const SERVE_TOOLS = Object.freeze([
  Object.freeze({
    name: LOAD_SKILL,
    description:
      "Load one skill's instructions (its SKILL.md) by name, with the base URI its relative paths resolve against " +
      'and the list of its files (read them with resources/read). ' +
      'Answers "already_loaded" when this session has it. Call once per skill.',
    inputSchema: {
      type: 'object' as const,
      properties: {
        skill_name: { type: 'string', description: 'Name of one skill from the skills list (or scope/name).' },
        name: { type: 'string', description: 'The same as skill_name, for callers that send `name`.' },
      },
      additionalProperties: false,
    },
  }),
  Object.freeze({
    name: SEARCH_SKILLS,
    description:
      'Find skills by what they do: a query over skill names and descriptions, best matches first. ' +
      'Use it when no listed skill fits.',
    inputSchema: {
      type: 'object' as const,
      properties: {
        query: { type: 'string', description: 'Words describing the task.' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: SEARCH_MAX_RESULTS,
          description: 'How many skills to return (default 10).',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
  }),
]);

/** One JSON text block, the same value as `structuredContent`. */
export interface ToolResult {
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent: Record<string, unknown>;
  readonly isError?: boolean;
  [key: string]: unknown;
}

/** Skill name → the digest it was loaded at. */
export type SessionLoads = Map<string, string>;

/** Run a tool call for one session. */
export function callTool(live: LiveCatalog, loads: SessionLoads, tool: string, args: unknown): ToolResult {
  const input =
    typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  if (tool === LOAD_SKILL) return loadSkill(live, loads, input);
  if (tool === SEARCH_SKILLS) return searchTool(live, input);
  return failure(`unknown tool '${tool}'; this server has ${LOAD_SKILL} and ${SEARCH_SKILLS}`);
}

function loadSkill(live: LiveCatalog, loads: SessionLoads, input: Record<string, unknown>): ToolResult {
  const raw = input.skill_name ?? input.name;
  if (typeof raw !== 'string' || raw.trim() === '') return failure("'skill_name' must be a non-empty string");
  let name: string;
  try {
    name = findSkill(live.catalog, raw, { modelOnly: true }).descriptor.name;
  } catch (error) {
    if (isSkillgraphError(error)) return failure(error.message, { code: error.code, ...error.details });
    throw error;
  }
  const winner = live.winners().find((s) => s.pkg.descriptor.name === name);
  if (!winner) return failure(`skill not found: '${raw}'`);
  const path = fileUri(winner.address, '');
  const { skill, result } = live.manifest(winner);
  if (!result.ok) return failure(`${skill.uri} cannot be served: ${result.diagnostic.message}`);
  const limit = result.manifest.limits[0];
  if (limit) return failure(`${skill.uri} is not served: ${limit.message}`);
  const digest = result.manifest.byPath.get(SKILL_FILE)!.digest;
  if (loads.get(name) === digest) return success({ status: 'already_loaded', skill_name: name, path });
  const read = live.read(skill, result.manifest.byPath.get(SKILL_FILE)!);
  if (!read.ok) return failure(`${skill.uri} changed while it was loaded (${read.why}); call ${LOAD_SKILL} again`);
  loads.set(name, digest);
  return success({
    status: 'loaded',
    skill_name: name,
    path,
    uri: skill.uri,
    body: skill.pkg.body,
    files: result.manifest.files.map((f) => ({ uri: f.uri, digest: f.digest, size: f.size })),
  });
}

function searchTool(live: LiveCatalog, input: Record<string, unknown>): ToolResult {
  if (typeof input.query !== 'string' || input.query.trim() === '')
    return failure("'query' must be a non-empty string");
  const limit = input.limit === undefined ? 10 : input.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
    return failure("'limit' must be a positive integer");
  // What skills/list offers the model, no more.
  const visible = live.winners().filter((s) => s.pkg.descriptor.modelInvocable && servedEntry(live, s) !== undefined);
  const hits = searchSkills(
    visible.map((s) => s.pkg),
    input.query,
    limit,
  );
  const uris = new Map(visible.map((s) => [s.pkg.descriptor.name, s.uri]));
  return success({
    query: input.query,
    skills: hits.map((h) => ({ skill_name: h.name, description: h.description, uri: uris.get(h.name)! })),
  });
}

function success(value: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

function failure(message: string, details: Record<string, unknown> = {}): ToolResult {
  const value = { error: message, ...details };
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value, isError: true };
}
