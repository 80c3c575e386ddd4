/**
 * A skill folder's files, read lazily (DESIGN D4a, C2a): the resource listing
 * used by load/materialise, and the tree digest used by lock and check.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HashBackend } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import type { ResourceEntry } from '../model/package.js';
import { CanonicalWriter } from '../catalog/canonical.js';
import { byteOrder } from '../catalog/order.js';
import { formatDigest } from '../catalog/digest.js';
import { JS_HASHER } from '../catalog/hasher.js';
import { isInside, toPosix } from './paths.js';

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

/** Folders never listed: VCS data and installed dependencies. */
const SKIPPED = new Set(['.git', 'node_modules']);

/** Label written first into the tree serialisation. */
export const TREE_DIGEST_LABEL = 'skillgraph/tree/v1';

/**
 * Every file under a skill folder as relative POSIX paths with sizes, in
 * UTF-8 byte order. Symlinks are listed only when their target is a file
 * inside the folder; `.git/` and `node_modules/` are skipped. Exceeding a
 * limit is a `skill.invalid` error naming the limit.
 *
 * @example listResources('/repo/.claude/skills/pdf') // [{path:'SKILL.md', size:812}, {path:'scripts/fill.py', size:2048}]
 */
export function listResources(skillDir: string, limits: Partial<ResourceLimits> = {}): ResourceEntry[] {
  return collect(skillDir, { ...DEFAULT_RESOURCE_LIMITS, ...limits }).map(({ path, size }) => Object.freeze({ path, size }));
}

interface Found extends ResourceEntry {
  readonly abs: string;
}

function collect(skillDir: string, limits: ResourceLimits): Found[] {
  const base = realpathSync(skillDir);
  const out: Found[] = [];
  let bytes = 0;
  const over = (what: string, limit: number): never => {
    throw new SkillgraphError('skill.invalid', `skill folder ${toPosix(skillDir)} exceeds ${what} (${limit})`, { path: toPosix(skillDir), limit: what });
  };
  const add = (abs: string, rel: string, size: number): void => {
    if (out.length >= limits.maxFiles) over('maxFiles', limits.maxFiles);
    bytes += size;
    if (bytes > limits.maxBytes) over('maxBytes', limits.maxBytes);
    out.push({ path: rel, size, abs });
  };
  const visit = (dir: string, rel: string, depth: number): void => {
    if (depth > limits.maxDepth) over('maxDepth', limits.maxDepth);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) visit(abs, childRel, depth + 1);
      } else if (entry.isFile()) {
        add(abs, childRel, lstatSync(abs).size);
      } else if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(abs);
        } catch {
          continue; // dangling: nothing to list (discovery reports it)
        }
        const st = statSync(real);
        if (st.isFile() && isInside(base, real)) add(real, childRel, st.size);
      }
    }
  };
  visit(base, '', 0);
  return out.sort((a, b) => byteOrder(a.path, b.path));
}

/**
 * The canonical bytes of a skill folder: label, file count, then per file in
 * byte order of path: u32 path length, path, u64 size, content.
 */
export function treeBytes(skillDir: string, limits: Partial<ResourceLimits> = {}): Uint8Array {
  const files = collect(skillDir, { ...DEFAULT_RESOURCE_LIMITS, ...limits });
  const w = new CanonicalWriter(64 * 1024);
  w.string(TREE_DIGEST_LABEL).u32(files.length);
  for (const f of files) {
    const content = readFileSync(f.abs);
    w.string(f.path).bytes(content);
  }
  return w.finish();
}

/**
 * `sha256:` over the whole skill folder (DESIGN C2a): a changed script is a changed skill.
 *
 * @example treeDigest('/repo/.claude/skills/pdf') // 'sha256:…'
 */
export function treeDigest(skillDir: string, hasher: HashBackend = JS_HASHER): string {
  return treeDigests([skillDir], hasher)[0]!;
}

/**
 * Tree digests of several folders in one `hashBatch` call.
 *
 * @example treeDigests(catalog.skills.map((p) => dirname(p.descriptor.source.locator)))
 */
export function treeDigests(skillDirs: readonly string[], hasher: HashBackend = JS_HASHER): string[] {
  return hasher.hashBatch(skillDirs.map((dir) => treeBytes(dir))).map(formatDigest);
}
