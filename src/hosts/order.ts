import { byteOrder } from '../model/order.js';
import type { BundledSkill, HostListing, HostModel } from './types.js';

/** One of the user's winners, or a skill the agent ships. */
export interface ListingEntry {
  /** -1 for a bundled skill. */
  readonly candidate: number;
  readonly name: string;
  /** Folded, capped and replaced, before any budget. */
  readonly description: string;
  /** The agent's own cap already cut it. */
  readonly capped: boolean;
  readonly bundled: BundledSkill | null;
  readonly scope: 'project' | 'user' | 'bundled';
  /** Load order: root index, then the place in the root. */
  readonly root: number;
  readonly level: number;
  readonly inRoot: string;
  readonly path: string;
}

/** The description text a listing shows, before any budget. */
export function listedDescription(listing: HostListing, raw: string): { text: string; capped: boolean } {
  let text = raw;
  if (listing.text === 'fold') text = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  else if (listing.text === 'trim') text = text.trim();
  let capped = false;
  if (listing.cap && [...text].length > listing.cap.length) {
    const keep = listing.cap.length - listing.cap.ellipsis.length;
    text = `${[...text].slice(0, keep).join('')}${listing.cap.ellipsis}`;
    capped = true;
  }
  for (const [from, to] of listing.escape ?? []) text = text.split(from).join(to);
  return { text, capped };
}

/** Copilot writes spaces as hyphens. */
export function listedName(listing: HostListing, name: string): string {
  return listing.nameSpaces === undefined ? name : name.replace(/ /g, listing.nameSpaces);
}

let collator: Intl.Collator | undefined;
/** Perf: one collator, made on first use. */
const locale = (a: string, b: string): number => (collator ??= new Intl.Collator('en')).compare(a, b);

// Within a root, names in collation order (Claude Code lists `c-cjk` before `c-Mixed-Folder`).
const byLoad = (a: ListingEntry, b: ListingEntry): number =>
  a.root - b.root || locale(a.name, b.name) || byteOrder(a.inRoot, b.inRoot);

/** `entries` in the order `model` lists them, bundled skills placed as it places them. */
export function orderEntries(model: HostModel, entries: readonly ListingEntry[]): ListingEntry[] {
  const own = entries.filter((e) => e.bundled === null);
  const bundled = entries.filter((e) => e.bundled !== null);
  const order = model.listing.order;
  if (order === 'locale') return [...entries].sort((a, b) => locale(a.name, b.name) || byteOrder(a.path, b.path));
  if (order === 'name') return [...entries].sort((a, b) => byteOrder(a.name, b.name) || byteOrder(a.path, b.path));
  let sorted: ListingEntry[];
  if (order === 'scope-name') {
    const rank = (e: ListingEntry): number => (e.scope === 'project' ? 0 : 1);
    sorted = [...own].sort((a, b) => rank(a) - rank(b) || byteOrder(a.name, b.name) || byteOrder(a.path, b.path));
  } else if (order === 'copilot') sorted = copilotOrder(own);
  else sorted = [...own].sort(byLoad);
  return model.listing.bundledAt === 'start' ? [...bundled, ...sorted] : [...sorted, ...bundled];
}

// As measured: from the repository top, project skills by name across folders; below it, grouped by
// folder kind, nearest first. User skills follow, by folder.
function copilotOrder(own: readonly ListingEntry[]): ListingEntry[] {
  const project = own.filter((e) => e.scope === 'project');
  const user = own.filter((e) => e.scope === 'user').sort(byLoad);
  const oneLevel = new Set(project.map((e) => e.level)).size <= 1;
  const sortedProject = oneLevel
    ? [...project].sort((a, b) => byteOrder(a.name, b.name) || byLoad(a, b))
    : [...project].sort(byLoad);
  return [...sortedProject, ...user];
}
