// A skill folder is untrusted: each failure (unreadable, vanished, too long, a loop, a limit, edited while
// hashed) becomes one diagnostic for that skill, never an exception that ends the run. Reads share one buffer.
import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { sep } from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError, type ErrorCode } from '../model/errors.js';
import type { ResourceEntry } from '../model/package.js';
import { byteOrder } from '../model/order.js';
import { errnoCode, fileDiagnostic } from './file-messages.js';
import { SAFE_OPEN_NOFOLLOW } from './safe-read.js';
import { isInside, isSkillFileName, toPosix } from './paths.js';

/** Explicit bounds on a skill folder (a skill over 8 MB is already a lint warning). */
export interface ResourceLimits {
  readonly maxFiles: number;
  readonly maxDepth: number;
  readonly maxBytes: number;
}

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = Object.freeze({
  maxFiles: 5000,
  maxDepth: 16,
  maxBytes: 64 * 1024 * 1024,
});

const SKIPPED = new Set(['.git', 'node_modules']);

/** One listed file with the identity it had when listed (what a later open is checked against). */
export interface ResourceFile extends ResourceEntry {
  /** Native path to open (the link's target for a symlinked file). */
  readonly abs: string;
  readonly dev: number;
  readonly ino: number;
  readonly mode: number;
}

export type ResourceListing =
  | { readonly ok: true; readonly files: readonly ResourceFile[] }
  | { readonly ok: false; readonly diagnostic: Diagnostic };

/** What a caller that has just walked to a skill folder knows of it, so the listing does not ask again. */
export interface KnownFolder {
  /** The canonical native path: reached through no link from a root resolved once, so what `realpath` answers. */
  readonly real: string;
  /** A file directly in the folder the caller has just opened and fstat'ed (its SKILL.md). */
  readonly file?: { readonly name: string; readonly stat: Stats };
}

class Stop {
  readonly diagnostic: Diagnostic;
  constructor(diagnostic: Diagnostic) {
    this.diagnostic = diagnostic;
  }
}

/**
 * Every file under a skill folder (relative POSIX paths, sizes, UTF-8 byte order). A link is listed only when its
 * target is a file inside the folder, or it is the folder's SKILL.md. Throws; `listResourceFiles` is the safe form.
 */
export function listResources(skillDir: string, limits: Partial<ResourceLimits> = {}): ResourceEntry[] {
  return orThrow(listResourceFiles(skillDir, limits)).map(({ path, size }) => Object.freeze({ path, size }));
}

/** The listing with each file's identity, or the diagnostic that stopped it; `listings` are the walk's own. */
export function listResourceFiles(
  skillDir: string,
  limits: Partial<ResourceLimits> = {},
  listings?: Map<string, Dirent[]>,
  known?: KnownFolder,
): ResourceListing {
  try {
    return { ok: true, files: collect(skillDir, { ...DEFAULT_RESOURCE_LIMITS, ...limits }, listings, known) };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, diagnostic: error.diagnostic };
    throw error;
  }
}

function ioStop(path: string, error: unknown): Stop {
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  const shown = toPosix(path);
  return new Stop(fileDiagnostic(errnoCode(errno), shown, { path: shown, errno: errno ?? String(error) }));
}

function at<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw ioStop(path, error);
  }
}

const childPrefix = (dir: string): string => (dir.endsWith(sep) ? dir : `${dir}${sep}`);

function collect(
  skillDir: string,
  limits: ResourceLimits,
  listings?: Map<string, Dirent[]>,
  known?: KnownFolder,
): ResourceFile[] {
  // Perf: one realpath(3) (glibc's reads every component as a link), and none when the caller knows it.
  const base = known?.real ?? at(skillDir, () => realpathSync.native(skillDir));
  const shown = toPosix(skillDir);
  const out: ResourceFile[] = [];
  let bytes = 0;
  const over = (code: 'resource.too-many-files' | 'resource.too-deep' | 'resource.too-large', limit: number): never => {
    throw new Stop(fileDiagnostic(code, shown, { path: shown, limit }));
  };
  const add = (abs: string, rel: string, st: Stats): void => {
    if (out.length >= limits.maxFiles) over('resource.too-many-files', limits.maxFiles);
    bytes += st.size;
    if (bytes > limits.maxBytes) over('resource.too-large', limits.maxBytes);
    out.push({ path: rel, size: st.size, abs, dev: st.dev, ino: st.ino, mode: st.mode });
  };
  // `key`: the folder as the walk that left `listings` named it.
  const visit = (dir: string, key: string, rel: string, depth: number): void => {
    if (depth > limits.maxDepth) over('resource.too-deep', limits.maxDepth);
    // Perf: the walk has just listed this folder; taking its entries (once) saves a readdir.
    const listed = listings?.get(key);
    if (listed !== undefined) listings!.delete(key);
    // Perf: child paths appended to the normalised folder path, not `join`ed per entry.
    const prefix = childPrefix(dir);
    for (const entry of listed ?? at(dir, () => readdirSync(dir, { withFileTypes: true }))) {
      const abs = prefix + entry.name;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name))
          visit(abs, listings === undefined ? abs : childPrefix(key) + entry.name, childRel, depth + 1);
      } else if (entry.isFile()) {
        const st = rel === '' && known?.file?.name === entry.name ? known.file.stat : at(abs, () => lstatSync(abs));
        // Replaced by a folder, link or FIFO since the listing: not the file that was listed.
        if (!st.isFile())
          throw new Stop(
            fileDiagnostic('resource.changed', toPosix(abs), { path: toPosix(abs), what: 'no longer a regular file' }),
          );
        add(abs, childRel, st);
      } else if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync.native(abs);
        } catch {
          continue; // dangling or looping: nothing to list (discovery reports it)
        }
        const st = at(abs, () => statSync(real));
        // The folder's own SKILL.md may link elsewhere (discovery followed it): read as an agent reads it.
        if (st.isFile() && (isInside(base, real) || (rel === '' && isSkillFileName(entry.name))))
          add(real, childRel, st);
      }
      // FIFOs, sockets and devices are never listed, so never opened.
    }
  };
  visit(base, listings === undefined || known === undefined ? base : skillDir, '', 0);
  return out.sort((a, b) => byteOrder(a.path, b.path));
}

// Perf: one read buffer for every file of every tree.
const READ_BUFFER = Buffer.allocUnsafe(1024 * 1024);

/** Open a listed file only if it is the one listed (no link, regular, same device, inode and size). */
export function openListed(
  f: ResourceFile,
): { readonly ok: true; readonly fd: number } | { readonly ok: false; readonly diagnostic: Diagnostic } {
  const shown = toPosix(f.abs);
  const changed = (what: string): { ok: false; diagnostic: Diagnostic } => ({
    ok: false,
    diagnostic: fileDiagnostic('resource.changed', shown, { path: shown, what }),
  });
  let fd: number;
  try {
    fd = openSync(f.abs, SAFE_OPEN_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return changed('replaced by a symbolic link');
    return { ok: false, diagnostic: ioStop(f.abs, error).diagnostic };
  }
  let problem: { ok: false; diagnostic: Diagnostic } | undefined;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.dev !== f.dev || st.ino !== f.ino) problem = changed('replaced by another file');
    else if (st.size !== f.size) problem = changed(`size ${f.size} when listed, ${st.size} now`);
  } catch (error) {
    problem = { ok: false, diagnostic: ioStop(f.abs, error).diagnostic };
  }
  if (problem) {
    closeSync(fd);
    return problem;
  }
  return { ok: true, fd };
}

/** Feed the bytes of a listed file to `sink`; the finding on any difference from the listing, else undefined. */
export function readListed(f: ResourceFile, sink: (chunk: Uint8Array) => void): Diagnostic | undefined {
  const opened = openListed(f);
  if (!opened.ok) return opened.diagnostic;
  const fd = opened.fd;
  try {
    let off = 0;
    while (off < f.size) {
      const n = readSync(fd, READ_BUFFER, 0, Math.min(READ_BUFFER.length, f.size - off), off);
      if (n === 0) {
        const shown = toPosix(f.abs);
        return fileDiagnostic('resource.changed', shown, { path: shown, what: 'shorter than when listed' });
      }
      sink(READ_BUFFER.subarray(0, n));
      off += n;
    }
    return undefined;
  } catch (error) {
    return ioStop(f.abs, error).diagnostic;
  } finally {
    closeSync(fd);
  }
}

/** The error the throwing forms raise: limits and edits are `skill.invalid`, the rest `io`. */
export function errorFor(d: Diagnostic): SkillgraphError {
  const limit =
    d.code === 'resource.too-many-files' ||
    d.code === 'resource.too-deep' ||
    d.code === 'resource.too-large' ||
    d.code === 'resource.changed';
  const code: ErrorCode = limit ? 'skill.invalid' : 'io';
  return new SkillgraphError(code, d.message, { path: d.file, diagnostic: d.code });
}

export function orThrow(listing: ResourceListing): readonly ResourceFile[] {
  if (!listing.ok) throw errorFor(listing.diagnostic);
  return listing.files;
}
