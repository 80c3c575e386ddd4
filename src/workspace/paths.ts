// String checks, so the rules hold on every platform; writers also check real paths (`prepareTarget`).
// Windows device names are refused in any segment: writing `nul.txt` there writes to the null device.
import { lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { SkillgraphError } from '../model/errors.js';

/** Why a path was rejected (`details.reason`). */
export type PathProblem =
  'empty' | 'absolute' | 'escape_root' | 'separator' | 'nul' | 'not-directory' | 'not-file' | 'backslash' | 'device';

export interface RelativePathOptions {
  /** Require one path segment (a folder name, e.g. a skill name). */
  readonly singleSegment?: boolean;
  /** Reject `\\` instead of reading it as a separator (for names read from a POSIX disk). */
  readonly noBackslash?: boolean;
  readonly context?: Readonly<Record<string, unknown>>;
}

const MESSAGES: Readonly<Record<PathProblem, string>> = Object.freeze({
  empty: 'must not be empty',
  absolute: 'must be a relative path',
  escape_root: "must not contain '..' (it would leave the workspace)",
  separator: 'must be a single folder name, without slashes',
  nul: 'must not contain a NUL character',
  'not-directory': 'needs a folder where the workspace has a file',
  'not-file': 'needs a file where the workspace has a folder',
  backslash: 'must not contain a backslash (a separator on Windows, a name character on POSIX)',
  device: 'must not use a Windows device name (con, prn, aux, nul, com0–9, lpt0–9) as a file or folder name',
});

// Whatever follows the first dot, any case, trailing dots and spaces ignored (as Windows ignores them).
const DEVICE_NAME =
  /^(?:con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)[ .]*(?:\..*)?$/i;

/** True when `segment` is a Windows device name (`NUL`, `com1.txt`, `Aux .md`). */
export function isDeviceName(segment: string): boolean {
  return DEVICE_NAME.test(segment);
}

/**
 * The normalised POSIX form of a relative path (backslashes read as separators), or a `path.invalid` error
 * naming `field`, e.g. `validateRelativePath('scripts\\fill.py', 'resources')` → `'scripts/fill.py'`.
 */
export function validateRelativePath(value: string, field: string, options: RelativePathOptions = {}): string {
  const skill = typeof options.context?.skill === 'string' ? `skill '${options.context.skill}': ` : '';
  const fail = (reason: PathProblem): never => {
    throw new SkillgraphError('path.invalid', `${skill}${field} ${MESSAGES[reason]}: '${value}'`, {
      field,
      path: value,
      reason,
      ...options.context,
    });
  };
  if (typeof value !== 'string' || value.trim() === '') return fail('empty');
  if (value.includes('\u0000')) return fail('nul');
  // Windows: drive-absolute `C:\x`, drive-relative `C:x`, root-relative `\x`, UNC `\\server`.
  if (/^[A-Za-z]:/.test(value) || value.startsWith('\\')) return fail('absolute');
  if (options.noBackslash && value.includes('\\')) return fail('backslash');
  const posix = value.replace(/\\/g, '/');
  if (posix.startsWith('/')) return fail('absolute');
  const parts = posix.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return fail('escape_root');
  if (parts.length === 0) return fail('empty');
  if (parts.some(isDeviceName)) return fail('device');
  if (options.singleSegment && parts.length > 1) return fail('separator');
  return parts.join('/');
}

/** Every value validated, normalised, in order; duplicates after normalisation are `path.duplicate`. */
export function validateUniquePaths(
  values: readonly string[],
  field: string,
  options: RelativePathOptions = {},
): string[] {
  const seen = new Set<string>();
  return values.map((value, index) => {
    const normal = validateRelativePath(value, field, { ...options, context: { ...options.context, index } });
    if (seen.has(normal)) {
      throw new SkillgraphError('path.duplicate', `${field} lists '${normal}' more than once`, {
        field,
        path: normal,
        index,
        ...options.context,
      });
    }
    seen.add(normal);
    return normal;
  });
}

/** True when native path `child` is `parent` or inside it (both must be resolved). */
export function isWithin(parent: string, child: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith(sep) ? parent : parent + sep;
  return child.startsWith(prefix);
}

/**
 * Create the folders of `rel` under canonical `root` one level at a time; the file's absolute path. A folder
 * link must resolve inside `root`, so nothing planted in the workspace can redirect a write outside it.
 */
export function prepareTarget(root: string, rel: string, field: string): string {
  return walkTarget(root, rel, field, true)!;
}

/** The checks of `prepareTarget` creating nothing; undefined when a folder on the way is missing. */
export function checkTarget(root: string, rel: string, field: string): string | undefined {
  return walkTarget(root, rel, field, false);
}

function walkTarget(root: string, rel: string, field: string, create: boolean): string | undefined {
  const parts = rel.split('/');
  const file = parts.pop()!;
  let current = root;
  for (const part of parts) {
    const next = join(current, part);
    let stat = lstatOrNull(next);
    if (stat === null) {
      if (!create) return undefined;
      mkdirSync(next);
      stat = lstatSync(next);
    }
    if (stat.isSymbolicLink()) {
      const real = realpathSync(next);
      if (!isWithin(root, real)) escape(root, rel, field);
      current = real;
    } else if (stat.isDirectory()) {
      current = next;
    } else {
      throw new SkillgraphError('path.invalid', `${field} ${MESSAGES['not-directory']}: '${rel}' (at '${part}')`, {
        field,
        path: rel,
        reason: 'not-directory',
      });
    }
  }
  const target = join(current, file);
  if (!isWithin(root, target)) escape(root, rel, field);
  // A folder in the file's place would fail the rename: a path problem, like a file in a folder's place.
  if (lstatOrNull(target)?.isDirectory()) {
    throw new SkillgraphError('path.invalid', `${field} ${MESSAGES['not-file']}: '${rel}'`, {
      field,
      path: rel,
      reason: 'not-file',
    });
  }
  return target;
}

function escape(root: string, rel: string, field: string): never {
  throw new SkillgraphError('path.invalid', `${field} '${rel}' resolves outside the workspace ${root}`, {
    field,
    path: rel,
    reason: 'escape_root',
  });
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
