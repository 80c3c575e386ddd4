/**
 * Package and catalog digests. The byte formats are documented in
 * the README ("Digests") so anyone can recompute them; change them only with a
 * new version label.
 */
import { byteOrder } from './order.js';
import type { HashBackend } from '../model/backend.js';
import type { SkillPackage } from '../model/package.js';
import { CanonicalWriter } from './canonical.js';
import { JS_HASHER } from './hasher.js';

/** Version labels written first into each serialisation. */
export const PACKAGE_DIGEST_LABEL = 'skillgraph/package/v1';
export const CATALOG_DIGEST_LABEL = 'skillgraph/catalog/v1';

/**
 * Frontmatter keys whose normalised form comes from the descriptor; every
 * other key goes into the `extensions` map as parsed.
 */
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
 * The canonical bytes of a package: label, name, description, version,
 * license, compatibility, metadata, allowed-tools, model-invocable,
 * extensions (declared `dependencies` in their normalised form), body (CRLF
 * folded to LF). Source paths are not part of it, so
 * byte-identical copies in two folders share a digest.
 *
 * @example sha256(packageBytes(pkg))
 */
export function packageBytes(pkg: SkillPackage): Uint8Array {
  // Perf: written into the reused scratch buffer and copied out at its exact size; a fresh
  // writer per package zero-filled 1 KB + 3 bytes per body char (~16 KB) and kept it alive.
  return writePackage(scratch.reset(), pkg).finish().slice();
}

// Perf: one scratch buffer reused for every package serialisation (see packageDigest).
const scratch = new CanonicalWriter(64 * 1024);

/**
 * `sha256:` digest of `packageBytes(pkg)`, written into a reused buffer and hashed at once.
 *
 * @example packageDigest(pkg) === formatDigest(JS_HASHER.hashBatch([packageBytes(pkg)])[0]!)
 */
export function packageDigest(pkg: SkillPackage, hasher: HashBackend = JS_HASHER): string {
  const bytes = writePackage(scratch.reset(), pkg).finish();
  return formatDigest(hasher.hashBatch([bytes])[0]!);
}

function writePackage(w: CanonicalWriter, pkg: SkillPackage): CanonicalWriter {
  const d = pkg.descriptor;
  // fromEntries defines own properties, so a `__proto__` key is digested instead of silently dropped.
  const extensions: Record<string, unknown> = Object.fromEntries(
    Object.keys(pkg.frontmatter)
      .filter((key) => !NORMALISED_KEYS.has(key))
      // Declared dependencies go in normalised (sorted, unique lists), so their spelling is not content.
      .map((key) => [key, key === 'dependencies' && d.dependencies ? { tools: [...d.dependencies.tools], mcp_servers: [...d.dependencies.mcp_servers] } : pkg.frontmatter[key]]),
  );
  return w
    .string(PACKAGE_DIGEST_LABEL)
    .string(d.name)
    .string(d.description)
    .string(d.version)
    .value(d.license ?? null)
    .value(d.compatibility ?? null)
    .map(d.metadata)
    .value([...d.allowedTools])
    .value(d.modelInvocable)
    .map(extensions)
    .string(pkg.body.includes('\r\n') ? pkg.body.replace(/\r\n/g, '\n') : pkg.body);
}

/**
 * The canonical bytes of a catalog: label, then the (name, digest) pairs in
 * UTF-8 byte order of name, as an array of two-element arrays.
 *
 * @example sha256(catalogBytes([['a', 'sha256:…']]))
 */
export function catalogBytes(pairs: readonly (readonly [string, string])[]): Uint8Array {
  const sorted = [...pairs].sort((a, b) => byteOrder(a[0], b[0]));
  const w = new CanonicalWriter(64 + sorted.length * 96);
  w.string(CATALOG_DIGEST_LABEL).tag('a').u32(sorted.length);
  for (const [name, digest] of sorted) w.tag('a').u32(2).string(name).string(digest);
  return w.finish();
}

/** The printed form of every digest: `sha256:` and 64 lower-case hex digits. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** `sha256:` + hex, the printed form of every digest. */
export function formatDigest(hex: string): string {
  return `sha256:${hex}`;
}
