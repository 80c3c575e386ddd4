import { once, zod } from '../zod.js';
import { ENTRY_KINDS, type CapabilitySummary, type EntryKind, type ResolvedToolEntry } from '../resolve.js';
import { NonEmpty } from './validate.js';

/** One flattened tool; unknown keys are rejected. @internal */
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

/** Entries with unique keys (the resolver de-duplicates). @internal */
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

/** Capability summary of an entry list (an empty list is read-only), `source_types` in ENTRY_KINDS order. */
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
