// Field names are the wire names of `--json` output, hence snake_case.
import type { SkillDependencies } from './package.js';

export const ENTRY_KINDS = ['tool_ref', 'inline', 'mcp', 'agent_skill'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** One flattened tool of a skill. `source` names the skill whose occurrence supplied the metadata. */
export interface ResolvedToolEntry {
  readonly key: string;
  readonly kind: EntryKind;
  readonly writes: boolean;
  readonly description?: string;
  readonly server?: string;
  readonly tool?: string;
  readonly path?: string;
  readonly source: string;
}

/** Capability summary of one skill. */
export interface CapabilitySummary {
  readonly tool_count: number;
  readonly writes: boolean;
  readonly read_only: boolean;
  /** Sorted in ENTRY_KINDS order. */
  readonly source_types: readonly EntryKind[];
  /** Absent when nothing is declared. */
  readonly dependencies?: SkillDependencies;
}
