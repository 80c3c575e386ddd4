import type { Diagnostic } from './diagnostics.js';
import type { SkillPackage } from './package.js';

/** A losing candidate for a name. Never silent. */
export interface Conflict {
  readonly name: string;
  readonly selected: string;
  readonly shadowed: string;
  /** Same package digest: a byte-identical copy. */
  readonly identical: boolean;
}

export interface Catalog {
  /** `sha256:<hex>` over the sorted (name, digest) pairs. */
  readonly digest: string;
  /** Winners, sorted by name (code-unit order). */
  readonly skills: readonly SkillPackage[];
  readonly conflicts: readonly Conflict[];
  readonly diagnostics: readonly Diagnostic[];
  /** The host's identifier of this catalog (`buildCatalog({ resourceId })`); not digested. */
  readonly resourceId?: string;
  /** The winner for `name`, or undefined (also for excluded sources). */
  get(name: string): SkillPackage | undefined;
  /** The package for `scope/name` when that scope has a candidate, winner or not. */
  getScoped(scope: string, name: string): SkillPackage | undefined;
  /** A new sealed catalog without the packages at these locators. */
  excluding(locators: Iterable<string>): Catalog;
}
