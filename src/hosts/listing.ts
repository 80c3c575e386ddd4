import {
  descriptionsThenNames,
  evenCutThenOmit,
  measureFor,
  namesAfterBudget,
  utf8Bytes,
  type BudgetOutcome,
  type Cut,
  type Measure,
} from './budget.js';
import { COPILOT_NAMES_LEAD, lineShape, listingBlock } from './lines-format.js';
import { listedDescription, listedName, orderEntries, type ListingEntry } from './order.js';
import type { HostSkill } from './evaluate.js';
import type { Winner } from './precedence.js';
import { posix } from './roots.js';
import type { BundledSkill, HostBudget, HostModel } from './types.js';

export interface ListedSkill {
  readonly entry: ListingEntry;
  readonly skill: HostSkill;
}

export interface Listed {
  readonly skills: readonly ListedSkill[];
  readonly budget: {
    readonly unit: string;
    readonly limit: number;
    readonly used: number;
    readonly namesLimit?: number;
    readonly namesUsed?: number;
  } | null;
  readonly text: string;
}

const CODEX_SYSTEM_ROOT = '.codex/skills/.system';

/** The listing of `winners` and the agent's own skills under `model`'s budget. */
export function listEntries(
  model: HostModel,
  winners: readonly Winner[],
  tokens: Measure | undefined,
  home: string,
): Listed {
  const listed = listBuilt(
    model,
    winners.map((w, i) => winnerEntry(model, w, i)),
    tokens,
    home,
  );
  const skills = listed.skills.map(({ entry, skill }) => {
    const winner = entry.bundled ? undefined : winners[entry.candidate];
    return {
      entry,
      skill: winner
        ? { ...skill, real: winner.copy.file.real, ...(winner.nondeterministic ? { nondeterministic: true } : {}) }
        : skill,
    };
  });
  return { ...listed, skills };
}

/** A catalog skill to list as an agent would. */
export interface CatalogItem {
  readonly name: string;
  readonly description: string;
  readonly path: string;
  readonly scope: 'project' | 'user';
}

/** A catalog's skills in the listing `model` writes, its own skills counted (`context --host`). */
export function listItems(model: HostModel, items: readonly CatalogItem[], home: string, tokens?: Measure): Listed {
  const entries = items.map((item, i): ListingEntry => {
    const { text, capped } = listedDescription(model.listing, item.description);
    const folder = item.path.split('/').at(-2) ?? item.name;
    return {
      candidate: i,
      name: listedName(model.listing, item.name),
      description: text,
      capped,
      bundled: null,
      scope: item.scope,
      root: item.scope === 'project' ? 0 : 1,
      level: 0,
      inRoot: `${folder}/SKILL.md`,
      path: item.path,
    };
  });
  return listBuilt(model, entries, tokens, home);
}

function listBuilt(model: HostModel, own: readonly ListingEntry[], tokens: Measure | undefined, home: string): Listed {
  const entries = orderEntries(model, [...own, ...model.bundled.map((b) => bundledEntry(model, b))]);
  const budget = model.listing.budget;
  const aliases = model.listing.format === 'codex' ? codexAliases(entries, home) : null;
  const shape = lineShape(model.listing.format, aliases ? (e) => aliases.path(e) : undefined);
  const outcome =
    budget === null
      ? { cuts: entries.map((): Cut => ({ kind: 'full' })), used: 0 }
      : applyBudget(budget, entries, shape, tokens, aliases?.overhead ?? 0);
  const rows: { entry: ListingEntry; description: string | null }[] = [];
  const skills: ListedSkill[] = entries.map((entry, i) => {
    const cut = outcome.cuts[i]!;
    // The agent's own skills count against the budget; their text is the agent's, not shown here.
    if (cut.kind !== 'omitted' && !entry.bundled)
      rows.push({ entry, description: cut.kind === 'name' ? null : cut.kind === 'cut' ? cut.text : entry.description });
    return { entry, skill: verdictOf(entry, cut, budget) };
  });
  const omitted = outcome.cuts.filter((c) => c.kind === 'omitted').length;
  const report =
    budget === null
      ? null
      : {
          unit: budget.unit,
          limit: budget.limit,
          used: outcome.used,
          ...(budget.namesLimit !== undefined
            ? { namesLimit: budget.namesLimit, namesUsed: (outcome as BudgetOutcome).namesUsed ?? 0 }
            : {}),
        };
  const block = listingBlock(model.listing.format, shape, rows, omitted);
  return { skills, budget: report, text: aliases ? `${aliases.table}\n${block}` : block };
}

function applyBudget(
  budget: HostBudget,
  entries: readonly ListingEntry[],
  shape: ReturnType<typeof lineShape>,
  tokens: Measure | undefined,
  overhead: number,
): BudgetOutcome {
  const measure = measureFor(budget.unit, tokens);
  if (budget.strategy === 'names-after-budget') return namesAfterBudget(entries, budget, shape, measure);
  if (budget.strategy === 'even-cut-then-omit') return evenCutThenOmit(entries, budget, shape, overhead);
  return descriptionsThenNames(entries, budget, shape, COPILOT_NAMES_LEAD, measure);
}

function winnerEntry(model: HostModel, w: Winner, index: number): ListingEntry {
  const { text, capped } = listedDescription(model.listing, w.copy.read.description);
  return {
    candidate: index,
    name: listedName(model.listing, w.copy.read.name),
    description: text,
    capped,
    bundled: null,
    scope: w.copy.root.scope,
    root: w.at.file.root,
    level: w.at.root.level,
    inRoot: w.at.file.inRoot,
    path: w.copy.file.path,
  };
}

/** Known by its size only: a filler of that size stands in for it. */
function bundledEntry(model: HostModel, b: BundledSkill): ListingEntry {
  const unit = model.listing.budget?.unit;
  const size = unit === 'columns' ? b.columns : unit === 'approx-tokens' || unit === 'tokens' ? b.bytes : b.chars;
  return {
    candidate: -1,
    name: b.name,
    description: 'x'.repeat(size),
    capped: false,
    bundled: b,
    scope: 'bundled',
    root: -1,
    level: 0,
    inRoot: `${b.name}/SKILL.md`,
    path: '<bundled>',
  };
}

function verdictOf(entry: ListingEntry, cut: Cut, budget: HostBudget | null): HostSkill {
  const base = { name: entry.name, path: entry.path, ...(entry.bundled ? { bundled: true } : {}) };
  const unit = budget ? `${budget.limit.toLocaleString('en')} ${budget.unit}` : '';
  const description = entry.bundled ? '' : entry.description;
  switch (cut.kind) {
    case 'full':
      return entry.capped
        ? {
            ...base,
            verdict: 'shortened',
            description,
            rule: 'listing.cap',
            reason: 'the agent cuts every description to its longest listed length',
          }
        : { ...base, verdict: 'shown', description };
    case 'cut':
      return {
        ...base,
        verdict: 'shortened',
        description: entry.bundled ? '' : cut.text,
        rule: 'budget',
        reason: `descriptions cut to fit the ${unit} budget`,
      };
    case 'name':
      return {
        ...base,
        verdict: 'name-only',
        description: '',
        rule: 'budget',
        reason: `listed by name only: the ${unit} budget is spent`,
      };
    case 'omitted':
      return {
        ...base,
        verdict: 'hidden',
        description: '',
        rule: 'budget',
        reason: `left out of the listing: the ${unit} budget is spent`,
      };
  }
}

interface Aliases {
  path(e: ListingEntry): string;
  readonly table: string;
  readonly overhead: number;
}

/** Codex writes paths against a table of its roots (`r0/pdf/SKILL.md`); the table costs budget too. */
function codexAliases(entries: readonly ListingEntry[], home: string): Aliases {
  const rootOf = (e: ListingEntry): string =>
    e.bundled ? `${posix(home)}/${CODEX_SYSTEM_ROOT}` : e.path.slice(0, e.path.length - e.inRoot.length - 1);
  const index = new Map<string, number>();
  for (const e of entries) if (!index.has(rootOf(e))) index.set(rootOf(e), index.size);
  const lines = [...index].map(([root, i]) => `- \`r${i}\` = \`${root}\``);
  const table = ['### Skill roots', ...lines].join('\n');
  return {
    path: (e) => `r${index.get(rootOf(e))}/${e.inRoot}`,
    table,
    // What Codex subtracts: the aliased body's cost less the plain body's, never below zero.
    overhead: Math.max(0, Math.ceil((utf8Bytes(table) + 1 + CODEX_ALIAS_PROSE) / 4)),
  };
}

/** Bytes the aliased listing's prose adds over the plain one: fitted so the five budget fixtures match exactly. */
const CODEX_ALIAS_PROSE = -180;
