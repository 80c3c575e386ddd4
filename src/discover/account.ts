// Every SKILL.md the walk sees becomes a candidate or is counted here under a reason with a diagnostic.
import type { Diagnostic } from '../model/diagnostics.js';
import { discoverDiagnostic, type DiscoverCode } from './messages.js';

/** Why a SKILL.md the walk saw is not a candidate. */
export type NotCataloguedReason =
  | 'nested'
  | 'skipped-folder'
  | 'not-regular'
  | 'link-outside'
  | 'link-not-followed'
  | 'dangling-link'
  | 'link-loop'
  | 'duplicate-name';

/** Reasons in report order. */
export const NOT_CATALOGUED_REASONS: readonly NotCataloguedReason[] = Object.freeze([
  'nested',
  'skipped-folder',
  'not-regular',
  'link-outside',
  'link-not-followed',
  'dangling-link',
  'link-loop',
  'duplicate-name',
]);

/** A limit the walk of one root stopped at. */
export interface LimitHit {
  readonly root: string;
  readonly limit: 'max-dirs' | 'depth';
  readonly value: number;
  /** Folders known to exist that were not searched (at least this many). */
  readonly unsearched: number;
  /** The flag that raises it. */
  readonly flag: '--max-dirs' | '--depth';
}

export type NotCatalogued = Readonly<Record<NotCataloguedReason, number>>;

/** One reason's per-file diagnostics kept before the rest are summarised. */
export const PER_FILE_DIAGNOSTICS = 10;

// The first few files of each reason get a diagnostic each, the rest one summary with a count.
export class WalkAccount {
  readonly #counts = new Map<NotCataloguedReason, number>();
  readonly #extra = new Map<NotCataloguedReason, string[]>();
  readonly #root: string;
  readonly #diagnostics: Diagnostic[];

  constructor(rootLabel: string, diagnostics: Diagnostic[]) {
    this.#root = rootLabel;
    this.#diagnostics = diagnostics;
  }

  /** Count `file` under `reason`; `code` and `args` word its diagnostic. */
  add(reason: NotCataloguedReason, code: DiscoverCode, file: string, args: Record<string, string | number>): void {
    const n = (this.#counts.get(reason) ?? 0) + 1;
    this.#counts.set(reason, n);
    if (n <= PER_FILE_DIAGNOSTICS) this.#diagnostics.push(discoverDiagnostic(code, file, args));
    else {
      const more = this.#extra.get(reason) ?? [];
      if (more.length < 3) more.push(file);
      this.#extra.set(reason, more);
    }
  }

  /** Count a file whose own diagnostic was already written by the caller. */
  count(reason: NotCataloguedReason): void {
    this.#counts.set(reason, (this.#counts.get(reason) ?? 0) + 1);
  }

  finish(): Map<NotCataloguedReason, number> {
    for (const [reason, n] of this.#counts) {
      if (n <= PER_FILE_DIAGNOSTICS || !this.#extra.has(reason)) continue;
      const first = this.#extra.get(reason)!;
      this.#diagnostics.push(
        discoverDiagnostic('discover.not-catalogued', this.#root, {
          count: n - PER_FILE_DIAGNOSTICS,
          reason: REASON_WORDS[reason],
          root: this.#root,
          first: first.join(', '),
        }),
      );
    }
    return this.#counts;
  }
}

export function emptyNotCatalogued(): Record<NotCataloguedReason, number> {
  return Object.fromEntries(NOT_CATALOGUED_REASONS.map((r) => [r, 0])) as Record<NotCataloguedReason, number>;
}

/** Plain words for a reason, as the human summary prints it. */
export const REASON_WORDS: Readonly<Record<NotCataloguedReason, string>> = Object.freeze({
  nested: 'nested inside skills (--nested)',
  'skipped-folder': 'under skipped folders (node_modules, dot-folders)',
  'not-regular': 'not a regular file',
  'link-outside': 'linked from outside the roots and project',
  'link-not-followed': 'behind symlinks not followed',
  'dangling-link': 'dangling symlinks',
  'link-loop': 'symlink loops',
  'duplicate-name': 'second skill file in one folder',
});
