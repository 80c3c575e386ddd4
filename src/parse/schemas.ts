/**
 * zod schemas for the structured parts of the typed result (STYLE 7: schemas
 * beside their types): the composition entries of DESIGN P6 and the
 * structured `compatibility` map. The parser dispatches on the entry's shape
 * (string or map) by hand and uses these for the map form, so an issue names
 * one concrete field instead of a union's alternatives.
 *
 * Perf: zod costs ~74 ms to import; it is imported here and nowhere else in parse.
 */
import { z } from 'zod';
import type { YamlPath } from './yaml-types.js';

const Name = z.string().trim().min(1, 'must be non-empty text');
const StringList = z.union([z.string().transform((s) => [s]), z.array(z.string())]);

/** `compatibility: {os, programs, env}` — each a string or a list of strings. */
export const CompatibilityMapSchema = z.strictObject({
  os: StringList.optional(),
  programs: StringList.optional(),
  env: StringList.optional(),
});
export type CompatibilityMap = z.infer<typeof CompatibilityMapSchema>;

export const ToolOverrideSchema = z.strictObject({
  writes: z.boolean().optional(),
  description: z.string().optional(),
});

/** Map form of an `includes:` entry. */
export const IncludeObjectSchema = z.strictObject({
  skill: Name,
  overrides: z.record(z.string(), ToolOverrideSchema).optional(),
});
export type IncludeObject = z.infer<typeof IncludeObjectSchema>;

/** Map form of a tool reference (`tools:` and `mcp[].tools`). */
export const ToolObjectSchema = z.strictObject({
  name: Name,
  writes: z.boolean().optional(),
  description: z.string().optional(),
});
export type ToolObject = z.infer<typeof ToolObjectSchema>;

/** An `inline-tools:` entry. */
export const InlineToolSchema = z.strictObject({
  description: Name,
  writes: z.boolean().optional(),
  'input-schema': z.record(z.string(), z.unknown()).optional(),
});
export type InlineToolEntry = z.infer<typeof InlineToolSchema>;

/** An `mcp:` entry; its tools are checked one by one by the caller. */
export const McpObjectSchema = z.strictObject({
  server: Name,
  tools: z.array(z.unknown()),
});

/** A plain object (what YAML maps become), not an array or class instance. */
function isPlainMap(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The common valid `includes:` map checked by hand; undefined means "ask the
 * schema" (anything unusual or invalid, so findings keep the schema's wording).
 * Perf: zod's safeParse per include entry cost ~27 ms per 10,000 skills.
 *
 * @example fastIncludeObject({ skill: ' pdf ' }) // { skill: 'pdf' }
 */
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
    if (Object.getOwnPropertySymbols(o).length > 0 || names.some((n) => n !== 'writes' && n !== 'description')) return undefined;
    if (o.writes !== undefined && typeof o.writes !== 'boolean') return undefined;
    if (o.description !== undefined && typeof o.description !== 'string') return undefined;
    out[key] = o as { writes?: boolean; description?: string };
  }
  return { skill: trimmed, overrides: out };
}

export type SchemaResult<T> = { ok: true; value: T } | { ok: false; path: YamlPath; detail: string };

/**
 * Run a schema and reduce a failure to its first issue: path (relative) and a one-line detail.
 *
 * @example check(ToolObjectSchema, { name: 1 }) // { ok: false, path: ['name'], detail: 'name: Invalid input: …' }
 */
export function check<T>(schema: z.ZodType<T>, value: unknown): SchemaResult<T> {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const path = (issue?.path ?? []).filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  const where = path.length > 0 ? `${path.join('.')}: ` : '';
  let detail = issue?.message ?? 'invalid';
  if (issue?.code === 'unrecognized_keys') detail = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  return { ok: false, path, detail: `${where}${detail}` };
}

/**
 * Parse the structured compatibility map.
 *
 * @example parseCompatibilityMap({ os: 'linux' }) // { ok: true, value: { os: ['linux'] } }
 */
export function parseCompatibilityMap(value: unknown): SchemaResult<{ os?: string[]; programs?: string[]; env?: string[] }> {
  return check(CompatibilityMapSchema, value);
}
