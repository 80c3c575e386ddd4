/**
 * The naive recursive reference resolver (small inputs only): a direct
 * reading of the resolution rules with a Map for de-duplication and the JS stack for
 * depth-first order. The fast backends must agree with it exactly.
 */
import type { Catalog } from '../../../src/model/catalog.js';
import type { SkillPackage } from '../../../src/model/package.js';
import type { CapabilitySummary, EntryKind, ResolvedToolEntry } from '../../../src/model/resolve.js';
import { failureMessage, type FailureType } from '../../../src/resolve/failures.js';

export interface NaiveResult {
  name: string;
  ok: boolean;
  entries: ResolvedToolEntry[];
  summary: CapabilitySummary;
  error?: { type: FailureType; message: string };
}

class Fail {
  readonly type: FailureType;
  readonly path: string[];
  readonly missing: string | undefined;
  constructor(type: FailureType, path: string[], missing?: string) {
    this.type = type;
    this.path = path;
    this.missing = missing;
  }
}

const KINDS: EntryKind[] = ['tool_ref', 'inline', 'mcp', 'agent_skill'];

function summarise(entries: ResolvedToolEntry[]): CapabilitySummary {
  const writes = entries.some((e) => e.writes);
  return {
    tool_count: entries.length,
    writes,
    read_only: !writes,
    source_types: KINDS.filter((k) => entries.some((e) => e.kind === k)),
  };
}

function entry(fields: Omit<ResolvedToolEntry, 'source'>, source: string): ResolvedToolEntry {
  const out: Record<string, unknown> = { key: fields.key, kind: fields.kind, writes: fields.writes };
  for (const k of ['description', 'server', 'tool', 'path'] as const) if (fields[k] !== undefined) out[k] = fields[k];
  out.source = source;
  return out as unknown as ResolvedToolEntry;
}

/** Resolve `name` (bare or `scope/name`) the slow, obvious way. */
export function naiveResolve(catalog: Catalog, name: string): NaiveResult {
  const slash = name.indexOf('/');
  const root = slash < 0 ? catalog.get(name) : catalog.getScoped(name.slice(0, slash), name.slice(slash + 1));
  const empty = summarise([]);
  if (!root)
    return {
      name,
      ok: false,
      entries: [],
      summary: empty,
      error: { type: 'skill_not_found', message: `unknown skill '${name}'` },
    };
  const label = (p: SkillPackage): string =>
    catalog.get(p.descriptor.name) === p ? p.descriptor.name : p.descriptor.id;
  const stack: SkillPackage[] = [];
  const rec = (pkg: SkillPackage): ResolvedToolEntry[] => {
    if (stack.includes(pkg)) throw new Fail('cycle_detected', [...stack, pkg].map(label));
    stack.push(pkg);
    const out = new Map<string, ResolvedToolEntry>();
    const add = (e: ResolvedToolEntry): void => void out.set(e.key, e); // Map.set keeps the first position
    for (const inc of pkg.composition.includes) {
      const target = inc.scope === undefined ? catalog.get(inc.skill) : catalog.getScoped(inc.scope, inc.skill);
      if (!target)
        throw new Fail(
          'skill_not_found',
          stack.map(label),
          inc.scope === undefined ? inc.skill : `${inc.scope}/${inc.skill}`,
        );
      for (const e of rec(target)) {
        const ov = inc.overrides[e.key];
        if (!ov) add(e);
        else {
          const { source, ...rest } = e;
          const description = ov.description ?? e.description;
          add(
            entry(
              { ...rest, writes: ov.writes ?? e.writes, ...(description === undefined ? {} : { description }) },
              source,
            ),
          );
        }
      }
    }
    const me = label(pkg);
    const c = pkg.composition;
    for (const t of c.tools)
      add(
        entry(
          {
            key: t.name,
            kind: 'tool_ref',
            writes: t.writes,
            ...(t.description === undefined ? {} : { description: t.description }),
          },
          me,
        ),
      );
    c.inlineTools.forEach((t, i) =>
      add(
        entry(
          { key: `${pkg.descriptor.name}/_anon_${i}`, kind: 'inline', writes: t.writes, description: t.description },
          me,
        ),
      ),
    );
    for (const m of c.mcp) {
      for (const t of m.tools) {
        add(
          entry(
            {
              key: `mcp:${m.server}/${t.name}`,
              kind: 'mcp',
              writes: t.writes,
              ...(t.description === undefined ? {} : { description: t.description }),
              server: m.server,
              tool: t.name,
            },
            me,
          ),
        );
      }
    }
    for (const p of c.agentSkills)
      add(entry({ key: `agent_skill:${p}`, kind: 'agent_skill', writes: false, path: p }, me));
    stack.pop();
    return [...out.values()];
  };
  try {
    const entries = rec(root);
    return { name, ok: true, entries, summary: summarise(entries) };
  } catch (error) {
    if (!(error instanceof Fail)) throw error;
    return {
      name,
      ok: false,
      entries: [],
      summary: empty,
      error: { type: error.type, message: failureMessage(error.type, error.path, error.missing) },
    };
  }
}
