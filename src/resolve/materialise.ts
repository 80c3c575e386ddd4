/**
 * Arena → objects, only on demand. The kernel's output stays in Int32Arrays;
 * an entry object is built once per occurrence and shared by every skill
 * whose list holds that occurrence, so a chain of 10,000 skills costs
 * 10,000 entry objects, not 50 million.
 */
import { ENTRY_KINDS, type CapabilitySummary, type EntryKind, type ResolvedToolEntry } from '../model/resolve.js';
import { FLAG_WRITES, KIND_BIT, type EncodedCatalog, type OccurrenceMeta } from './encode.js';
import type { ResolvedLists } from './lists.js';

const KIND_LISTS = new Map<number, readonly EntryKind[]>();

/**
 * The capability summary encoded by a node's summary bits.
 *
 * @example summaryFromBits(0, 0) // { tool_count: 0, writes: false, read_only: true, source_types: [] }
 */
export function summaryFromBits(count: number, bits: number): CapabilitySummary {
  const writes = (bits & FLAG_WRITES) !== 0;
  // Perf: at most 16 distinct kind sets, each built and frozen once, shared by every summary.
  const kindBits = bits & ~FLAG_WRITES;
  let source_types = KIND_LISTS.get(kindBits);
  if (!source_types) {
    source_types = Object.freeze(ENTRY_KINDS.filter((k) => (bits & KIND_BIT[k]) !== 0));
    KIND_LISTS.set(kindBits, source_types);
  }
  return Object.freeze({ tool_count: count, writes, read_only: !writes, source_types });
}

/**
 * Entry object with fields in wire order (key, kind, writes, description, server, tool, path, source).
 *
 * @example entryFromMeta(enc.occurrences[0]).key
 */
export function entryFromMeta(meta: OccurrenceMeta): ResolvedToolEntry {
  const entry: Record<string, unknown> = { key: meta.key, kind: meta.kind, writes: meta.writes };
  if (meta.description !== undefined) entry.description = meta.description;
  if (meta.server !== undefined) entry.server = meta.server;
  if (meta.tool !== undefined) entry.tool = meta.tool;
  if (meta.path !== undefined) entry.path = meta.path;
  entry.source = meta.source;
  return Object.freeze(entry) as unknown as ResolvedToolEntry;
}

/** Builds entry lists of resolved nodes from the arena (or its deltas). */
export interface Materialiser {
  entries(v: number): readonly ResolvedToolEntry[];
  /** Occurrence ids of node v's list, in order: a view valid until the next call. */
  occurrences(v: number): Int32Array;
  /** The (shared, frozen) entry object of one occurrence id. */
  entry(occ: number): ResolvedToolEntry;
}

/**
 * @example const lists = materialiser(enc, result); lists.entries(0);
 */
export function materialiser(enc: EncodedCatalog, res: ResolvedLists): Materialiser {
  const base = enc.graph.occCount;
  const derivedMeta: OccurrenceMeta[] = [];
  // Derived occurrences only ever refer to earlier ones, so one forward pass resolves them.
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
