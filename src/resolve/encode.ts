// Catalog → CSR include graph. Nodes are the requested roots, then what they reach breadth-first, so
// one skill's resolution encodes only its closure. A scope pin may reach a shadowed package: it is
// a node of its own, labelled `scope/name`.
import type { ResolveGraph } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import type { IncludeSpec, SkillPackage, ToolOverride } from '../model/package.js';
import type { EntryKind, ResolvedToolEntry } from '../model/resolve.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Flag bits of an occurrence (shared with assembly/resolve.ts). */
export const FLAG_WRITES = 1;
export const KIND_BIT: Readonly<Record<EntryKind, number>> = Object.freeze({
  tool_ref: 1 << 1,
  inline: 1 << 2,
  mcp: 1 << 3,
  agent_skill: 1 << 4,
});

export type OccurrenceMeta = ResolvedToolEntry;

export interface EncodedCatalog {
  readonly graph: ResolveGraph;
  readonly nodes: readonly SkillPackage[];
  /** Name, or `scope/name` for a shadowed package. */
  readonly labels: readonly string[];
  readonly edgeLabels: readonly string[];
  /** -1 when the catalog has no such skill. */
  readonly roots: readonly number[];
  readonly occurrences: readonly OccurrenceMeta[];
  readonly overrides: readonly ToolOverride[];
  readonly overrideKeys: readonly string[];
}

/** `scope/name` pins a scope; a bare name goes through precedence. */
export function lookupSkill(catalog: Catalog, ref: string): SkillPackage | undefined {
  const slash = ref.indexOf('/');
  return slash < 0 ? catalog.get(ref) : catalog.getScoped(ref.slice(0, slash), ref.slice(slash + 1));
}

function lookupInclude(catalog: Catalog, spec: IncludeSpec): SkillPackage | undefined {
  return spec.scope === undefined ? catalog.get(spec.skill) : catalog.getScoped(spec.scope, spec.skill);
}

class IntList {
  data = new Int32Array(64);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

export interface EncodeOptions {
  /** The graph only, no occurrence metadata: enough for statuses, list lengths and summaries. */
  readonly graphOnly?: boolean;
}

/** Encode the include graph reachable from `rootRefs` (every catalog skill when omitted). */
export function encodeCatalog(
  catalog: Catalog,
  rootRefs?: readonly string[],
  options: EncodeOptions = {},
): EncodedCatalog {
  const full = options.graphOnly !== true;
  const nodes: SkillPackage[] = [];
  const ids = new Map<SkillPackage, number>();
  const nodeOf = (pkg: SkillPackage): number => {
    let id = ids.get(pkg);
    if (id === undefined) {
      id = nodes.length;
      ids.set(pkg, id);
      nodes.push(pkg);
    }
    return id;
  };
  const skills = catalog.skills;
  const roots = new Array<number>(rootRefs ? rootRefs.length : skills.length);
  for (let i = 0; i < roots.length; i++) {
    const pkg = lookupSkill(catalog, rootRefs ? rootRefs[i]! : skills[i]!.descriptor.name);
    roots[i] = pkg ? nodeOf(pkg) : -1;
  }

  const entryIds = new Map<string, number>();
  const intern = (key: string): number => {
    let id = entryIds.get(key);
    if (id === undefined) {
      id = entryIds.size;
      entryIds.set(key, id);
    }
    return id;
  };
  const labels: string[] = [];
  const edgeLabels: string[] = [];
  const occurrences: OccurrenceMeta[] = [];
  const overrides: ToolOverride[] = [];
  const overrideKeys: string[] = [];
  const edgeOffsets = new IntList();
  const edgeTarget = new IntList();
  const edgeOverride = new IntList();
  const ownOffsets = new IntList();
  const ownOcc = new IntList();
  const ovOffsets = new IntList();
  const ovEntry = new IntList();
  const ovWrites = new IntList();
  const occEntry = new IntList();
  const occFlags = new IntList();
  ovOffsets.push(0);

  let occCount = 0;
  const own = (key: string, kind: EntryKind, writes: boolean): void => {
    ownOcc.push(occCount++);
    occEntry.push(intern(key));
    occFlags.push((writes ? FLAG_WRITES : 0) | KIND_BIT[kind]);
  };

  // `nodes` grows while we walk it: a breadth-first queue without recursion.
  for (let n = 0; n < nodes.length; n++) {
    const pkg = nodes[n]!;
    const name = pkg.descriptor.name;
    const label = full ? (catalog.get(name) === pkg ? name : pkg.descriptor.id) : '';
    if (full) labels.push(label);
    const c = pkg.composition;
    edgeOffsets.push(edgeTarget.length);
    // Perf: indexed loops; a for…of makes an iterator per list, and most lists are empty.
    for (let j = 0; j < c.includes.length; j++) {
      const inc = c.includes[j]!;
      const target = lookupInclude(catalog, inc);
      edgeTarget.push(target ? nodeOf(target) : -1);
      if (full) edgeLabels.push(inc.scope === undefined ? inc.skill : `${inc.scope}/${inc.skill}`);
      const keys = Object.keys(inc.overrides);
      if (keys.length === 0) {
        edgeOverride.push(-1);
        continue;
      }
      edgeOverride.push(ovOffsets.length - 1);
      for (const key of keys.sort()) {
        const ov = inc.overrides[key]!;
        ovEntry.push(intern(key));
        ovWrites.push(ov.writes === undefined ? -1 : ov.writes ? 1 : 0);
        if (full) {
          overrides.push(ov);
          overrideKeys.push(key);
        }
      }
      ovOffsets.push(ovEntry.length);
    }
    ownOffsets.push(ownOcc.length);
    // Perf: written field by field (no spreads): this runs once per own item of every skill.
    for (let j = 0; j < c.tools.length; j++) {
      const t = c.tools[j]!;
      own(t.name, 'tool_ref', t.writes);
      if (!full) continue;
      const meta: Mutable<OccurrenceMeta> = { key: t.name, kind: 'tool_ref', writes: t.writes, source: label };
      if (t.description !== undefined) meta.description = t.description;
      occurrences.push(meta);
    }
    for (let i = 0; i < c.inlineTools.length; i++) {
      const t = c.inlineTools[i]!;
      const key = t.name === undefined ? `${name}/_anon_${i}` : `${name}/${t.name}`;
      own(key, 'inline', t.writes);
      if (full) occurrences.push({ key, kind: 'inline', writes: t.writes, description: t.description, source: label });
    }
    for (let j = 0; j < c.mcp.length; j++) {
      const m = c.mcp[j]!;
      for (let k = 0; k < m.tools.length; k++) {
        const t = m.tools[k]!;
        const key = `mcp:${m.server}/${t.name}`;
        own(key, 'mcp', t.writes);
        if (!full) continue;
        const meta: Mutable<OccurrenceMeta> = {
          key,
          kind: 'mcp',
          writes: t.writes,
          server: m.server,
          tool: t.name,
          source: label,
        };
        if (t.description !== undefined) meta.description = t.description;
        occurrences.push(meta);
      }
    }
    for (let j = 0; j < c.agentSkills.length; j++) {
      const path = c.agentSkills[j]!;
      const key = `agent_skill:${path}`;
      own(key, 'agent_skill', false);
      if (full) occurrences.push({ key, kind: 'agent_skill', writes: false, path, source: label });
    }
  }
  edgeOffsets.push(edgeTarget.length);
  ownOffsets.push(ownOcc.length);

  const graph: ResolveGraph = {
    nodeCount: nodes.length,
    entryCount: entryIds.size,
    occCount,
    edgeOffsets: edgeOffsets.done(),
    edgeTarget: edgeTarget.done(),
    edgeOverride: edgeOverride.done(),
    ownOffsets: ownOffsets.done(),
    ownOcc: ownOcc.done(),
    ovOffsets: ovOffsets.done(),
    ovEntry: ovEntry.done(),
    ovWrites: ovWrites.done(),
    occEntry: occEntry.done(),
    occFlags: occFlags.done(),
  };
  return { graph, nodes, labels, edgeLabels, roots, occurrences, overrides, overrideKeys };
}

/** Upper bound on derived occurrences: each key of an edge's override set hits at most once. */
export function derivedCapacity(graph: ResolveGraph): number {
  let total = 0;
  for (let e = 0; e < graph.edgeOverride.length; e++) {
    const s = graph.edgeOverride[e]!;
    if (s >= 0) total += graph.ovOffsets[s + 1]! - graph.ovOffsets[s]!;
  }
  return total;
}
