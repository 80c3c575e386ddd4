// Pure: candidates in, a deeply frozen catalog out; the first candidate of a name wins, the rest are conflicts.
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
   * Engine-only: keep the digests its own parse wrote and freeze the packages in place. Default false:
   * every digest is recomputed, so a forged one never survives.
   */
  readonly trustDigests?: boolean;
  /** Files the walk reached again (a linked copy, an overlapping root): conflicts with `identical: true`. */
  readonly aliases?: readonly { readonly locator: string; readonly via: string }[];
  /** Order of `conflicts`: by `name` (default) or in `candidate` order, as the catalog runtime lists them. */
  readonly conflictOrder?: 'name' | 'candidate';
  /** Throw `catalog.duplicate-name` for two packages of one name instead of choosing by precedence. */
  readonly strict?: boolean;
  /** The host's identifier of the catalog (`resource_id`); not part of the digest. */
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
 * Seal parsed packages into a catalog, digests computed in one `hashBatch` call. An untrusted package needs a
 * name and description the parser accepts, else `skill.invalid`.
 */
export function buildCatalog(candidates: readonly SkillPackage[], options: BuildCatalogOptions = {}): Catalog {
  checkOptionKeys(options, BUILD_KEYS);
  const hasher = options.hasher ?? JS_HASHER;
  const diagnostics = [...(options.diagnostics ?? [])];
  const trust = options.trustDigests === true;
  // Perf: trusted digests were written by the parse step, so no package bytes are made or held here; one pass
  // copies each (cold) descriptor into a small record that every later step reads.
  const ordered = new Array<Ordered>(candidates.length);
  const locators = new Array<string>(candidates.length);
  const todo: SkillPackage[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const pkg = candidates[i]!;
    // The parser already refuses what this refuses.
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
  // Without a surrogate, `<` is UTF-8 byte order. Perf: one regex call over the joined locators.
  let plain = !SURROGATE.test(locators.join(''));
  // One `hashBatch` call: a WASM backend pays one boundary crossing.
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
  // Perf: the engine hands candidates over sorted already; checking is one pass.
  if (!isSorted(ordered, byCandidate)) ordered.sort(byCandidate);
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
  // Perf: look up the alias's name among winners instead of mapping every winner by locator.
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
  // The caller's findings are copied before they are frozen; the engine's own are its to freeze.
  const sealedDiagnostics = trust ? diagnostics : diagnostics.map((d) => ({ ...d }));
  return new SealedCatalog(sealed, winners, conflicts, deepFreezeAll(sealedDiagnostics), hasher, options.resourceId);
}

function duplicateName(name: string, files: string[]): SkillgraphError {
  files.sort(byteOrder);
  return new SkillgraphError(
    'catalog.duplicate-name',
    `two packages are named '${name}' (${files.join(', ')}); a strict catalog takes one per name`,
    { name, files },
  );
}

/** What a sealed catalog is made of, as the engine's catalog record keeps it. */
export interface SealedParts {
  readonly digest: string;
  /** Every sealed candidate in candidate order, winners and shadowed. */
  readonly all: SkillPackage[];
  /** The winners sorted by name: the same objects as in `all`. */
  readonly skills: SkillPackage[];
  readonly conflicts: Conflict[];
  readonly diagnostics: Diagnostic[];
  readonly resourceId?: string;
}

/** The parts of a catalog `buildCatalog` sealed, or undefined for any other object. */
export function sealedParts(catalog: Catalog): SealedParts | undefined {
  return SealedCatalog.parts(catalog);
}

/** A sealed catalog again from its parts (decoded from the store): frozen, digest kept, nothing re-hashed. */
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

interface Ordered {
  readonly pkg: SkillPackage;
  readonly precedence: number;
  readonly locator: string;
  /** '' until `hashBatch` made it. */
  digest: string;
  readonly name: string;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Code-unit order: UTF-8 byte order when neither string holds a surrogate. */
function unitOrder(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function isSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (compare(items[i - 1]!, items[i]!) > 0) return false;
  return true;
}

function deepFreezeAll<T>(items: T[]): readonly T[] {
  for (const item of items) deepFreeze(item);
  return Object.freeze(items);
}

const NON_ASCII = /[^\u0000-\u007f]/;

// `catalog.confusable` on a name that reads like another once Cyrillic/Greek look-alikes map to Latin.
function lookAlikes(winners: ReadonlyMap<string, SkillPackage>): Diagnostic[] {
  // Perf: a catalog of ASCII names costs one regex call.
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

function seal(pkg: SkillPackage, digest: string, inPlace: boolean): SkillPackage {
  if (pkg.descriptor.digest === digest && inPlace) return freezeOwnPackage(pkg);
  if (pkg.descriptor.digest === digest && Object.isFrozen(pkg)) return deepFreeze(pkg);
  return deepFreeze({ ...pkg, descriptor: { ...pkg.descriptor, digest } });
}

// Lookups use private maps, never reachable, so the instance stays immutable.
class SealedCatalog implements Catalog {
  readonly digest: string;
  readonly skills: readonly SkillPackage[];
  readonly conflicts: readonly Conflict[];
  readonly diagnostics: readonly Diagnostic[];
  readonly resourceId?: string;
  readonly #all: readonly SkillPackage[];
  readonly #byName: ReadonlyMap<string, SkillPackage>;
  readonly #hasher: HashBackend;

  // Takes ownership: arrays are frozen in place; `conflicts` and `diagnostics` must hold frozen items.
  // Perf: no copy of, or walk over, each conflict and finding.
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
      // Perf: the built-in sort (code-unit order, as `cmp`) needs no comparator call.
      const names = [...byName.keys()].sort();
      skills = new Array<SkillPackage>(names.length);
      if (digest === undefined) pairs = new Array<readonly [string, string]>(names.length);
      for (let i = 0; i < names.length; i++) {
        const p = byName.get(names[i]!)!;
        skills[i] = p;
        if (pairs !== undefined) pairs[i] = [names[i]!, p.descriptor.digest];
      }
    } else {
      // Perf: sorted through small uniform records; `p.descriptor.name` in the comparator went megamorphic.
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
