// `sha256:` over every file of a skill folder, so a changed script is a changed skill. Small trees
// are hashed in bounded batches, large ones streamed file by file: memory stays flat.
import { createHash } from 'node:crypto';
import type { HashBackend } from '../model/backend.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { CanonicalWriter } from '../catalog/canonical.js';
import { formatDigest } from '../catalog/digest.js';
import { JS_HASHER } from '../catalog/hasher.js';
import {
  errorFor,
  listResourceFiles,
  orThrow,
  readListed,
  type ResourceFile,
  type ResourceLimits,
} from '../discover/resources.js';

export const TREE_DIGEST_LABEL = 'skillgraph/tree/v1';

export type TreeDigestResult =
  { readonly ok: true; readonly digest: string } | { readonly ok: false; readonly diagnostic: Diagnostic };

/** Label, file count, then per file in path byte order: u32 path length, path, u64 size, content. */
export function treeBytes(skillDir: string, limits: Partial<ResourceLimits> = {}): Uint8Array {
  const files = orThrow(listResourceFiles(skillDir, limits));
  const w = new CanonicalWriter(64 * 1024);
  w.string(TREE_DIGEST_LABEL).u32(files.length);
  for (const f of files) {
    w.string(f.path).tag('b').u64(f.size);
    const failed = readListed(f, (chunk) => void w.raw(chunk));
    if (failed) throw errorFor(failed);
  }
  return w.finish();
}

/** Throws `skill.invalid` for a limit or an edit during the read, `io` for an unreadable file. */
export function treeDigest(skillDir: string, hasher: HashBackend = JS_HASHER): string {
  return treeDigests([skillDir], hasher)[0]!;
}

/** Throws for the first folder that fails (see `treeDigest`). */
export function treeDigests(skillDirs: readonly string[], hasher: HashBackend = JS_HASHER): string[] {
  return treeDigestResults(skillDirs, hasher).map((r) => {
    if (r.ok) return r.digest;
    throw errorFor(r.diagnostic);
  });
}

const SMALL_TREE_BYTES = 256 * 1024;
const BATCH_BYTES = 8 * 1024 * 1024;

/** Each folder's digest, or the diagnostic that cost it: one bad skill never stops the others. */
export function treeDigestResults(skillDirs: readonly string[], hasher: HashBackend = JS_HASHER): TreeDigestResult[] {
  const out = new Array<TreeDigestResult>(skillDirs.length);
  let batch: { index: number; bytes: Uint8Array }[] = [];
  let held = 0;
  const flush = (): void => {
    if (batch.length === 0) return;
    const digests = hasher.hashBatch(batch.map((b) => b.bytes));
    batch.forEach((b, i) => (out[b.index] = { ok: true, digest: formatDigest(digests[i]!) }));
    batch = [];
    held = 0;
  };
  skillDirs.forEach((dir, index) => {
    const listing = listResourceFiles(dir);
    if (!listing.ok) {
      out[index] = listing;
      return;
    }
    const size = serialisedSize(listing.files);
    if (size <= SMALL_TREE_BYTES) {
      const w = new CanonicalWriter(size);
      const failed = writeTree(
        listing.files,
        (chunk) => void w.raw(chunk),
        (header) => void w.raw(header),
      );
      if (failed) out[index] = { ok: false, diagnostic: failed };
      else {
        batch.push({ index, bytes: w.finish() });
        held += size;
        if (held >= BATCH_BYTES) flush();
      }
    } else {
      const hash = createHash('sha256');
      const feed = (chunk: Uint8Array): void => void hash.update(chunk);
      const failed = writeTree(listing.files, feed, feed);
      out[index] = failed ? { ok: false, diagnostic: failed } : { ok: true, digest: formatDigest(hash.digest('hex')) };
    }
  });
  flush();
  return out;
}

/** Label string (tag + u32 length + bytes) and the u32 file count. */
const TREE_HEADER_BYTES = 5 + Buffer.byteLength(TREE_DIGEST_LABEL) + 4;

function serialisedSize(files: readonly ResourceFile[]): number {
  let n = TREE_HEADER_BYTES;
  for (const f of files) n += 5 + Buffer.byteLength(f.path) + 9 + f.size;
  return n;
}

/** The first failure, if any. */
function writeTree(
  files: readonly ResourceFile[],
  content: (chunk: Uint8Array) => void,
  header: (bytes: Uint8Array) => void,
): Diagnostic | undefined {
  header(new CanonicalWriter(64).string(TREE_DIGEST_LABEL).u32(files.length).finish());
  for (const f of files) {
    header(new CanonicalWriter(Buffer.byteLength(f.path) + 16).string(f.path).tag('b').u64(f.size).finish());
    const failed = readListed(f, content);
    if (failed) return failed;
  }
  return undefined;
}
