import type { ZodMiniType, output } from 'zod/mini';
import { once, zod } from '../zod.js';
import { SkillgraphError } from '../errors.js';

/** Outcome of a `safe…` constructor: the value, or the error its throwing twin would throw. */
export type Validated<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SkillgraphError };

/** One schema violation, `path` in wire field names, e.g. `tools.0.kind`. */
export interface ProtocolIssue {
  readonly path: string;
  readonly message: string;
}

/** A JSON value as it appears on the wire (no undefined, NaN, functions or cycles). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

// A hostile value cannot blow the stack.
const MAX_JSON_DEPTH = 64;

// `private` binds TypeScript only: from plain JavaScript, `new SkillError({...})` would build an unvalidated
// instance, so a constructor called without this token refuses.
export const FACTORY: unique symbol = Symbol('skillgraph.protocol.factory');

export function requireFactory(what: string, token: unknown, factories: string): void {
  if (token !== FACTORY)
    throw invalid(what, [{ path: '', message: `the constructor does not validate; build one with ${factories}` }]);
}

export function invalid(what: string, issues: readonly ProtocolIssue[]): SkillgraphError {
  const text = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new SkillgraphError('protocol.invalid', `invalid ${what}: ${text}`, {
    type: what,
    issues: issues.map((i) => ({ path: i.path, message: i.message })),
  });
}

/** `input` checked against `schema`, or the `protocol.invalid` error naming every issue. @internal */
export function check<S extends ZodMiniType>(what: string, schema: S, input: unknown): Validated<output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    error: invalid(
      what,
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    ),
  };
}

/** Unwrap a Validated or throw its error: the one implementation behind each throwing twin. */
export function orThrow<T>(result: Validated<T>): T {
  if (result.ok) return result.value;
  throw result.error;
}

/** Where `value` stops being JSON data (plain objects and arrays, no cycles, bounded depth), or undefined. */
export function jsonProblem(value: unknown, seen: Set<object> = new Set(), depth = 0): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${value} is not a JSON number`;
  if (typeof value !== 'object') return `a ${typeof value} is not JSON data`;
  if (depth >= MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (seen.has(value)) return 'a cyclic reference is not JSON data';
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    return `a ${value.constructor?.name ?? 'non-plain'} object is not JSON data`;
  }
  seen.add(value);
  for (const [key, item] of Object.entries(value)) {
    const problem = jsonProblem(item, seen, depth + 1);
    if (problem) return Array.isArray(value) ? `[${key}] ${problem}` : `${key}: ${problem}`;
  }
  seen.delete(value);
  return undefined;
}

/** A deep, frozen copy of JSON data (call after `jsonProblem` returned undefined). */
export function frozenJsonCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Object.freeze(value.map((v: unknown) => frozenJsonCopy(v))) as T;
  const out: Record<string, unknown> = {};
  // Sorted keys: two equal values serialise to the same bytes.
  for (const key of Object.keys(value).sort()) {
    // Not assignment: a `__proto__` key stays data instead of replacing the prototype.
    Object.defineProperty(out, key, {
      value: frozenJsonCopy((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return Object.freeze(out) as T;
}

/** @internal */
export const JsonValueSchema = once(() => {
  const z = zod();
  const json = z.unknown().check(
    z.superRefine((value, ctx) => {
      const problem = jsonProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
  return z.pipe(
    json,
    z.transform((value) => frozenJsonCopy(value) as JsonValue),
  );
});

/** @internal */
export const JsonObjectSchema = once(() => {
  const z = zod();
  const object = z.unknown().check(
    z.superRefine((value, ctx) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: 'expected a JSON object' });
        return;
      }
      const problem = jsonProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
  return z.pipe(
    object,
    z.transform((value) => frozenJsonCopy(value) as Readonly<Record<string, JsonValue>>),
  );
});

/** @internal */
export const NonEmpty = once(() => {
  const z = zod();
  return z.string().check(z.minLength(1, 'must be a non-empty string'));
});

/** `obj` without its undefined members (exactOptionalPropertyTypes-friendly wire objects). */
export function withoutUndefined<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out as T;
}
