// The routing pass needs every skill, so each validate shard records its skills' routing inputs and
// merge runs the pass over all of them, as the unsharded run would.
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { routingInputsFromJson, validateRouting, type RoutingInputJson } from './routing-io.js';
import { withRuleLevels } from '../report/levels.js';

export interface ShardRouting {
  readonly threshold: number | null;
  readonly levels: Readonly<Record<string, 'off' | 'info' | 'warning' | 'error'>>;
  readonly skills: readonly RoutingInputJson[];
}

interface EntryJson {
  valid: boolean;
  diagnostics: Record<string, unknown>[];
}

/** `file` only when it is not the entry's SKILL.md. */
function findingJson(d: Diagnostic, shown: string): Record<string, unknown> {
  const { code, severity, message, line, column, hint } = d;
  return { code, severity, message, ...(d.file !== shown ? { file: d.file } : {}), line, column, hint };
}

/** Add routing findings to the merged `entries` and counts to `summary` (shards without inputs stay as they are). */
export function mergeRouting(
  shards: readonly (ShardRouting | undefined)[],
  entries: unknown[],
  summary: Record<string, unknown>,
): void {
  if (shards.length === 0 || shards.some((s) => s === undefined)) return;
  const first = shards[0]!;
  const inputs = routingInputsFromJson(shards.flatMap((s) => s!.skills));
  const entryOf = new Map(inputs.map((i) => [i.skill.file, i.entry] as const));
  const found = validateRouting(inputs, first.threshold === null ? {} : { threshold: first.threshold });
  const levels = new Map(Object.entries(first.levels));
  for (const [shown, list] of found) {
    const position = entryOf.get(shown);
    const more = withRuleLevels(list, levels);
    if (position === undefined || more.length === 0) continue;
    const entry = entries[position] as EntryJson;
    const all = [
      ...entry.diagnostics.map(
        (d) => ({ ...d, file: (d.file as string | undefined) ?? shown }) as unknown as Diagnostic,
      ),
      ...more,
    ];
    entry.diagnostics = all.sort(compareDiagnostics).map((d) => findingJson(d, shown));
    for (const d of more)
      if (d.severity === 'error' || d.severity === 'warning')
        summary[`${d.severity}s`] = Number(summary[`${d.severity}s`]) + 1;
    if (entry.valid && more.some((d) => d.severity === 'error')) {
      entry.valid = false;
      summary.valid = Number(summary.valid) - 1;
      summary.invalid = Number(summary.invalid) + 1;
    }
  }
}
