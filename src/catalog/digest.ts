// The byte formats are documented in the README ("Digests"); change them only with a new version label.
import { byteOrder } from './order.js';
import type { HashBackend } from '../model/backend.js';
import type { SkillPackage } from '../model/package.js';
import { CanonicalWriter } from './canonical.js';
import { JS_HASHER } from './hasher.js';

export const PACKAGE_DIGEST_LABEL = 'skillgraph/package/v1';
export const CATALOG_DIGEST_LABEL = 'skillgraph/catalog/v1';

/** Frontmatter keys normalised into the descriptor; every other key goes into `extensions` as parsed. */
export const NORMALISED_KEYS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'version',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'disable-model-invocation',
]);

/**
 * The canonical bytes of a package. Source paths are not part of it, so byte-identical copies in two folders
 * share a digest.
 */
export function packageBytes(pkg: SkillPackage): Uint8Array {
  // Perf: the reused scratch buffer, copied out at its exact size.
  return writePackage(scratch.reset(), pkg).finish().slice();
}

const scratch = new CanonicalWriter(64 * 1024);

/** `sha256:` digest of `packageBytes(pkg)`. */
export function packageDigest(pkg: SkillPackage, hasher: HashBackend = JS_HASHER): string {
  const bytes = writePackage(scratch.reset(), pkg).finish();
  return formatDigest(hasher.hashBatch([bytes])[0]!);
}

function writePackage(w: CanonicalWriter, pkg: SkillPackage): CanonicalWriter {
  const d = pkg.descriptor;
  w.string(PACKAGE_DIGEST_LABEL)
    .string(d.name)
    .string(d.description)
    .string(d.version)
    .value(d.license ?? null)
    .value(d.compatibility ?? null)
    .map(d.metadata)
    .value(ownList(d.allowedTools))
    .value(d.modelInvocable);
  writeExtensions(w, pkg);
  return w.string(pkg.body.includes('\r\n') ? pkg.body.replace(/\r\n/g, '\n') : pkg.body);
}

function ownList(list: readonly string[]): readonly string[] {
  return Array.isArray(list) ? list : [...list];
}

// Declared `dependencies` are written sorted and unique, so their spelling is not content.
// Perf: written from the frontmatter's key list without building the map (most packages have no extension).
function writeExtensions(w: CanonicalWriter, pkg: SkillPackage): void {
  const fm = pkg.frontmatter;
  const deps = pkg.descriptor.dependencies;
  let keys: string[] | undefined;
  let values: unknown[] | undefined;
  for (const key of Object.keys(fm)) {
    if (NORMALISED_KEYS.has(key)) continue;
    const value =
      key === 'dependencies' && deps ? { tools: ownList(deps.tools), mcp_servers: ownList(deps.mcp_servers) } : fm[key];
    if (value === undefined) continue;
    // Insertion sort: a frontmatter has a few keys.
    keys ??= [];
    values ??= [];
    let at = keys.length;
    keys.push(key);
    values.push(value);
    for (; at > 0 && byteOrder(keys[at - 1]!, key) > 0; at--) {
      keys[at] = keys[at - 1]!;
      values[at] = values[at - 1];
    }
    keys[at] = key;
    values[at] = value;
  }
  w.tag('m').u32(keys?.length ?? 0);
  if (keys === undefined) return;
  for (let i = 0; i < keys.length; i++) w.string(keys[i]!).value(values![i]);
}

/** The canonical bytes of a catalog: label, then the (name, digest) pairs in UTF-8 byte order of name. */
export function catalogBytes(pairs: readonly (readonly [string, string])[]): Uint8Array {
  // Perf: a sealed catalog's skills come sorted already.
  const sorted = pairsSorted(pairs) ? pairs : [...pairs].sort((a, b) => byteOrder(a[0], b[0]));
  const w = new CanonicalWriter(64 + sorted.length * 96);
  w.string(CATALOG_DIGEST_LABEL).tag('a').u32(sorted.length);
  for (const [name, digest] of sorted) w.tag('a').u32(2).string(name).string(digest);
  return w.finish();
}

function pairsSorted(pairs: readonly (readonly [string, string])[]): boolean {
  for (let i = 1; i < pairs.length; i++) if (byteOrder(pairs[i - 1]![0], pairs[i]![0]) > 0) return false;
  return true;
}

/** The printed form of every digest: `sha256:` and 64 lower-case hex digits. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

export function formatDigest(hex: string): string {
  return `sha256:${hex}`;
}
