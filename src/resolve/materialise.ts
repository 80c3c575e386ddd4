// Arena → objects on demand: one entry object per occurrence, shared by every list holding it, so a
// chain of 10,000 skills makes 10,000 entries, not 50 million.
import { ENTRY_KINDS, type CapabilitySummary, type EntryKind, type ResolvedToolEntry } from '../model/resolve.js';
import { FLAG_WRITES, KIND_BIT, type EncodedCatalog, type OccurrenceMeta } from './encode.js';
import type { ResolvedLists } from './lists.js';

const KIND_LISTS = new Map<number, readonly EntryKind[]>();

/** The capability summary encoded by a node's summary bits. */
export function summaryFromBits(count: number, bits: number): CapabilitySummary {
  const writes = (bits & FLAG_WRITES) !== 0;
  // Perf: at most 16 kind sets, each frozen once and shared.
  const kindBits = bits & ~FLAG_WRITES;
  let source_types = KIND_LISTS.get(kindBits);
  if (!source_types) {
    source_types = Object.freeze(ENTRY_KINDS.filter((k) => (bits & KIND_BIT[k]) !== 0));
    KIND_LISTS.set(kindBits, source_types);
  }
  return Object.freeze({ tool_count: count, writes, read_only: !writes, source_types });
}

/** Entry object with fields in wire order. */
export function entryFromMeta(meta: OccurrenceMeta): ResolvedToolEntry {
  const entry: Record<string, unknown> = { key: meta.key, kind: meta.kind, writes: meta.writes };
  if (meta.description !== undefined) entry.description = meta.description;
  if (meta.server !== undefined) entry.server = meta.server;
  if (meta.tool !== undefined) entry.tool = meta.tool;
  if (meta.path !== undefined) entry.path = meta.path;
  entry.source = meta.source;
  return Object.freeze(entry) as unknown as ResolvedToolEntry;
}

export interface Materialiser {
  entries(v: number): readonly ResolvedToolEntry[];
  /** A view valid until the next call. */
  occurrences(v: number): Int32Array;
  entry(occ: number): ResolvedToolEntry;
}

export function materialiser(enc: EncodedCatalog, res: ResolvedLists): Materialiser {
  const base = enc.graph.occCount;
  const derivedMeta: OccurrenceMeta[] = [];
  // Derived occurrences only refer to earlier ones, so one forward pass resolves them.
  for (let d = 0; d < res.derivedBase.length; d++) {
    const from = res.derivedBase[d]!;
    const meta = from < base ? enc.occurrences[from]! : derivedMeta[from - base]!;
    const rec = res.derivedRecord[d]!;
    const w = enc.graph.ovWrites[rec]!;
    const ov = enc.overrides[rec]!;
    const { description: _old, source, ...rest } = meta;
    const description = ov.description ?? meta.description;
    derivedMeta.push({
      ...rest,
      writes: w < 0 ? meta.writes : w === 1,
      ...(description === undefined ? {} : { description }),
      source,
    });
  }
  const objects = new Map<number, ResolvedToolEntry>();
  const objectOf = (occ: number): ResolvedToolEntry => {
    let entry = objects.get(occ);
    if (!entry) {
      entry = entryFromMeta(occ < base ? enc.occurrences[occ]! : derivedMeta[occ - base]!);
      objects.set(occ, entry);
    }
    return entry;
  };
  let buffer = new Int32Array(64);
  const occurrences = (v: number): Int32Array => {
    const count = res.listLength[v]!;
    if (count > buffer.length) buffer = new Int32Array(Math.max(count, buffer.length * 2));
    res.fill(v, buffer);
    return buffer.subarray(0, count);
  };
  return {
    entries(v: number): readonly ResolvedToolEntry[] {
      const occ = occurrences(v);
      const list = new Array<ResolvedToolEntry>(occ.length);
      for (let i = 0; i < occ.length; i++) list[i] = objectOf(occ[i]!);
      return Object.freeze(list);
    },
    occurrences,
    entry: objectOf,
  };
}
