// Model-facing text, never a skill's instructions.
import type { Catalog, Conflict } from '../model/catalog.js';
import { SkillgraphError } from '../model/errors.js';
import { budgetSummary, fitBudget, parseBudget, type Budget, type BudgetReport } from './budget.js';
import {
  contextEntries,
  sourceConflicts,
  sourcePackages,
  visibleConflicts,
  workspaceLocation,
  type ContextEntry,
  type ContextSource,
  type LocationFn,
} from './entries.js';
import { isAbsolute, relative } from 'node:path';
import { CONTEXT_FORMATS, FORMATS, type ContextFormat, type ContextMode } from './formats.js';
import { OMITTED_HINTS, type OmittedHint } from './guidance.js';
import { catalogLeftOut, leftOutPackage, type LeftOutSkill } from './left-out.js';
import { escapeControls } from './text.js';
import { loadSkillTool, type LoadSkillTool } from './tool.js';
import { countTokens } from '../model/tokens.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface ContextOptions {
  /** `markdown` (default) or `xml` (`<available_skills>`). */
  readonly format: ContextFormat;
  /** `eager`: every SKILL.md is readable now; `lazy`: listed, loaded by `load_skill`. */
  readonly mode: ContextMode;
  /** `N` characters (UTF-8 bytes) or `Nt` o200k tokens; null for no budget. */
  readonly budget: string | number | null;
  /** Shortest a description may be cut to by the budget (characters). */
  readonly descriptionFloor: number;
  readonly sampleSize: number;
  /** Lazy mode: the folder skills are staged under (`<dir>/<name>/SKILL.md`). */
  readonly workspace: string | null;
  /** Overrides the location shown for each skill (default: its locator). */
  readonly location: LocationFn | null;
  /** Otherwise: `absolute` (the locator), `relative` (to `relativeTo`) or `uri` (`skill://<name>/SKILL.md`). */
  readonly paths: ContextPaths;
  /** Base of `relative` paths (required with `paths: 'relative'`). */
  readonly relativeTo: string | null;
  readonly digests: boolean;
  /** How the budget note says to find omitted skills: `cli` (describe/load) or `mcp` (search_skills). */
  readonly omittedHint: OmittedHint;
  /** Bytes of host text around the block that the budget must also hold (default 0). */
  readonly reserved: number;
}

export const CONTEXT_PATHS = ['absolute', 'relative', 'uri'] as const;
export type ContextPaths = (typeof CONTEXT_PATHS)[number];

export const DEFAULT_CONTEXT_OPTIONS: Readonly<ContextOptions> = Object.freeze({
  format: 'markdown',
  mode: 'eager',
  budget: null,
  descriptionFloor: 60,
  sampleSize: 5,
  workspace: null,
  location: null,
  paths: 'absolute',
  relativeTo: null,
  digests: true,
  omittedHint: 'cli',
  reserved: 0,
});

const CONTEXT_KEYS = optionKeys<ContextOptions>('renderContext', {
  format: true,
  mode: true,
  budget: true,
  descriptionFloor: true,
  sampleSize: true,
  workspace: true,
  location: true,
  paths: true,
  relativeTo: true,
  digests: true,
  omittedHint: true,
  reserved: true,
});

/** Defaults filled in and every field checked; errors name the field. */
export function resolveContextOptions(options: Partial<ContextOptions> = {}): ContextOptions {
  checkOptionKeys(options, CONTEXT_KEYS);
  const o: ContextOptions = { ...DEFAULT_CONTEXT_OPTIONS, ...stripUndefined(options) };
  if (!(CONTEXT_FORMATS as readonly string[]).includes(o.format))
    invalid('format', `one of ${CONTEXT_FORMATS.join(', ')}`, o.format);
  if (o.mode !== 'eager' && o.mode !== 'lazy') invalid('mode', "'eager' or 'lazy'", o.mode);
  if (!Number.isSafeInteger(o.descriptionFloor) || o.descriptionFloor < 1)
    invalid('descriptionFloor', 'a positive integer', o.descriptionFloor);
  if (!Number.isSafeInteger(o.sampleSize) || o.sampleSize < 1)
    invalid('sampleSize', 'a positive integer', o.sampleSize);
  if (!(CONTEXT_PATHS as readonly string[]).includes(o.paths))
    invalid('paths', `one of ${CONTEXT_PATHS.join(', ')}`, o.paths);
  if (typeof o.digests !== 'boolean') invalid('digests', 'a boolean', o.digests);
  if (!Object.hasOwn(OMITTED_HINTS, o.omittedHint)) invalid('omittedHint', "'cli' or 'mcp'", o.omittedHint);
  if (!Number.isSafeInteger(o.reserved) || o.reserved < 0) invalid('reserved', 'a whole number of bytes', o.reserved);
  if (o.relativeTo !== null && typeof o.relativeTo !== 'string')
    invalid('relativeTo', 'a folder path or null', o.relativeTo);
  if (o.paths === 'relative' && o.relativeTo === null)
    invalid('relativeTo', "a folder path when paths is 'relative'", o.relativeTo);
  if (o.budget !== null) parseBudget(o.budget);
  return Object.freeze(o);
}

/** A rendered context and everything a host (or `--json`) needs to know about it. */
export interface RenderedContext {
  readonly format: ContextFormat;
  readonly mode: ContextMode;
  /** The block to put in the prompt; '' when no skill is visible. */
  readonly text: string;
  readonly entries: readonly ContextEntry[];
  readonly conflicts: readonly Conflict[];
  readonly budget: BudgetReport | null;
  /** Lazy mode: the `load_skill` tool over the listed skills (null when nothing is listed). */
  readonly tool: LoadSkillTool | null;
  /** Skills not listed (invalid, not catalogued, hidden, cut by the budget), with the reason. */
  readonly leftOut: readonly LeftOutSkill[];
}

/**
 * Render the descriptor context of a catalog (or of packages, in their order); '' when no skill is visible.
 * @example renderContext(catalog, { format: 'xml', budget: '2000t' }).text
 */
export function renderContext(source: ContextSource, options: Partial<ContextOptions> = {}): RenderedContext {
  const o = resolveContextOptions(options);
  const all = contextEntries(source, chooseLocation(o));
  const fmt = FORMATS[o.format];
  if (all.length === 0) {
    return {
      format: o.format,
      mode: o.mode,
      text: '',
      entries: [],
      conflicts: [],
      budget: null,
      tool: null,
      leftOut: leftOutOf(source, []),
    };
  }
  // Perf: the block and the result list the same conflicts: found once.
  let seen: { readonly entries: readonly ContextEntry[]; readonly conflicts: Conflict[] } | undefined;
  const conflictsOf = (entries: readonly ContextEntry[]): Conflict[] => {
    if (seen?.entries !== entries) seen = { entries, conflicts: visibleConflicts(sourceConflicts(source), entries) };
    return seen.conflicts;
  };
  const blockOf = (entries: readonly ContextEntry[], budget: BudgetReport | null): string =>
    fmt.block({
      rows: entries.map((e) => fmt.row(e, o.digests)),
      mode: o.mode,
      conflicts: conflictsOf(entries),
      budgetNote: budget ? budgetSummary(budget, o.sampleSize, OMITTED_HINTS[o.omittedHint]) : '',
      workspacePaths: o.location !== null || o.workspace !== null,
      digests: o.digests,
    });
  let entries: readonly ContextEntry[] = all;
  let budget: BudgetReport | null = null;
  let text: string;
  if (o.budget === null) text = blockOf(all, null);
  else {
    const parsed = parseBudget(o.budget);
    const size = sizeIn(parsed);
    ({ entries, budget, text } = fitWholeBlock(all, parsed, o, (e) => size(fmt.row(e, o.digests)), blockOf));
  }
  const conflicts = conflictsOf(entries);
  // The tool offers exactly what the listing shows (hosts and the CLI can still load an omitted skill by name).
  const listed = new Set(entries.map((e) => e.name));
  const tool =
    o.mode === 'lazy' ? loadSkillTool(sourcePackages(source).filter((p) => listed.has(p.descriptor.name))) : null;
  return {
    format: o.format,
    mode: o.mode,
    text,
    entries,
    conflicts,
    budget,
    tool,
    leftOut: leftOutOf(source, budget?.omitted ?? []),
  };
}

function leftOutOf(source: ContextSource, omitted: readonly string[]): LeftOutSkill[] {
  const out = Array.isArray(source) ? [] : catalogLeftOut(source as Catalog);
  const cut = new Set(omitted);
  for (const pkg of sourcePackages(source)) {
    if (!pkg.descriptor.modelInvocable) out.push(leftOutPackage(pkg, 'hidden'));
    else if (cut.has(pkg.descriptor.name)) out.push(leftOutPackage(pkg, 'budget'));
  }
  return out;
}

const FIT_ROUNDS = 32;

// The whole block (and `reserved` host bytes) must fit: rows get what the block leaves them, lowered by the
// excess until it fits. When a block of no rows does not fit, the error says what the guidance alone takes.
function fitWholeBlock(
  all: readonly ContextEntry[],
  budget: Budget,
  o: ContextOptions,
  measure: (e: ContextEntry) => number,
  blockOf: (entries: readonly ContextEntry[], report: BudgetReport | null) => string,
): { entries: readonly ContextEntry[]; budget: BudgetReport; text: string } {
  const size = sizeIn(budget);
  const limit = limitOf(budget) - o.reserved;
  const before = size(blockOf(all, null)) + o.reserved;
  const fitted = (rowLimit: number) => {
    const fit = fitBudget(all, { ...budget, chars: Math.max(0, rowLimit) }, measure, o.descriptionFloor);
    const draft = blockOf(fit.entries, fit.report);
    return { fit, draft, size: size(draft) };
  };
  let rowLimit = limit - size(blockOf([], null));
  let tried = fitted(rowLimit);
  for (let round = 0; round < FIT_ROUNDS && tried.size > limit && rowLimit > 0; round++) {
    rowLimit -= tried.size - limit;
    tried = fitted(rowLimit);
  }
  if (tried.size > limit) tried = fitted(0);
  if (tried.size > limit) {
    const unit = budget.unit === 'tokens' ? 'tokens' : 'chars';
    const reserved = o.reserved > 0 ? ` plus ${o.reserved} ${unit} of host text` : '';
    throw new SkillgraphError(
      'options.invalid',
      `budget ${budget.amount} ${unit} cannot hold the context: its heading and guidance alone take ${tried.size} ${unit}${reserved} with every skill omitted`,
      { field: 'budget', needed: tried.size + o.reserved, chars: budget.chars },
    );
  }
  const after = tried.size + o.reserved;
  const report: BudgetReport = { ...tried.fit.report, ...budget, before, after };
  // The note was drafted with the row allowance; it names the real budget, the same length or shorter.
  const text = blockOf(tried.fit.entries, report);
  return { entries: tried.fit.entries, budget: { ...report, after: size(text) + o.reserved }, text };
}

// The tokenizer loads on first use.
function sizeIn(budget: Budget): (text: string) => number {
  return budget.unit === 'tokens' ? countTokens : byteLength;
}

function limitOf(budget: Budget): number {
  return budget.unit === 'tokens' ? budget.amount : budget.chars;
}

function chooseLocation(o: ContextOptions): LocationFn | undefined {
  if (o.location !== null) return o.location;
  if (o.mode === 'lazy' && o.workspace !== null) return workspaceLocation(o.workspace);
  if (o.paths === 'uri') return (pkg) => `skill://${encodeURIComponent(pkg.descriptor.name)}/SKILL.md`;
  if (o.paths === 'relative') {
    const base = o.relativeTo ?? '/';
    return (pkg) => {
      const locator = pkg.descriptor.source.locator;
      return isAbsolute(locator) ? relative(base, locator).replace(/\\/g, '/') || '.' : locator;
    };
  }
  return undefined;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The `<available_skills>` block alone ('' when no skill is visible). */
export function renderAvailableSkills(
  source: ContextSource,
  options: Partial<Omit<ContextOptions, 'format'>> = {},
): string {
  return renderContext(source, { ...options, format: 'xml' }).text;
}

/** The JSON document of a rendered context, listing every shortened and omitted skill. */
export function contextDocument(rendered: RenderedContext): Record<string, unknown> {
  return {
    format: rendered.format,
    mode: rendered.mode,
    // No control character reaches a model through JSON either.
    skills: rendered.entries.map((e) => ({
      name: escapeControls(e.name),
      description: e.description,
      location: escapeControls(e.location),
      digest: e.digest,
      scope: e.scope,
      shortened: e.shortened,
    })),
    conflicts: rendered.conflicts.map((c) => ({
      ...c,
      name: escapeControls(c.name),
      selected: escapeControls(c.selected),
      shadowed: escapeControls(c.shadowed),
    })),
    budget: rendered.budget
      ? {
          chars: rendered.budget.chars,
          amount: rendered.budget.amount,
          unit: rendered.budget.unit,
          before: rendered.budget.before,
          after: rendered.budget.after,
          description_cap: rendered.budget.descriptionCap,
          shortened: [...rendered.budget.shortened],
          omitted: [...rendered.budget.omitted],
        }
      : null,
    tool: rendered.tool,
    text: rendered.text,
  };
}

function invalid(field: string, expected: string, got: unknown): never {
  throw new SkillgraphError(
    'options.invalid',
    `context option '${field}' must be ${expected}, got ${JSON.stringify(got)}`,
    {
      field,
    },
  );
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
