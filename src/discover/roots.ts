import { realpathSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { cmp } from '../model/diagnostics.js';
import { SCOPE_PRECEDENCE, type Scope } from '../model/package.js';
import { SkillgraphError } from '../model/errors.js';
import { expandPath, toPosix } from './paths.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** One place to look for skills. */
export interface SkillRoot {
  /** Absolute native path. */
  readonly path: string;
  readonly scope: Scope;
  /** Higher wins a name conflict. */
  readonly precedence: number;
  /** A required root that is missing is an error; an optional one is skipped. */
  readonly required: boolean;
}

/** A root after its existence check: `real` is its canonical path, or undefined when missing. */
export interface CheckedRoot extends SkillRoot {
  readonly real: string | undefined;
}

const SCOPE_RE = /^[a-z][a-z0-9_-]*$/;

/** Default precedence of a scope (global 10 < project 20 < local 30), or undefined for a custom scope. */
export function scopePrecedence(scope: Scope): number | undefined {
  return Object.hasOwn(SCOPE_PRECEDENCE, scope) ? SCOPE_PRECEDENCE[scope as keyof typeof SCOPE_PRECEDENCE] : undefined;
}

export interface MakeRootInput {
  readonly path: string;
  readonly scope?: Scope;
  readonly precedence?: number;
  readonly required?: boolean;
}

const ROOT_KEYS = optionKeys<MakeRootInput>('makeRoot', { path: true, scope: true, precedence: true, required: true });

/** A validated root; relative paths resolve against `base`, `~` against `home`. */
export function makeRoot(input: MakeRootInput, base: string, home = base): SkillRoot {
  checkOptionKeys(input, ROOT_KEYS);
  const scope = input.scope ?? 'project';
  if (!SCOPE_RE.test(scope)) {
    throw new SkillgraphError(
      'options.invalid',
      `root scope '${scope}' must be lower-case letters, digits, '-' or '_'`,
      { field: 'scope', scope },
    );
  }
  const precedence = input.precedence ?? scopePrecedence(scope);
  if (precedence === undefined) {
    throw new SkillgraphError(
      'options.invalid',
      `custom scope '${scope}' needs a precedence (e.g. ${input.path}:${scope}:25)`,
      { field: 'precedence', scope },
    );
  }
  if (!Number.isSafeInteger(precedence)) {
    throw new SkillgraphError('options.invalid', `root precedence must be a whole number, got ${String(precedence)}`, {
      field: 'precedence',
    });
  }
  if (input.path.length === 0) throw new SkillgraphError('options.invalid', 'root path is empty', { field: 'path' });
  return Object.freeze({
    path: expandPath(input.path, base, home),
    scope,
    precedence,
    required: input.required ?? false,
  });
}

/**
 * Parse the CLI form `PATH[:scope[:precedence]][!]` (`!` = required). Only trailing segments that look like a
 * scope and a number are taken, so the path may hold colons.
 */
export function parseRootSpec(spec: string): MakeRootInput {
  let rest = spec;
  let required = false;
  if (rest.endsWith('!')) {
    required = true;
    rest = rest.slice(0, -1);
  }
  const parts = rest.split(':');
  let precedence: number | undefined;
  let scope: Scope | undefined;
  if (parts.length >= 3 && /^-?\d+$/.test(parts.at(-1)!) && SCOPE_RE.test(parts.at(-2)!)) {
    precedence = Number(parts.pop());
    scope = parts.pop();
  } else if (parts.length >= 2 && SCOPE_RE.test(parts.at(-1)!) && !isDriveLetter(parts)) {
    scope = parts.pop();
  } else if (parts.length >= 3 && /^-?\d+$/.test(parts.at(-1)!) && /^[A-Za-z_][\w-]*$/.test(parts.at(-2)!)) {
    // A mistyped scope read as a path would be skipped as missing.
    throw new SkillgraphError(
      'usage',
      `--root '${spec}': scope '${parts.at(-2)}' must be lower-case letters, digits, '-' or '_', starting with a letter`,
      { field: 'root' },
    );
  }
  const path = parts.join(':');
  if (path.length === 0) throw new SkillgraphError('usage', `--root '${spec}' has no path`, { field: 'root' });
  return {
    path,
    ...(scope !== undefined ? { scope } : {}),
    ...(precedence !== undefined ? { precedence } : {}),
    required,
  };
}

// `C:\x` split on ':' gives ['C', '\x']: the second part is not a scope.
function isDriveLetter(parts: readonly string[]): boolean {
  return parts.length === 2 && /^[A-Za-z]$/.test(parts[0]!) && /^[\\/]/.test(parts[1]!);
}

/** Check every root before any walk: `root.missing`, `root.not-directory`; a missing optional root has no `real`. */
export function checkRoots(roots: readonly SkillRoot[]): CheckedRoot[] {
  assertRoots(roots);
  return roots.map((root) => {
    const st = statSync(root.path, { throwIfNoEntry: false });
    if (st === undefined) {
      if (root.required) {
        throw new SkillgraphError('root.missing', `required ${root.scope} root not found: ${toPosix(root.path)}`, {
          path: toPosix(root.path),
          scope: root.scope,
        });
      }
      return { ...root, real: undefined };
    }
    if (!st.isDirectory()) {
      throw new SkillgraphError('root.not-directory', `${root.scope} root is not a folder: ${toPosix(root.path)}`, {
        path: toPosix(root.path),
        scope: root.scope,
      });
    }
    try {
      return { ...root, real: realpathSync(root.path) };
    } catch {
      // Gone between the stat and here: as missing as if it never was.
      if (root.required)
        throw new SkillgraphError('root.missing', `required ${root.scope} root not found: ${toPosix(root.path)}`, {
          path: toPosix(root.path),
          scope: root.scope,
        });
      return { ...root, real: undefined };
    }
  });
}

/** Check the shape of roots a library caller hands in, naming the field, before anything is walked. */
export function assertRoots(roots: unknown): asserts roots is readonly SkillRoot[] {
  if (!Array.isArray(roots))
    throw new SkillgraphError(
      'options.invalid',
      `roots must be a list of roots (makeRoot builds one), got ${describe(roots)}`,
      { field: 'roots' },
    );
  roots.forEach((root: unknown, i) => {
    const r = root as Partial<Record<keyof SkillRoot, unknown>> | null;
    const bad = (field: string, want: string, got: unknown): never => {
      throw new SkillgraphError('options.invalid', `roots[${i}].${field} must be ${want}, got ${describe(got)}`, {
        field: `roots[${i}].${field}`,
      });
    };
    if (typeof r !== 'object' || r === null) bad('(root)', 'a root object from makeRoot', r);
    if (typeof r!.path !== 'string' || !isAbsolute(r!.path) || r!.path.includes('\0'))
      bad('path', 'an absolute path', r!.path);
    if (typeof r!.scope !== 'string' || !SCOPE_RE.test(r!.scope)) bad('scope', 'a lower-case scope name', r!.scope);
    if (typeof r!.precedence !== 'number' || !Number.isSafeInteger(r!.precedence))
      bad('precedence', 'a whole number', r!.precedence);
    if (typeof r!.required !== 'boolean') bad('required', 'true or false', r!.required);
  });
}

function describe(v: unknown): string {
  return v === undefined
    ? 'undefined'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'a list'
        : typeof v === 'string'
          ? JSON.stringify(v.slice(0, 60))
          : typeof v;
}

/** Walk order: precedence high first, then path, so a file reached twice belongs to the stronger root. */
export function compareRoots(a: SkillRoot, b: SkillRoot): number {
  return b.precedence - a.precedence || cmp(a.path, b.path);
}
