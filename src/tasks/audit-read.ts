/**
 * Read one skill folder into the plain data the pure rules take. The folder is untrusted: links are never
 * followed for content (only their targets are judged), FIFOs and devices are never opened, and the bytes read are
 * bounded per file and per skill; what is past a bound is a `security.file-unscanned` finding.
 */
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, readdirSync, realpathSync, type Dirent, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { splitToolList } from '../audit/capabilities.js';
import type { AuditFile, AuditInput } from '../audit/input.js';
import { isInside, isSkillFileName, linkTarget } from '../discover/paths.js';
import { openNoFollow, readInto } from '../discover/safe-read.js';
import { cmp } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';

/** Folders' entries sorted by name, by absolute path, as the tree walk listed them (`walkTree`'s `listings`). */
export type FolderListings = ReadonlyMap<string, readonly Dirent[]>;

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
 * Every entry of a skill folder as audit data: text files with their text (and, with `digests`, their digest), other
 * files with their first bytes, symlinks with their target and whether it leaves the folder.
 * Folders holding their own SKILL.md are other skills and are left out. Never throws.
 *
 * @example readSkillFiles('/repo/.claude/skills/pdf').map((f) => f.path) // ['SKILL.md', 'scripts/fill.py']
 */
export function readSkillFiles(
  skillDir: string,
  limits: Partial<AuditLimits> = {},
  listings?: FolderListings,
  // The seal records each script's digest; the audit has no use for one (hashing every byte read).
  digests = true,
): AuditFile[] {
  const bounds = { ...DEFAULT_AUDIT_LIMITS, ...limits };
  // Perf: the folder's real path is needed only to judge a link, and most skills hold none.
  let real: string | undefined;
  const base = (): string => (real ??= realpathSync.native(skillDir));
  const top = listing(skillDir, listings);
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
        const inner = listing(abs, listings) ?? [];
        if (inner.some((e) => isSkillFileName(e.name))) continue;
        visit(inner, path, depth + 1);
      } else if (kind === 'file') {
        const file = fileEntry(abs, path, bounds.maxFileBytes, budget, digests);
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
function listing(dir: string, listings: FolderListings | undefined): readonly Dirent[] | undefined {
  const listed = listings?.get(dir);
  if (listed) return listed;
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

function fileEntry(
  abs: string,
  path: string,
  maxFile: number,
  budget: number,
  digests: boolean,
): AuditFile | undefined {
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
    const digest = digests ? { digest: `sha256:${createHash('sha256').update(read).digest('hex')}` } : {};
    const text = read.includes(0) ? undefined : decode(read);
    return text === undefined
      ? { path, kind: 'file', size: st.size, executable, ...digest, head: read.subarray(0, HEAD_BYTES) }
      : { path, kind: 'file', size: st.size, executable, ...digest, text };
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

/** What the audit reads of a skill's parsed SKILL.md (plain data, as it crosses to a worker). */
export type AuditFields = Pick<AuditInput, 'name' | 'description' | 'allowedTools' | 'composition'>;

/** What the audit reads from a parsed SKILL.md. */
export function auditFields(pkg: SkillPackage | undefined): AuditFields {
  if (!pkg) return {};
  return {
    name: pkg.descriptor.name,
    description: pkg.descriptor.description,
    allowedTools: splitToolList(pkg.frontmatter['allowed-tools']),
    composition: pkg.composition,
  };
}
