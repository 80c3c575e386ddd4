// A cache folder must never hang, spin or fail a run. `mkdirSync(dir, { recursive: true })` loops forever
// under /proc, so folders are made one level at a time after checking the nearest existing ancestor.
import { accessSync, constants, lstatSync, mkdirSync, realpathSync, statfsSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import { fileDiagnostic } from '../discover/file-messages.js';

export type CacheDirProblem = 'pseudo-file-system' | 'not-a-folder' | 'not-writable' | 'cannot-create';

// Kernel file systems that hold no real files (Linux statfs magic numbers).
const PSEUDO_FS_TYPES: ReadonlySet<number> = new Set([
  0x9fa0, // proc
  0x62656572, // sysfs
  0x64626720, // debugfs
  0x74726163, // tracefs
  0x73636673, // securityfs
  0x27e0eb, // cgroup
  0x63677270, // cgroup2
  0x1cd1, // devpts
  0xcafe4a11, // bpf
  0x42494e4d, // binfmt_misc
  0x6e736673, // nsfs
]);

// Where statfs is unavailable.
const PSEUDO_PREFIXES = ['/proc', '/sys', '/dev'] as const;

const MAX_NEW_LEVELS = 32;

/** Why `dir` cannot hold the cache (its nearest existing ancestor when missing), or null. Creates nothing. */
export function cacheDirProblem(dir: string): CacheDirProblem | null {
  const { existing, missing } = nearestExisting(resolve(dir));
  if (existing === undefined || missing.length > MAX_NEW_LEVELS) return 'cannot-create';
  let real: string;
  try {
    if (!statSync(existing).isDirectory()) return 'not-a-folder';
    real = realpathSync(existing);
  } catch {
    return 'cannot-create';
  }
  if (isPseudo(real)) return 'pseudo-file-system';
  try {
    accessSync(real, constants.W_OK | constants.X_OK);
  } catch {
    return missing.length === 0 ? 'not-writable' : 'cannot-create';
  }
  return null;
}

/** The one warning a run prints when `dir` cannot hold the cache (the run then goes on without it), or null. */
export function cacheDirWarning(dir: string): Diagnostic | null {
  const problem = cacheDirProblem(dir);
  return problem === null ? null : fileDiagnostic('cache.unusable', dir, { path: dir, reason: problem });
}

/** Make `dir` one level at a time when it can hold the cache; whether it is now usable. Never throws. */
export function ensureCacheDir(dir: string): boolean {
  if (cacheDirProblem(dir) !== null) return false;
  const { existing, missing } = nearestExisting(resolve(dir));
  let current = existing!;
  try {
    for (const name of missing) {
      current = join(current, name);
      try {
        mkdirSync(current);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
      }
    }
    return statSync(current).isDirectory();
  } catch {
    return false;
  }
}

function nearestExisting(abs: string): { existing: string | undefined; missing: string[] } {
  const missing: string[] = [];
  let current = abs;
  for (;;) {
    try {
      lstatSync(current);
      return { existing: current, missing };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') return { existing: undefined, missing };
    }
    const parent = dirname(current);
    if (parent === current) return { existing: undefined, missing };
    missing.unshift(current.slice(parent.length).replace(/^[\\/]+/, ''));
    current = parent;
  }
}

function isPseudo(real: string): boolean {
  if (PSEUDO_PREFIXES.some((p) => real === p || real.startsWith(p + sep))) return true;
  try {
    return PSEUDO_FS_TYPES.has(statfsSync(real).type);
  } catch {
    return false;
  }
}
