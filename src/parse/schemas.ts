/**
 * zod schemas for the map forms of composition entries and `compatibility`, so an issue names one field. The
 * common valid shapes are checked by hand (`fast…`, equal to the schema by property tests); zod is loaded only
 * when an entry needs the schema's verdict.
 */
import type { ZodMiniType } from 'zod/mini';
import { zod as loadZod, type Zod } from '../model/zod.js';
import type { YamlPath } from './yaml-types.js';

/** `compatibility: {os, programs, env}`, each a string or a list, or under the runtime's names. */
export interface CompatibilityMap {
  os?: string[];
  programs?: string[];
  env?: string[];
  operating_systems?: string[];
  required_programs?: string[];
  required_environment?: string[];
}

export interface ToolOverrideEntry {
  writes?: boolean;
  description?: string;
}

/** Map form of an `includes:` entry. */
export interface IncludeObject {
  skill: string;
  overrides?: Record<string, ToolOverrideEntry>;
}

/** Map form of a tool reference (`tools:` and `mcp[].tools`). */
export interface ToolObject {
  name: string;
  writes?: boolean;
  description?: string;
}

export interface InlineToolEntry {
  name?: string;
  description: string;
  writes?: boolean;
  'input-schema'?: Record<string, unknown>;
}

/** An `mcp:` entry; its tools are checked one by one by the caller. */
export interface McpObject {
  server: string;
  tools: unknown[];
}

interface SchemaOutputs {
  CompatibilityMapSchema: CompatibilityMap;
  ToolOverrideSchema: ToolOverrideEntry;
  IncludeObjectSchema: IncludeObject;
  ToolObjectSchema: ToolObject;
  InlineToolSchema: InlineToolEntry;
  McpObjectSchema: McpObject;
}

/** @internal */
export type ParseSchemas = { readonly [K in keyof SchemaOutputs]: ZodMiniType<SchemaOutputs[K]> };

function buildSchemas(z: Zod): ParseSchemas {
  const Name = z.string().check(z.trim(), z.minLength(1, 'must be non-empty text'));
  const StringList = z.union([
    z.pipe(
      z.string(),
      z.transform((s: string) => [s]),
    ),
    z.array(z.string()),
  ]);
  const ToolOverrideSchema = z.strictObject({ writes: z.optional(z.boolean()), description: z.optional(z.string()) });
  return {
    CompatibilityMapSchema: z.strictObject({
      os: z.optional(StringList),
      programs: z.optional(StringList),
      env: z.optional(StringList),
      operating_systems: z.optional(StringList),
      required_programs: z.optional(StringList),
      required_environment: z.optional(StringList),
    }),
    ToolOverrideSchema,
    IncludeObjectSchema: z.strictObject({
      skill: Name,
      overrides: z.optional(z.record(z.string(), ToolOverrideSchema)),
    }),
    ToolObjectSchema: z.strictObject({
      name: Name,
      writes: z.optional(z.boolean()),
      description: z.optional(z.string()),
    }),
    InlineToolSchema: z.strictObject({
      name: z.optional(Name),
      description: Name,
      writes: z.optional(z.boolean()),
      'input-schema': z.optional(z.record(z.string(), z.unknown())),
    }),
    McpObjectSchema: z.strictObject({ server: Name, tools: z.array(z.unknown()) }),
  };
}

let schemas: ParseSchemas | undefined;

/** @internal The schemas, built on first use (zod is loaded then). */
export function parseSchemas(): ParseSchemas {
  schemas ??= buildSchemas(loadZod());
  return schemas;
}

/** A plain object (what YAML maps become), not an array or class instance. */
function isPlainMap(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Perf: the common valid `includes:` map checked by hand; undefined means "ask the schema". */
export function fastIncludeObject(v: unknown): IncludeObject | undefined {
  if (!isPlainMap(v)) return undefined;
  let keys = 0;
  for (const key in v) {
    if (!Object.hasOwn(v, key)) return undefined;
    if (key !== 'skill' && key !== 'overrides') return undefined;
    keys++;
  }
  if (Object.getOwnPropertySymbols(v).length > 0 || keys !== Object.getOwnPropertyNames(v).length) return undefined;
  const skill = v.skill;
  if (typeof skill !== 'string') return undefined;
  const trimmed = skill.trim();
  if (trimmed.length === 0) return undefined;
  if (!Object.hasOwn(v, 'overrides')) return { skill: trimmed };
  const overrides = v.overrides;
  if (!isPlainMap(overrides) || Object.getOwnPropertySymbols(overrides).length > 0) return undefined;
  const out: Record<string, { writes?: boolean; description?: string }> = {};
  for (const key of Object.getOwnPropertyNames(overrides)) {
    if (key === '__proto__') return undefined;
    const o = overrides[key];
    if (!isPlainMap(o)) return undefined;
    const names = Object.getOwnPropertyNames(o);
    if (Object.getOwnPropertySymbols(o).length > 0 || names.some((n) => n !== 'writes' && n !== 'description'))
      return undefined;
    if (o.writes !== undefined && typeof o.writes !== 'boolean') return undefined;
    if (o.description !== undefined && typeof o.description !== 'string') return undefined;
    out[key] = o as { writes?: boolean; description?: string };
  }
  return { skill: trimmed, overrides: out };
}

/** Own string keys of a plain map when all of them are in `allowed`; undefined otherwise. */
function plainKeys(v: unknown, allowed: readonly string[]): string[] | undefined {
  if (!isPlainMap(v) || Object.getOwnPropertySymbols(v).length > 0) return undefined;
  const names = Object.getOwnPropertyNames(v);
  for (const n of names) if (!allowed.includes(n)) return undefined;
  return names;
}

/** The common valid tool map checked by hand; undefined means "ask the schema". */
export function fastToolObject(v: unknown): ToolObject | undefined {
  if (plainKeys(v, ['name', 'writes', 'description']) === undefined) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.name !== 'string') return undefined;
  const name = o.name.trim();
  if (name.length === 0) return undefined;
  if (Object.hasOwn(o, 'writes') && o.writes !== undefined && typeof o.writes !== 'boolean') return undefined;
  if (Object.hasOwn(o, 'description') && o.description !== undefined && typeof o.description !== 'string')
    return undefined;
  return {
    name,
    ...(o.writes === undefined ? {} : { writes: o.writes as boolean }),
    ...(o.description === undefined ? {} : { description: o.description as string }),
  };
}

/** The common valid `mcp:` entry checked by hand; undefined means "ask the schema". */
export function fastMcpObject(v: unknown): McpObject | undefined {
  const keys = plainKeys(v, ['server', 'tools']);
  if (keys === undefined || keys.length !== 2) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.server !== 'string' || !Array.isArray(o.tools)) return undefined;
  const server = o.server.trim();
  return server.length === 0 ? undefined : { server, tools: [...(o.tools as unknown[])] };
}

export type SchemaResult<T> = { ok: true; value: T } | { ok: false; path: YamlPath; detail: string };

/** Run a schema and reduce a failure to its first issue: path (relative) and a one-line detail. */
export function check<K extends keyof SchemaOutputs>(name: K, value: unknown): SchemaResult<SchemaOutputs[K]> {
  const r = (parseSchemas()[name] as ZodMiniType<SchemaOutputs[K]>).safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const path = (issue?.path ?? []).filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  const where = path.length > 0 ? `${path.join('.')}: ` : '';
  let detail = issue?.message ?? 'invalid';
  if (issue?.code === 'unrecognized_keys')
    detail = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  return { ok: false, path, detail: `${where}${detail}` };
}

/** The runtime's name of each compatibility list: both are read into ours, so documents hold one spelling. */
export const COMPATIBILITY_ALIASES = Object.freeze({
  os: 'operating_systems',
  programs: 'required_programs',
  env: 'required_environment',
} as const);

type CompatibilityLists = { os?: string[]; programs?: string[]; env?: string[] };

/** The compatibility map as `{os, programs, env}` from either spelling; both names of one list are refused. */
export function parseCompatibilityMap(value: unknown): SchemaResult<CompatibilityLists> {
  const r = check('CompatibilityMapSchema', value);
  if (!r.ok) return r;
  const out: CompatibilityLists = {};
  for (const key of ['os', 'programs', 'env'] as const) {
    const alias = COMPATIBILITY_ALIASES[key];
    const ours = r.value[key];
    const theirs = r.value[alias];
    if (ours !== undefined && theirs !== undefined)
      return { ok: false, path: [alias], detail: `${alias}: '${key}' and '${alias}' name the same list; keep one` };
    const list = ours ?? theirs;
    if (list !== undefined) out[key] = list;
  }
  return { ok: true, value: out };
}
