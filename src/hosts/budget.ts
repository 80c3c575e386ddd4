// How each agent fits its listing into its budget, as measured, counted in the agent's own unit.
import { displayWidth } from '../model/width.js';
import type { ListingEntry } from './order.js';
import type { HostBudget } from './types.js';

/** What the budget did to one entry: the description shown ('' for a name alone), or left out. */
export type Cut =
  | { readonly kind: 'full' }
  | { readonly kind: 'cut'; readonly text: string }
  | { readonly kind: 'name' }
  | { readonly kind: 'omitted' };

export interface BudgetOutcome {
  readonly cuts: readonly Cut[];
  /** In the budget's unit. */
  readonly used: number;
  readonly namesUsed?: number;
}

/** `tokens` comes from the caller: a real tokenizer, loaded only when needed. */
export type Measure = (text: string) => number;

/** UTF-8 length of `text` without a Buffer (this stage runs anywhere). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export function measureFor(unit: HostBudget['unit'], tokens?: Measure): Measure {
  if (unit === 'columns') return displayWidth;
  if (unit === 'chars') return (t) => t.length;
  if (unit === 'approx-tokens') return (t) => Math.ceil(utf8Bytes(t) / 4);
  if (!tokens) return (t) => Math.ceil(utf8Bytes(t) / 4);
  return tokens;
}

/** An entry per strategy: the whole line, and the line with `description` in its place. */
export interface LineShape {
  line(entry: ListingEntry, description: string | null): string;
}

/** Whole descriptions by priority (own skills, listing order, built-ins last) while they fit; the rest by name. */
export function namesAfterBudget(
  entries: readonly ListingEntry[],
  budget: HostBudget,
  shape: LineShape,
  measure: Measure,
): BudgetOutcome {
  const full = entries.map((e) => measure(shape.line(e, e.description)));
  const bare = entries.map((e) => measure(shape.line(e, null)));
  const joins = Math.max(0, entries.length - 1);
  const total = full.reduce((a, b) => a + b, joins);
  if (total <= budget.limit) return { cuts: entries.map(() => ({ kind: 'full' })), used: total };
  const rank = (e: ListingEntry): number => (e.bundled === null ? 1 : e.bundled.lowPriority ? 2 : 0);
  const priority = entries.map((_, i) => i).sort((a, b) => rank(entries[a]!) - rank(entries[b]!) || a - b);
  const cuts: Cut[] = entries.map(() => ({ kind: 'name' }));
  let used = bare.reduce((a, b) => a + b, joins);
  for (const i of priority) {
    const extra = full[i]! - bare[i]!;
    if (used + extra > budget.limit) continue;
    used += extra;
    cuts[i] = { kind: 'full' };
  }
  return { cuts, used };
}

/** Descriptions cut evenly a character at a time; when bare names do not fit, the rest are left out. */
export function evenCutThenOmit(
  entries: readonly ListingEntry[],
  budget: HostBudget,
  shape: LineShape,
  overhead: number,
): BudgetOutcome {
  const limit = Math.max(0, budget.limit - overhead);
  const cost = (bytes: number): number => Math.ceil(bytes / 4);
  const lineBytes = (e: ListingEntry, d: string | null): number => utf8Bytes(shape.line(e, d)) + 1;
  const fullCost = entries.reduce((a, e) => a + cost(lineBytes(e, e.description)), 0);
  if (fullCost <= limit) return { cuts: entries.map(() => ({ kind: 'full' })), used: fullCost + overhead };
  const bareBytes = entries.map((e) => lineBytes(e, null));
  const bareCost = bareBytes.reduce((a, b) => a + cost(b), 0);
  if (bareCost > limit) {
    let used = 0;
    const cuts = entries.map((_, i): Cut => {
      const c = cost(bareBytes[i]!);
      if (used + c > limit) return { kind: 'omitted' };
      used += c;
      return { kind: 'name' };
    });
    return { cuts, used: used + overhead };
  }
  return evenCut(entries, bareBytes, limit - bareCost, bareCost + overhead);
}

function evenCut(
  entries: readonly ListingEntry[],
  bareBytes: readonly number[],
  room: number,
  base: number,
): BudgetOutcome {
  const cost = (bytes: number): number => Math.ceil(bytes / 4);
  // Perf: each description's characters and their UTF-8 prefix sizes, once.
  const chars = entries.map((e) => [...e.description]);
  const prefix = chars.map((cs) => {
    const out = [0];
    for (const c of cs) out.push(out.at(-1)! + utf8Bytes(c));
    return out;
  });
  const extra = (i: number, k: number): number =>
    k === 0 ? 0 : cost(bareBytes[i]! + 1 + prefix[i]![k]!) - cost(bareBytes[i]!);
  const given = entries.map(() => 0);
  let left = room;
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < entries.length; i++) {
      if (given[i]! >= chars[i]!.length) continue;
      const delta = extra(i, given[i]! + 1) - extra(i, given[i]!);
      if (delta > left) continue;
      given[i]! += 1;
      left -= delta;
      changed = true;
    }
  }
  const cuts = entries.map((_, i): Cut => {
    const k = given[i]!;
    if (k >= chars[i]!.length) return { kind: 'full' };
    return k === 0 ? { kind: 'name' } : { kind: 'cut', text: chars[i]!.slice(0, k).join('') };
  });
  return { cuts, used: base + room - left };
}

/** Descriptions while they fit `limit`; then names after a lead-in while they fit `namesLimit`; then nothing. */
export function descriptionsThenNames(
  entries: readonly ListingEntry[],
  budget: HostBudget,
  shape: LineShape,
  leadIn: string,
  measure: Measure,
): BudgetOutcome {
  const cuts: Cut[] = [];
  let used = 0;
  let i = 0;
  for (; i < entries.length; i++) {
    const size = measure(shape.line(entries[i]!, entries[i]!.description));
    if (used + size > budget.limit) break;
    used += size;
    cuts.push({ kind: 'full' });
  }
  let names = measure(leadIn);
  let first = true;
  for (; i < entries.length; i++) {
    const size = measure(`${first ? '' : ', '}${shape.line(entries[i]!, null)}`);
    if (names + size > (budget.namesLimit ?? Infinity)) break;
    names += size;
    first = false;
    cuts.push({ kind: 'name' });
  }
  for (; i < entries.length; i++) cuts.push({ kind: 'omitted' });
  return { cuts, used, namesUsed: first ? 0 : names };
}
