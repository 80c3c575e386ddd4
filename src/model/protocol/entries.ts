/**
 * Resolved tool entries as the protocol types see them: the zod schema of a
 * `ResolvedToolEntry` (wire form, already snake_case) and the capability
 * summary that metadata and definitions derive from a list.
 */
import { once, zod } from '../zod.js';
import { ENTRY_KINDS, type CapabilitySummary, type EntryKind, type ResolvedToolEntry } from '../resolve.js';
import { NonEmpty } from './validate.js';

/**
 * One flattened tool, exactly the `ResolvedToolEntry` fields; unknown keys are rejected.
 *
 * @internal
 */
export const ResolvedToolEntrySchema = once(() => {
  const z = zod();
  return z.strictObject({
    key: NonEmpty(),
    kind: z.enum(ENTRY_KINDS),
    writes: z.boolean(),
    description: z.optional(z.string()),
    server: z.optional(NonEmpty()),
    tool: z.optional(NonEmpty()),
    path: z.optional(NonEmpty()),
    source: NonEmpty(),
  });
});

/**
 * A list of entries whose keys are unique (the resolver de-duplicates).
 *
 * @internal
 */
export const ResolvedToolListSchema = once(() => {
  const z = zod();
  return z.array(ResolvedToolEntrySchema()).check(
    z.superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const message = `duplicate entry key '${entry.key}'`;
        if (seen.has(entry.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message });
        seen.add(entry.key);
      });
    }),
  );
});

/** A frozen copy of one entry with only the fields that are set. */
export function freezeEntry(entry: ResolvedToolEntry): ResolvedToolEntry {
  const out: Record<string, unknown> = { key: entry.key, kind: entry.kind, writes: entry.writes };
  if (entry.description !== undefined) out['description'] = entry.description;
  if (entry.server !== undefined) out['server'] = entry.server;
  if (entry.tool !== undefined) out['tool'] = entry.tool;
  if (entry.path !== undefined) out['path'] = entry.path;
  out['source'] = entry.source;
  return Object.freeze(out) as unknown as ResolvedToolEntry;
}

/**
 * Capability summary of an entry list: count, writes (any entry writes),
 * read_only (= not writes; an empty list is read-only), source_types in
 * ENTRY_KINDS order.
 *
 * @example summarizeEntries([]) // { tool_count: 0, writes: false, read_only: true, source_types: [] }
 */
export function summarizeEntries(entries: readonly ResolvedToolEntry[]): CapabilitySummary {
  let writes = false;
  const kinds = new Set<EntryKind>();
  for (const entry of entries) {
    writes ||= entry.writes;
    kinds.add(entry.kind);
  }
  return Object.freeze({
    tool_count: entries.length,
    writes,
    read_only: !writes,
    source_types: Object.freeze(ENTRY_KINDS.filter((k) => kinds.has(k))),
  });
}
