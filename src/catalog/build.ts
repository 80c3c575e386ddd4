/**
 * Selection and sealing: candidates ordered by precedence
 * (high first) then locator; the first candidate of each name wins and every
 * other one is a visible conflict. Pure: values in, a deeply frozen catalog out.
 */
import type { HashBackend } from '../model/backend.js';
import type { Catalog, Conflict } from '../model/catalog.js';
import { cmp, compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { SkillgraphError } from '../model/errors.js';
import { nameSkeleton } from '../parse/name-safety.js';
import { catalogDiagnostic } from './messages.js';
import { checkPackage } from './package-check.js';
import { DIGEST_PATTERN, catalogBytes, formatDigest, packageBytes } from './digest.js';
import { deepFreeze, freezeOwnPackage } from './freeze.js';
import { JS_HASHER } from './hasher.js';
import { byteOrder } from './order.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface BuildCatalogOptions {
  /** Hash backend for package and catalog digests (default `JS_HASHER`). */
  readonly hasher?: HashBackend;
  /** Findings gathered before selection (discovery, parse) to keep with the catalog. */
  readonly diagnostics?: readonly Diagnostic[];
  /**
   * Engine-only: the packages come from skillgraph's own parse step, which
   * already wrote each `descriptor.digest` (with this hasher) and hands the
   * objects over. Well-formed digests are then kept instead of recomputed and
   * the packages are frozen in place instead of copied. Default `false`:
   * every digest is recomputed, so a forged digest never survives.
   */
  readonly trustDigests?: boolean;
  /**
   * Files the walk reached a second time (through a symlinked copy, or a
   * second root over the same folder): `via` is the path it was reached by.
   * Each becomes a conflict with `identical: true` when its file is a winner,
   * so an installer's linked copy shows as what it is.
   */
  readonly aliases?: readonly { readonly locator: string; readonly via: string }[];
  /**
   * Order of `conflicts`: `name` (default: by name, candidate order within a name) or
   * `candidate` (the order the shadowed copies were met: precedence, then canonical path — the
   * catalog runtime's).
   */
  readonly conflictOrder?: 'name' | 'candidate';
  /**
   * Refuse two packages of one name instead of choosing by precedence: a SkillgraphError
   * `catalog.duplicate-name` naming both files, as the catalog runtime's construction from a
   * package list does. Default false.
   */
  readonly strict?: boolean;
  /**
   * An identifier of the catalog the host chooses (the catalog runtime's `resource_id`), kept
   * beside the digest and by `excluding`; not part of the digest. Default: none.
   */
  readonly resourceId?: string;
}

/** Precedence high first, then locator in UTF-8 byte order. */
export function compareCandidates(a: SkillPackage, b: SkillPackage): number {
  return (
    b.descriptor.source.precedence - a.descriptor.source.precedence ||
    byteOrder(a.descriptor.source.locator, b.descriptor.source.locator)
  );
}

const BUILD_KEYS = optionKeys<BuildCatalogOptions>('buildCatalog', {
  hasher: true,
  diagnostics: true,
  trustDigests: true,
  aliases: true,
  conflictOrder: true,
  strict: true,
  resourceId: true,
});

/**
 * Seal parsed packages into a catalog. Digests are (re)computed here in one
 * `hashBatch` call, whatever the packages carried. A package not from the
 * engine's own parse (`trustDigests`) must have a name and a description the
 * parser accepts: else a SkillgraphError `skill.invalid`.
 *
 * @example buildCatalog(packages).get('pdf-tools')?.descriptor.digest // 'sha256:…'
 */
export function buildCatalog(candidates: readonly SkillPackage[], options: BuildCatalogOptions = {}): Catalog {
  checkOptionKeys(options, BUILD_KEYS);
  const hasher = options.hasher ?? JS_HASHER;
  const diagnostics = [...(options.diagnostics ?? [])];
  const trust = options.trustDigests === true;
  // Perf: with trustDigests the engine's parse step (or its workers) already wrote each digest
  // (packageDigest: one reused buffer, hashed at once): −44 ms hash and −180 ms bytes at seal
  // time at 10k skills, and no ~160 MB of package bytes alive at once (peak RSS 405 → 240 MB).
  // Perf: one pass reads each candidate's descriptor (a cold object after the parse) into one
  // small record; every later step reads the records.
  const ordered = new Array<Ordered>(candidates.length);
  const locators = new Array<string>(candidates.length);
  const todo: SkillPackage[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const pkg = candidates[i]!;
    // Perf: the engine's own packages passed the parser, which refuses what this refuses (package-check.ts).
    if (!trust) checkPackage(pkg);
    const d = pkg.descriptor;
    const source = d.source;
    const kept = trust && DIGEST_PATTERN.test(d.digest);
    if (!kept) todo.push(pkg);
    locators[i] = source.locator;
    ordered[i] = {
      pkg,
      precedence: source.precedence,
      locator: source.locator,
      digest: kept ? d.digest : '',
      name: d.name,
    };
  }
  // Without a surrogate in any locator or digest, `<` is UTF-8 byte order (one test per string
  // instead of two per comparison). A kept digest matched DIGEST_PATTERN: ASCII. Perf: the
  // locators are tested joined, in one call (a one-character class scans ~800 KB in ~1 ms;
  // a regex with a repeated group over all the digests joined was slower than one call each).
  let plain = !SURROGATE.test(locators.join(''));
  // The digests still to make are hashed in one `hashBatch` call (a WASM backend pays one
  // call) and handed out in candidate order.
  if (todo.length > 0) {
    const hexes = hasher.hashBatch(todo.map(packageBytes));
    let next = 0;
    for (const o of ordered) {
      if (o.digest !== '') continue;
      o.digest = formatDigest(hexes[next++]!);
      if (plain && SURROGATE.test(o.digest)) plain = false;
    }
  }
  // The digest breaks the last tie (two different packages claiming one locator), so order is total.
  const byCandidate = plain
    ? (a: Ordered, b: Ordered): number =>
        b.precedence - a.precedence || unitOrder(a.locator, b.locator) || unitOrder(a.digest, b.digest)
    : (a: Ordered, b: Ordered): number =>
        b.precedence - a.precedence || byteOrder(a.locator, b.locator) || byteOrder(a.digest, b.digest);
  // Perf: the engine hands candidates over in candidate order already: one pass checks it
  // instead of a sort's n log n comparisons.
  if (!isSorted(ordered, byCandidate)) ordered.sort(byCandidate);
  // Each file's sealed package, by locator: the first candidate of a file is the one kept.
  const byFile = new Map<string, SkillPackage>();
  const sealed: SkillPackage[] = [];
  const winners = new Map<string, SkillPackage>();
  const conflicts: Conflict[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const { pkg, locator, digest, name } = ordered[i]!;
    const owner = byFile.get(locator);
    if (owner !== undefined) {
      if (options.strict === true && owner.descriptor.name === name) throw duplicateName(name, [locator, locator]);
      diagnostics.push(
        catalogDiagnostic('catalog.duplicate-file', locator, { file: locator, root: owner.descriptor.source.root }),
      );
      continue;
    }
    const sealedPkg = seal(pkg, digest, trust);
    byFile.set(locator, sealedPkg);
    sealed.push(sealedPkg);
    // Candidate order is precedence order: the first package of a name wins.
    const winner = winners.get(name);
    if (winner === undefined) {
      winners.set(name, sealedPkg);
      continue;
    }
    if (options.strict === true) throw duplicateName(name, [winner.descriptor.source.locator, locator]);
    const conflict: Conflict = Object.freeze({
      name,
      selected: winner.descriptor.source.locator,
      shadowed: locator,
      identical: winner.descriptor.digest === digest,
    });
    conflicts.push(conflict);
    diagnostics.push(
      catalogDiagnostic('catalog.conflict', conflict.shadowed, { ...conflict, identical: conflict.identical ? 1 : '' }),
    );
  }
  // Perf: an alias names a file; the file's sealed package is a winner when its name maps to it
  // (no map of every winner by locator for a handful of aliases).
  for (const alias of options.aliases ?? []) {
    const pkg = byFile.get(alias.locator);
    if (pkg !== undefined && winners.get(pkg.descriptor.name) === pkg)
      conflicts.push(
        Object.freeze({ name: pkg.descriptor.name, selected: alias.locator, shadowed: alias.via, identical: true }),
      );
  }
  diagnostics.push(...lookAlikes(winners));
  // Stable sort keeps candidate order among conflicts of one name.
  if (options.conflictOrder !== 'candidate') conflicts.sort((a, b) => cmp(a.name, b.name));
  diagnostics.sort(compareDiagnostics);
  if (
    options.resourceId !== undefined &&
    (typeof options.resourceId !== 'string' || options.resourceId.trim() === '')
  ) {
    throw new SkillgraphError('options.invalid', 'resourceId must be a non-empty string', { field: 'resourceId' });
  }
  // The caller's findings are copied before they are frozen; the engine's own (trusted) are its to freeze.
  const sealedDiagnostics = trust ? diagnostics : diagnostics.map((d) => ({ ...d }));
  return new SealedCatalog(sealed, winners, conflicts, deepFreezeAll(sealedDiagnostics), hasher, options.resourceId);
}

/** The conflict error of a strict catalog: two packages of one name, whatever their files. */
function duplicateName(name: string, files: string[]): SkillgraphError {
  files.sort(byteOrder);
  return new SkillgraphError(
    'catalog.duplicate-name',
    `two packages are named '${name}' (${files.join(', ')}); a strict catalog takes one per name`,
    { name, files },
  );
}

/** What a sealed catalog is made of (`sealedParts`), as the engine's catalog record keeps it. */
export interface SealedParts {
  readonly digest: string;
  /** Every sealed candidate, in candidate order (winners and shadowed; `getScoped` looks here). */
  readonly all: SkillPackage[];
  /** The winners, sorted by name: the same objects as in `all`. */
  readonly skills: SkillPackage[];
  readonly conflicts: Conflict[];
  readonly diagnostics: Diagnostic[];
  readonly resourceId?: string;
}

/**
 * The parts of a catalog `buildCatalog` sealed, or undefined for any other object.
 *
 * @example sealedParts(buildCatalog(packages))?.all.length
 */
export function sealedParts(catalog: Catalog): SealedParts | undefined {
  return SealedCatalog.parts(catalog);
}

/**
 * A sealed catalog again from parts `sealedParts` gave (decoded from the engine's store, so
 * unfrozen): frozen as `buildCatalog` freezes its own, digest kept, nothing sorted or hashed
 * again. The parts are the catalog's own from here on.
 *
 * @example restoreCatalog(deserialize(serialize(sealedParts(catalog))), JS_HASHER).digest === catalog.digest
 */
export function restoreCatalog(parts: SealedParts, hasher: HashBackend): Catalog {
  for (const pkg of parts.all) freezeOwnPackage(pkg);
  for (const conflict of parts.conflicts) Object.freeze(conflict);
  return new SealedCatalog(
    parts.all,
    parts.skills,
    parts.conflicts,
    deepFreezeAll(parts.diagnostics),
    hasher,
    parts.resourceId,
    parts.digest,
  );
}

/** One candidate as sealing reads it: its package and the descriptor fields the steps compare. */
interface Ordered {
  readonly pkg: SkillPackage;
  readonly precedence: number;
  readonly locator: string;
  /** The digest the package is sealed with ('' until `hashBatch` made it). */
  digest: string;
  readonly name: string;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Code-unit order of two strings: UTF-8 byte order when neither holds a surrogate. */
function unitOrder(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Whether `items` are in `compare` order already. */
function isSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (compare(items[i - 1]!, items[i]!) > 0) return false;
  return true;
}

/** `items` (an array the caller owns) and each item deeply frozen. */
function deepFreezeAll<T>(items: T[]): readonly T[] {
  for (const item of items) deepFreeze(item);
  return Object.freeze(items);
}

const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * `catalog.confusable` for every selected name that reads like another one
 * once Cyrillic/Greek look-alikes are mapped to Latin (`nameSkeleton`): on
 * the look-alike, naming the Latin name it imitates (or, among non-Latin
 * spellings only, the first in byte order).
 * Perf: only names with a non-ASCII character get a skeleton.
 */
function lookAlikes(winners: ReadonlyMap<string, SkillPackage>): Diagnostic[] {
  // Perf: one test over the names joined first: a catalog of ASCII names costs one regex call.
  if (!NON_ASCII.test([...winners.keys()].join(''))) return [];
  const bySkeleton = new Map<string, string[]>();
  for (const name of winners.keys()) {
    if (!NON_ASCII.test(name)) continue;
    const skeleton = nameSkeleton(name);
    if (skeleton === name) continue;
    const group = bySkeleton.get(skeleton);
    if (group === undefined) bySkeleton.set(skeleton, [name]);
    else group.push(name);
  }
  const out: Diagnostic[] = [];
  for (const [skeleton, names] of bySkeleton) {
    names.sort(byteOrder);
    const original = winners.has(skeleton) ? skeleton : names[0]!;
    for (const name of names) {
      if (name === original) continue;
      const locator = winners.get(name)!.descriptor.source.locator;
      out.push(
        catalogDiagnostic('catalog.confusable', locator, {
          name,
          other: original,
          otherFile: winners.get(original)!.descriptor.source.locator,
        }),
      );
    }
  }
  return out;
}

/** `pkg` carrying its digest, deeply frozen: a copy, or (trusted, owned by the engine) in place. */
function seal(pkg: SkillPackage, digest: string, inPlace: boolean): SkillPackage {
  // Trusted packages come from skillgraph's own parser, so their shape is known.
  if (pkg.descriptor.digest === digest && inPlace) return freezeOwnPackage(pkg);
  if (pkg.descriptor.digest === digest && Object.isFrozen(pkg)) return deepFreeze(pkg);
  return deepFreeze({ ...pkg, descriptor: { ...pkg.descriptor, digest } });
}

/**
 * The sealed catalog. Lookups use private maps (never reachable, so the
 * instance stays immutable); the public arrays are frozen.
 */
class SealedCatalog implements Catalog {
  readonly digest: string;
  readonly skills: readonly SkillPackage[];
  readonly conflicts: readonly Conflict[];
  readonly diagnostics: readonly Diagnostic[];
  readonly resourceId?: string;
  readonly #all: readonly SkillPackage[];
  readonly #byName: ReadonlyMap<string, SkillPackage>;
  readonly #hasher: HashBackend;

  /**
   * Every argument is the catalog's own from here on: the arrays are frozen in place (not
   * copied), and `conflicts` and `diagnostics` must hold frozen items already. `winners` is the
   * list of winners in any order, or a map of each winner's name to it (kept as the lookup).
   * Perf: no copy of each conflict and finding and no walk over them at 10k skills.
   */
  constructor(
    all: SkillPackage[],
    winners: readonly SkillPackage[] | Map<string, SkillPackage>,
    conflicts: Conflict[],
    diagnostics: readonly Diagnostic[],
    hasher: HashBackend,
    resourceId: string | undefined,
    digest?: string,
  ) {
    const byName = winners instanceof Map ? winners : undefined;
    let skills: SkillPackage[];
    let pairs: (readonly [string, string])[] | undefined;
    if (byName !== undefined) {
      // Perf: the names sorted by the built-in comparison (code-unit order, as `cmp`), each
      // winner then taken from the map: no comparator call per comparison at 10k skills.
      const names = [...byName.keys()].sort();
      skills = new Array<SkillPackage>(names.length);
      if (digest === undefined) pairs = new Array<readonly [string, string]>(names.length);
      for (let i = 0; i < names.length; i++) {
        const p = byName.get(names[i]!)!;
        skills[i] = p;
        if (pairs !== undefined) pairs[i] = [names[i]!, p.descriptor.digest];
      }
    } else {
      // Sorted through one small record per skill: `a.descriptor.name` in the comparator met
      // many package shapes (megamorphic loads on frozen objects).
      const keyed = (winners as readonly SkillPackage[]).map((p) => ({ name: p.descriptor.name, p }));
      keyed.sort((a, b) => cmp(a.name, b.name));
      skills = keyed.map((k) => k.p);
    }
    this.#all = Object.freeze(all);
    this.#byName = byName ?? new Map(skills.map((p) => [p.descriptor.name, p]));
    this.#hasher = hasher;
    this.skills = Object.freeze(skills);
    this.conflicts = Object.freeze(conflicts);
    this.diagnostics = Object.isFrozen(diagnostics) ? diagnostics : Object.freeze([...diagnostics]);
    this.digest =
      digest ??
      formatDigest(
        hasher.hashBatch([
          catalogBytes(pairs ?? skills.map((p) => [p.descriptor.name, p.descriptor.digest] as const)),
        ])[0]!,
      );
    if (resourceId !== undefined) this.resourceId = resourceId;
    Object.freeze(this);
  }

  /** The parts of `catalog` when it is one of these (`sealedParts`). */
  static parts(catalog: Catalog): SealedParts | undefined {
    if (!(catalog instanceof SealedCatalog)) return undefined;
    const c = catalog;
    return {
      digest: c.digest,
      all: [...c.#all],
      skills: [...c.skills],
      conflicts: [...c.conflicts],
      diagnostics: [...c.diagnostics],
      ...(c.resourceId === undefined ? {} : { resourceId: c.resourceId }),
    };
  }

  get(name: string): SkillPackage | undefined {
    return this.#byName.get(name);
  }

  getScoped(scope: string, name: string): SkillPackage | undefined {
    // Candidates are in precedence order, so the first match is the strongest of that scope.
    return this.#all.find((p) => p.descriptor.source.scope === scope && p.descriptor.name === name);
  }

  excluding(locators: Iterable<string>): Catalog {
    const drop = new Set(locators);
    const keep = (p: SkillPackage): boolean => !drop.has(p.descriptor.source.locator);
    return new SealedCatalog(
      this.#all.filter(keep),
      this.skills.filter(keep),
      this.conflicts.filter((c) => !drop.has(c.selected)),
      this.diagnostics,
      this.#hasher,
      this.resourceId,
    );
  }

  toJSON(): Record<string, unknown> {
    return {
      digest: this.digest,
      skills: this.skills.map((p) => p.descriptor),
      conflicts: this.conflicts,
      diagnostics: this.diagnostics,
    };
  }
}
