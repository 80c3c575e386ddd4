// File digests here are `sha256:` of raw bytes (not the package digest of docs/digests.md). Reads use
// the workspace's bounded, identity-checked opens: a file swapped since listing is a mismatch, never a hang.
import { closeSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { listResourceFiles, type ResourceFile } from '../discover/resources.js';
import { toPosix } from '../discover/paths.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { MCP_SKILL_LIMITS } from '../parse/lint.js';
import { formatMessage } from '../parse/messages.js';
import { fileDiagnostic } from '../discover/file-messages.js';
import { openRegular } from '../discover/safe-read.js';
import { fileUri, type SkillAddress } from './uri.js';

export interface ManifestFile {
  readonly path: string;
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
  /** Native path opened on a read (the target of a symlinked file), with the identity it had. */
  readonly abs: string;
  readonly dev: number;
  readonly ino: number;
}

export interface SkillManifest {
  /** In UTF-8 byte order of path. */
  readonly files: readonly ManifestFile[];
  readonly byPath: ReadonlyMap<string, ManifestFile>;
  /** As hashed: what the entry's frontmatter must describe. */
  readonly skillFile: Uint8Array;
  readonly limits: readonly Diagnostic[];
}

export type ManifestResult =
  { readonly ok: true; readonly manifest: SkillManifest } | { readonly ok: false; readonly diagnostic: Diagnostic };

export type VerifiedRead =
  { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly why: string };

export function rawDigest(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** List and hash every file of the skill folder `dir`; a folder that cannot be listed is its diagnostic. */
export function buildManifest(address: SkillAddress, dir: string, locator: string): ManifestResult {
  const listing = listResourceFiles(dir);
  if (!listing.ok) return listing;
  const files: ManifestFile[] = [];
  let skillFile: Uint8Array | undefined;
  for (const f of listing.files) {
    const read = readExactly(f.abs, f.size, f);
    if (!read.ok) return { ok: false, diagnostic: changedDiagnostic(f.abs, read.why) };
    if (f.path === 'SKILL.md') skillFile = read.bytes;
    files.push(
      Object.freeze({
        path: f.path,
        uri: fileUri(address, f.path),
        digest: rawDigest(read.bytes),
        size: f.size,
        abs: f.abs,
        dev: f.dev,
        ino: f.ino,
      }),
    );
  }
  // The walk matched SKILL.md case-insensitively; the extension's entry must name `SKILL.md` itself.
  if (skillFile === undefined)
    return { ok: false, diagnostic: changedDiagnostic(locator, 'its SKILL.md is not named SKILL.md or is gone') };
  const total = files.reduce((n, f) => n + f.size, 0);
  const limits: Diagnostic[] = [];
  if (files.length > MCP_SKILL_LIMITS.files)
    limits.push(limitDiagnostic('mcp.too-many-files', locator, { files: files.length, limit: MCP_SKILL_LIMITS.files }));
  if (total > MCP_SKILL_LIMITS.bytes)
    limits.push(limitDiagnostic('mcp.too-large', locator, { size: total, limit: MCP_SKILL_LIMITS.bytes }));
  return { ok: true, manifest: { files, byPath: new Map(files.map((f) => [f.path, f])), skillFile, limits } };
}

/** The bytes of a listed file, only while they are the same file, size and digest. */
export function readVerified(file: ManifestFile): VerifiedRead {
  const read = readExactly(file.abs, file.size, file);
  if (!read.ok) return read;
  if (rawDigest(read.bytes) !== file.digest) return { ok: false, why: 'its bytes no longer have the listed digest' };
  return read;
}

function readExactly(abs: string, size: number, identity: Pick<ResourceFile, 'dev' | 'ino'>): VerifiedRead {
  const opened = openRegular(abs);
  if (!opened.ok)
    return {
      ok: false,
      why:
        opened.reason === 'missing'
          ? 'it was removed'
          : `it is ${opened.reason === 'unreadable' ? 'unreadable' : 'no longer a regular file'}`,
    };
  try {
    if (opened.stat.dev !== identity.dev || opened.stat.ino !== identity.ino)
      return { ok: false, why: 'it was replaced by another file' };
    if (opened.stat.size !== size)
      return { ok: false, why: `its size is ${opened.stat.size} bytes, not the listed ${size}` };
    const bytes = Buffer.allocUnsafe(size);
    let off = 0;
    while (off < size) {
      const n = readSync(opened.fd, bytes, off, size - off, off);
      if (n === 0) return { ok: false, why: 'it shrank while read' };
      off += n;
    }
    return { ok: true, bytes };
  } catch (error) {
    return { ok: false, why: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  } finally {
    closeSync(opened.fd);
  }
}

function limitDiagnostic(
  code: 'mcp.too-many-files' | 'mcp.too-large',
  file: string,
  args: Readonly<Record<string, number>>,
): Diagnostic {
  return Object.freeze({ code, severity: 'error', file, line: 0, column: 0, ...formatMessage(code, args) });
}

function changedDiagnostic(path: string, why: string): Diagnostic {
  const shown = toPosix(path);
  return fileDiagnostic('resource.changed', shown, { path: shown, what: why });
}
