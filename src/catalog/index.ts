export { buildCatalog, compareCandidates, type BuildCatalogOptions } from './build.js';
export { JS_HASHER } from './hasher.js';
export {
  packageBytes,
  packageDigest,
  catalogBytes,
  formatDigest,
  NORMALISED_KEYS,
  PACKAGE_DIGEST_LABEL,
  CATALOG_DIGEST_LABEL,
} from './digest.js';
export { CanonicalWriter } from './canonical.js';
export { byteOrder } from './order.js';
export { deepFreeze } from './freeze.js';
export { CATALOG_MESSAGES, catalogDiagnostic, type CatalogCode } from './messages.js';
export {
  LOCKFILE_NAME,
  createLock,
  parseLock,
  compareLock,
  placeKey,
  LOCKFILE_VERSION,
  type Lockfile,
  type LockInvalid,
  type LockNow,
  type LockBroken,
  type LockEntry,
  type LockDrift,
  type LockChange,
  type LockField,
} from './lockfile.js';
