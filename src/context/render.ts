/**
 * The descriptor context: catalog in, model-facing text
 * out — never a skill's instructions. One options resolver, one entry point
 * (`renderContext`), and the JSON document the CLI prints.
 */
import type { Conflict } from '../model/catalog.js';
import { SkillgraphError } from '../model/errors.js';
import { budgetSummary, fitBudget, parseBudget, type BudgetReport } from './budget.js';
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
import { CONTEXT_FORMATS, FORMATS, type ContextFormat, type ContextMode } from './formats.js';
import { escapeControls } from './text.js';
import { loadSkillTool, type LoadSkillTool } from './tool.js';

export interface ContextOptions {
  /** `markdown` (default) or `xml` (`<available_skills>`). */
  readonly format: ContextFormat;
  /** `eager`: every SKILL.md is readable now; `lazy`: listed, loaded by `load_skill`. */
  readonly mode: ContextMode;
  /** `N` characters or `Nt` tokens (4 characters each); null for no budget. */
  readonly budget: string | number | null;
  /** Shortest a description may be cut to by the budget (characters). */
  readonly descriptionFloor: number;
  /** How many names the budget note shows per list. */
  readonly sampleSize: number;
  /** In lazy mode, the workspace folder skills are staged under (`<dir>/<name>/SKILL.md`). */
  readonly workspace: string | null;
  /** Overrides the location shown for each skill (default: its locator). */
  readonly location: LocationFn | null;
}

export const DEFAULT_CONTEXT_OPTIONS: Readonly<ContextOptions> = Object.freeze({
  format: 'markdown',
  mode: 'eager',
  budget: null,
  descriptionFloor: 60,
  sampleSize: 5,
  workspace: null,
  location: null,
});

/**
 * Defaults filled in and every field checked; errors name the field.
 *
 * @example resolveContextOptions({ format: 'xml' }).mode // 'eager'
 */
export function resolveContextOptions(options: Partial<ContextOptions> = {}): ContextOptions {
  const o: ContextOptions = { ...DEFAULT_CONTEXT_OPTIONS, ...stripUndefined(options) };
  if (!(CONTEXT_FORMATS as readonly string[]).includes(o.format)) invalid('format', `one of ${CONTEXT_FORMATS.join(', ')}`, o.format);
  if (o.mode !== 'eager' && o.mode !== 'lazy') invalid('mode', "'eager' or 'lazy'", o.mode);
  if (!Number.isSafeInteger(o.descriptionFloor) || o.descriptionFloor < 1) invalid('descriptionFloor', 'a positive integer', o.descriptionFloor);
  if (!Number.isSafeInteger(o.sampleSize) || o.sampleSize < 1) invalid('sampleSize', 'a positive integer', o.sampleSize);
  if (o.budget !== null) parseBudget(o.budget);
  return Object.freeze(o);
}

/** A rendered context and everything a host (or `--json`) needs to know about it. */
export interface RenderedContext {
  readonly format: ContextFormat;
  readonly mode: ContextMode;
  /** The block to put in the prompt; '' when no skill is visible. */
  readonly text: string;
  /** Rows listed (after the budget), in display order. */
  readonly entries: readonly ContextEntry[];
  readonly conflicts: readonly Conflict[];
  readonly budget: BudgetReport | null;
  /** Lazy mode: the `load_skill` tool over the listed skills (null when nothing is listed or in eager mode). */
  readonly tool: LoadSkillTool | null;
}

/**
 * Render the descriptor context of a catalog (or of packages, in their order).
 * Skills with `disable-model-invocation: true` are left out; no visible skill
 * → empty text.
 *
 * @example renderContext(catalog, { format: 'xml', budget: '2000t' }).text
 */
export function renderContext(source: ContextSource, options: Partial<ContextOptions> = {}): RenderedContext {
  const o = resolveContextOptions(options);
  const location = o.location ?? (o.mode === 'lazy' && o.workspace !== null ? workspaceLocation(o.workspace) : undefined);
  const all = contextEntries(source, location);
  const fmt = FORMATS[o.format];
  if (all.length === 0) {
    return { format: o.format, mode: o.mode, text: '', entries: [], conflicts: [], budget: null, tool: null };
  }
  let entries: readonly ContextEntry[] = all;
  let budget: BudgetReport | null = null;
  if (o.budget !== null) {
    const fit = fitBudget(all, parseBudget(o.budget), (e) => fmt.row(e).length, o.descriptionFloor);
    entries = fit.entries;
    budget = fit.report;
  }
  const conflicts = visibleConflicts(sourceConflicts(source), entries);
  // The tool offers exactly what the listing shows: a skill the budget omitted
  // is not offered to the model (hosts and the CLI can still load it by name).
  const listed = new Set(entries.map((e) => e.name));
  const tool = o.mode === 'lazy' ? loadSkillTool(sourcePackages(source).filter((p) => listed.has(p.descriptor.name))) : null;
  const text = fmt.block({
    rows: entries.map(fmt.row),
    mode: o.mode,
    conflicts,
    budgetNote: budget ? budgetSummary(budget, o.sampleSize) : '',
    // Without a workspace (or a caller's own locations) the rows show where the skills are kept.
    workspacePaths: o.location !== null || o.workspace !== null,
  });
  return { format: o.format, mode: o.mode, text, entries, conflicts, budget, tool };
}

/**
 * The `<available_skills>` block alone ('' when no skill is visible).
 *
 * @example renderAvailableSkills(catalog)
 */
export function renderAvailableSkills(source: ContextSource, options: Partial<Omit<ContextOptions, 'format'>> = {}): string {
  return renderContext(source, { ...options, format: 'xml' }).text;
}

/**
 * The JSON document of a rendered context (the CLI adds `schemaVersion`).
 * Lists every shortened and omitted skill, not just a sample.
 *
 * @example JSON.stringify(contextDocument(renderContext(catalog)))
 */
export function contextDocument(rendered: RenderedContext): Record<string, unknown> {
  return {
    format: rendered.format,
    mode: rendered.mode,
    // Same sanitised text as the rendered block: no control character reaches a model through JSON.
    skills: rendered.entries.map((e) => ({
      name: escapeControls(e.name),
      description: e.description,
      location: escapeControls(e.location),
      digest: e.digest,
      scope: e.scope,
      shortened: e.shortened,
    })),
    conflicts: rendered.conflicts.map((c) => ({ ...c, name: escapeControls(c.name), selected: escapeControls(c.selected), shadowed: escapeControls(c.shadowed) })),
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
  throw new SkillgraphError('options.invalid', `context option '${field}' must be ${expected}, got ${JSON.stringify(got)}`, {
    field,
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
