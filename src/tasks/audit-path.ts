/**
 * The I/O side of the audit: read one skill folder into the plain data the
 * pure rules take (`readSkillFiles`), and `auditPath`, the `audit` verb's
 * pipeline over skill folders and trees. The folder is untrusted: links are
 * never followed for content (only their targets are judged), FIFOs and
 * devices are never opened, and the bytes read are bounded per file and per
 * skill; what is past a bound is a `security.file-unscanned` finding.
 */
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { auditSkillOutcome, auditVerdict, type AuditVerdict } from '../audit/audit.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { splitToolList } from '../audit/capabilities.js';
import type { AuditFile, AuditInput } from '../audit/input.js';
import { isInside, isSkillFileName, linkTarget, toPosix } from '../discover/paths.js';
import { walkTree } from '../discover/walk-tree.js';
import { cmp, compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { parseSkill } from '../parse/parse-skill.js';
import { openNoFollow, readInto, readRegularFile } from '../discover/safe-read.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** Bounds on what one skill's audit reads. */
export interface AuditLimits {
  /** A file larger than this is not scanned (its first bytes are still checked for an executable). */
  readonly maxFileBytes: number;
  /** Bytes read per skill; files past it are not scanned. */
  readonly maxSkillBytes: number;
  readonly maxFiles: number;
  readonly maxDepth: number;
}

export const DEFAULT_AUDIT_LIMITS: AuditLimits = Object.freeze({
  maxFileBytes: 1024 * 1024,
  maxSkillBytes: 16 * 1024 * 1024,
  maxFiles: 5000,
  maxDepth: 16,
});

const HEAD_BYTES = 4096;
const SKIPPED = new Set(['.git', 'node_modules']);
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Every entry of a skill folder as audit data: text files with their text and digest, other
 * files with their first bytes, symlinks with their target and whether it leaves the folder.
 * Folders holding their own SKILL.md are other skills and are left out. Never throws.
 *
 * @example readSkillFiles('/repo/.claude/skills/pdf').map((f) => f.path) // ['SKILL.md', 'scripts/fill.py']
 */
export function readSkillFiles(skillDir: string, limits: Partial<AuditLimits> = {}): AuditFile[] {
  const bounds = { ...DEFAULT_AUDIT_LIMITS, ...limits };
  // Perf: the folder's real path is needed only to judge a link, and most skills hold none.
  let real: string | undefined;
  const base = (): string => (real ??= realpathSync.native(skillDir));
  const top = listing(skillDir);
  if (top === undefined) return [];
  const out: AuditFile[] = [];
  let budget = bounds.maxSkillBytes;
  const visit = (entries: readonly Dirent[], rel: string, depth: number): void => {
    for (const entry of entries) {
      if (out.length >= bounds.maxFiles) return;
      const name = entry.name;
      const path = rel === '' ? name : `${rel}/${name}`;
      const abs = join(skillDir, path);
      const kind = entryKind(entry, abs);
      if (kind === 'link') {
        try {
          out.push(linkEntry(join(base(), path), path, base()));
        } catch {
          continue;
        }
      } else if (kind === 'dir') {
        if (SKIPPED.has(name) || depth >= bounds.maxDepth) continue;
        // Perf: one listing per folder says both whether it is another skill and what it holds.
        const inner = listing(abs) ?? [];
        if (inner.some((e) => isSkillFileName(e.name))) continue;
        visit(inner, path, depth + 1);
      } else if (kind === 'file') {
        const file = fileEntry(abs, path, bounds.maxFileBytes, budget);
        if (file === undefined) continue;
        if (file.text !== undefined || file.head !== undefined) budget -= Math.min(file.size, bounds.maxFileBytes);
        out.push(file);
      }
    }
  };
  visit(top, '', 0);
  return out.sort((a, b) => cmp(a.path, b.path));
}

/** A folder's entries sorted by name, or undefined when it cannot be listed. */
function listing(dir: string): Dirent[] | undefined {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => cmp(a.name, b.name));
  } catch {
    return undefined;
  }
}

/** What an entry is, from its listing (a file system that does not say is asked with lstat). */
function entryKind(entry: Dirent, abs: string): 'link' | 'dir' | 'file' | 'other' {
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  if (entry.isFIFO() || entry.isSocket() || entry.isBlockDevice() || entry.isCharacterDevice()) return 'other';
  try {
    const st = lstatSync(abs);
    return st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

function linkEntry(abs: string, path: string, base: string): AuditFile {
  const target = linkTarget(abs);
  let escapes: boolean;
  try {
    escapes = !isInside(base, realpathSync.native(abs));
  } catch {
    // Dangling or looping: judge the target as written.
    escapes = target === '?' || !isInside(base, resolve(dirname(abs), target));
  }
  return { path, kind: 'symlink', size: 0, target, escapes };
}

function fileEntry(abs: string, path: string, maxFile: number, budget: number): AuditFile | undefined {
  // Perf: the listing typed it a regular file, so it is opened without a stat first (the open
  // follows no link and never blocks; fstat checks what was opened).
  const opened = openNoFollow(abs);
  if (!opened.ok) {
    let st: Stats;
    try {
      st = lstatSync(abs);
    } catch {
      return undefined;
    }
    return { path, kind: 'file', size: st.size, executable: (st.mode & 0o111) !== 0, unscanned: 'unreadable' };
  }
  const st = opened.stat;
  const executable = (st.mode & 0o111) !== 0;
  const whole = st.size <= maxFile && st.size <= budget;
  try {
    const want = whole ? opened.stat.size : Math.min(HEAD_BYTES, opened.stat.size);
    const read = readInto(opened.fd, Buffer.allocUnsafe(want));
    if (!whole)
      return {
        path,
        kind: 'file',
        size: st.size,
        executable,
        head: read.subarray(0, HEAD_BYTES),
        unscanned: st.size > maxFile ? 'too-large' : 'budget',
      };
    const digest = `sha256:${createHash('sha256').update(read).digest('hex')}`;
    const text = read.includes(0) ? undefined : decode(read);
    return text === undefined
      ? { path, kind: 'file', size: st.size, executable, digest, head: read.subarray(0, HEAD_BYTES) }
      : { path, kind: 'file', size: st.size, executable, digest, text };
  } catch {
    return { path, kind: 'file', size: st.size, executable, unscanned: 'unreadable' };
  } finally {
    closeSync(opened.fd);
  }
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** What the audit reads from a parsed SKILL.md. */
export function auditFields(
  pkg: SkillPackage | undefined,
): Pick<AuditInput, 'name' | 'description' | 'allowedTools' | 'composition'> {
  if (!pkg) return {};
  return {
    name: pkg.descriptor.name,
    description: pkg.descriptor.description,
    allowedTools: splitToolList(pkg.frontmatter['allowed-tools']),
    composition: pkg.composition,
  };
}

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
}

/** A skill folder as read: its SKILL.md parsed (when it parses) and its files. */
export interface AuditRead {
  readonly pkg: SkillPackage | undefined;
  readonly files: readonly AuditFile[];
}

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

const AUDIT_KEYS = optionKeys<AuditOptions>('auditPath', { cwd: true, limits: true, memo: true, parsers: true });
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
  const parsers = options.parsers ?? (await auditParsers());
  const cwd = options.cwd ?? process.cwd();
  const list = typeof paths === 'string' ? [paths] : [...paths];
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
    const walk = walkTree(abs);
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
  // Two passes, so memory holds one skill's files at a time: the names first (each SKILL.md alone),
  // then each skill's files, audited and dropped.
  const maxFileBytes = options.limits?.maxFileBytes ?? DEFAULT_AUDIT_LIMITS.maxFileBytes;
  const parsed = found.map((f) => {
    const kept = options.memo?.get(join(f.abs, f.skillFile));
    if (kept) return { found: f, pkg: kept.pkg, kept };
    const read = readRegularFile(join(f.abs, f.skillFile), maxFileBytes);
    const pkg = read.ok
      ? parseSkill(read.bytes.toString('utf8'), {
          locator: toPosix(join(f.abs, f.skillFile)),
          dirName: basename(f.abs),
          profile: 'lenient',
        }).package
      : undefined;
    return { found: f, pkg, kept: undefined };
  });
  const names = parsed.flatMap((p) => (p.pkg ? [p.pkg.descriptor.name] : []));
  const sources = new Map<string, string[]>();
  const notes: string[] = [];
  const skills = parsed.map(({ found: f, pkg, kept }): AuditSkillReport => {
    const files = kept?.files ?? readSkillFiles(f.abs, options.limits);
    if (!kept) options.memo?.set(join(f.abs, f.skillFile), { pkg, files });
    const input: AuditInput = { dir: f.dir, skillFile: f.skillFile, files, otherNames: names, ...auditFields(pkg) };
    const outcome = auditSkillOutcome(input, { parsers });
    notes.push(...outcome.notes);
    const found = [...outcome.diagnostics];
    for (const d of found) {
      if (d.line <= 0) continue;
      const text = files.find((x) => (f.dir === '.' ? x.path : `${f.dir}/${x.path}`) === d.file)?.text;
      if (text === undefined) continue;
      let lines = sources.get(d.file);
      if (lines === undefined) sources.set(d.file, (lines = []));
      lines[d.line - 1] ??= lineAt(text, d.line).slice(0, MAX_EXCERPT);
    }
    return {
      dir: f.dir,
      file: f.dir === '.' ? f.skillFile : `${f.dir}/${f.skillFile}`,
      name: pkg?.descriptor.name ?? null,
      verdict: auditVerdict(found),
      diagnostics: found,
    };
  });
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

/** Characters of a line kept for an excerpt (a minified script is one long line). */
const MAX_EXCERPT = 1000;

/** Line `n` (1-based) of `text`, without its newline. */
function lineAt(text: string, n: number): string {
  let start = 0;
  for (let i = 1; i < n; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return '';
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
}
