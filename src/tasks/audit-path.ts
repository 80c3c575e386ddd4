/**
 * `auditPath`, the `audit` verb's pipeline over skill folders and trees: find the skills, then read each
 * folder once, parse its SKILL.md and audit it, inline or on a worker pool (`audit-work.ts`). Each folder is
 * read by `readSkillFiles` (`audit-read.ts`), bounded and following no link.
 */
import { statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { auditVerdict, type AuditVerdict } from '../audit/audit.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { isSkillFileName, toPosix } from '../discover/paths.js';
import { isFolder } from '../discover/safe-read.js';
import { walkTree } from '../discover/walk-tree.js';
import { cmp, compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';
import { lookalikeTwin } from '../audit/skill-rules.js';
import { readSkillFiles, type AuditLimits, type FolderListings } from './audit-read.js';
import {
  auditItem,
  auditJob,
  auditPool,
  keepPool,
  skillPackage,
  type AuditJob,
  type AuditPool,
  type AuditRead,
} from './audit-work.js';

export { auditFields, DEFAULT_AUDIT_LIMITS, readSkillFiles, type AuditLimits } from './audit-read.js';

/** One audited skill. */
export interface AuditSkillReport {
  /** Folder relative to the path given (POSIX), `.` for the path itself; with several paths, prefixed by each. */
  readonly dir: string;
  /** SKILL.md as shown in findings. */
  readonly file: string;
  readonly name: string | null;
  readonly verdict: AuditVerdict;
  readonly diagnostics: readonly Diagnostic[];
}

export interface AuditSummary {
  readonly skills: number;
  readonly pass: number;
  readonly warn: number;
  readonly fail: number;
  readonly errors: number;
  readonly warnings: number;
}

export interface AuditReport {
  readonly skills: readonly AuditSkillReport[];
  /** Findings about the paths themselves (a symlinked skill not followed, no SKILL.md at all). */
  readonly diagnostics: readonly Diagnostic[];
  readonly summary: AuditSummary;
  /** The lines findings point at, by shown path (for excerpts): a sparse array, index = line − 1. */
  readonly sources: ReadonlyMap<string, readonly string[]>;
  /** How the code was read where it was read less well than it should be (not parsed, partly parsed). */
  readonly notes: readonly string[];
}

export interface AuditOptions {
  readonly cwd?: string;
  readonly limits?: Partial<AuditLimits>;
  /**
   * What earlier runs read, by skill folder: a folder found here is not read again, and each
   * folder read is stored (watch mode forgets the ones that change). Holds every file's text.
   */
  readonly memo?: AuditMemo;
  /** Parsers to read code with; by default the engine's, loaded once per process. */
  readonly parsers?: CodeParsers;
  /**
   * Worker threads auditing beside this one: 0 = inline, `auto` (default) = one per other core from a few
   * hundred skills. A run with `memo` or `parsers` audits inline. The output is the same for any count.
   */
  readonly workers?: number | 'auto';
}

export type { AuditRead } from './audit-work.js';

/** Skill folders read before, by absolute path (and SKILL.md name). */
export interface AuditMemo {
  get(folder: string): AuditRead | undefined;
  set(folder: string, read: AuditRead): void;
}

/**
 * The engine's code parsers, loaded on first use (a dynamic import: nothing off the audit path loads them).
 *
 * @example auditSkill(input, { parsers: await auditParsers() })
 */
export async function auditParsers(): Promise<CodeParsers> {
  return (await import('./audit-parsers.js')).loadAuditParsers();
}

interface Found {
  readonly dir: string;
  readonly abs: string;
  readonly skillFile: string;
}

const AUDIT_KEYS = optionKeys<AuditOptions>('auditPath', {
  cwd: true,
  limits: true,
  memo: true,
  parsers: true,
  workers: true,
});
const AUDIT_LIMIT_KEYS = optionKeys<AuditLimits>('auditPath limits', {
  maxFileBytes: true,
  maxSkillBytes: true,
  maxFiles: true,
  maxDepth: true,
});

/**
 * Audit every skill under the paths (skill folders, trees of them, or SKILL.md files).
 * Throws `root.missing` for a path that does not exist; findings are data.
 *
 * @example (await auditPath(['skills/'])).summary // { skills: 12, pass: 10, warn: 2, fail: 0, errors: 0, warnings: 3 }
 */
export async function auditPath(paths: string | readonly string[], options: AuditOptions = {}): Promise<AuditReport> {
  checkOptionKeys(options, AUDIT_KEYS);
  checkOptionKeys(options.limits, AUDIT_LIMIT_KEYS);
  const workers = options.workers ?? 'auto';
  if (workers !== 'auto' && !(Number.isSafeInteger(workers) && workers >= 0 && workers <= 64))
    throw new SkillgraphError(
      'options.invalid',
      `workers must be 'auto' or a whole number 0–64, got ${String(workers)}`,
      {
        field: 'workers',
      },
    );
  const parsers = options.parsers ?? (await auditParsers());
  const cwd = options.cwd ?? process.cwd();
  const list = typeof paths === 'string' ? [paths] : [...paths];
  // Inline when the caller holds state a worker cannot share: folders read before, or parsers of its own.
  const shareable = !options.memo && !options.parsers;
  // Perf: the workers boot (their code, their parsers) while this thread walks the trees.
  const early = shareable && list.some((p) => isFolder(resolve(cwd, p))) ? auditPool(workers) : undefined;
  const listings = new Map<string, Dirent[]>();
  let found: Found[];
  let diagnostics: Diagnostic[];
  try {
    ({ found, diagnostics } = findSkills(list, cwd, listings));
  } catch (error) {
    await early?.close();
    throw error;
  }
  const pool = early
    ? await keepPool(early, workers, found.length)
    : shareable
      ? auditPool(workers, found.length)
      : undefined;
  let skills: AuditSkillReport[];
  const sources = new Map<string, string[]>();
  const notes: string[] = [];
  try {
    skills = await auditFound(found, parsers, pool, options, sources, notes, listings);
  } finally {
    await pool?.close();
  }
  skills.sort((a, b) => cmp(a.file, b.file));
  diagnostics.sort(compareDiagnostics);
  // The counts are of security findings; findings about the paths are notes beside them.
  const all = skills.flatMap((s) => s.diagnostics);
  const count = (v: AuditVerdict): number => skills.filter((s) => s.verdict === v).length;
  return {
    skills,
    diagnostics,
    summary: {
      skills: skills.length,
      pass: count('pass'),
      warn: count('warn'),
      fail: count('fail'),
      errors: all.filter((d) => d.severity === 'error').length,
      warnings: all.filter((d) => d.severity === 'warning').length,
    },
    sources,
    notes,
  };
}

/** The skills under each path given (walking folders, their listings kept in `listings`) and findings about the paths. */
function findSkills(
  list: readonly string[],
  cwd: string,
  listings: Map<string, Dirent[]>,
): { found: Found[]; diagnostics: Diagnostic[] } {
  const found: Found[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const given of list) {
    const abs = resolve(cwd, given);
    let st: Stats;
    try {
      st = statSync(abs);
    } catch {
      throw new SkillgraphError('root.missing', `path not found: ${given}`, { path: given });
    }
    const shown = toPosix(given).replace(/\/+$/, '') || '/';
    if (st.isFile()) {
      if (!isSkillFileName(basename(abs)))
        throw new SkillgraphError('root.not-directory', `not a folder or a SKILL.md: ${given}`, { path: given });
      found.push({ dir: toPosix(dirname(given)), abs: dirname(abs), skillFile: basename(abs) });
      continue;
    }
    // The walk's listings serve the folder reads in this thread: each folder is listed once.
    const walk = walkTree(abs, undefined, listings);
    const join2 = (p: string): string => (p === '.' ? shown : shown === '.' ? p : `${shown}/${p}`);
    for (const s of walk.skills) found.push({ dir: join2(s.dir), abs: dirname(s.abs), skillFile: basename(s.file) });
    for (const f of walk.findings) diagnostics.push({ ...f.diagnostic, severity: 'warning', file: join2(f.path) });
    if (walk.skills.length === 0)
      diagnostics.push({
        code: 'validate.no-skills',
        severity: 'error',
        message: `no SKILL.md under ${shown}`,
        file: shown,
        line: 0,
        column: 0,
        hint: 'check the path: audit takes a skill folder, a tree of them, or a SKILL.md',
      });
  }
  return { found, diagnostics };
}

/** Each skill's report, in the order found; its excerpts into `sources` and its reading notes into `notes`. */
async function auditFound(
  found: readonly Found[],
  parsers: CodeParsers,
  pool: AuditPool | undefined,
  options: AuditOptions,
  sources: Map<string, string[]>,
  notes: string[],
  listings: FolderListings,
): Promise<AuditSkillReport[]> {
  // Each folder is read once, audited and dropped, so memory holds few skills' files at a time. Look-alike
  // names are the only finding that needs every name: a skill whose name reads like another's is audited
  // again with them all.
  const memo = options.memo;
  const limits = options.limits;
  const job: AuditJob = {
    items: found.map((f) => ({ dir: f.dir, abs: f.abs, skillFile: f.skillFile })),
    ...(limits ? { limits } : {}),
  };
  const readOf = (i: number): AuditRead => {
    const f = found[i]!;
    const key = join(f.abs, f.skillFile);
    const kept = memo?.get(key);
    if (kept) return kept;
    const files = readSkillFiles(f.abs, limits, listings, false);
    const read = { pkg: skillPackage(f, files, limits), files };
    memo?.set(key, read);
    return read;
  };
  const first = await auditJob(job, parsers, pool, readOf, listings);
  const names = first.flatMap((r) => (r.name !== null ? [r.name] : []));
  const withNames: AuditJob = { ...job, names };
  const results = first.map((r, i) => {
    if (r.name === null || lookalikeTwin(r.name, names) === undefined) return r;
    const read = readOf(i);
    return auditItem(job.items[i]!, withNames, parsers, read.files, read.pkg);
  });
  return found.map((f, i): AuditSkillReport => {
    const outcome = results[i]!;
    notes.push(...outcome.notes);
    for (const [file, line, text] of outcome.excerpts) {
      let lines = sources.get(file);
      if (lines === undefined) sources.set(file, (lines = []));
      lines[line - 1] ??= text;
    }
    return {
      dir: f.dir,
      file: f.dir === '.' ? f.skillFile : `${f.dir}/${f.skillFile}`,
      name: outcome.name,
      verdict: auditVerdict(outcome.diagnostics),
      diagnostics: outcome.diagnostics,
    };
  });
}
