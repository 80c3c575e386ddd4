// A sharded CI run gets every report one job would have made. What the JSON leaves out comes from
// the shard block; text excerpts are read from the checkout the merge runs in.
import { resolve } from 'node:path';
import { readRegularFile } from '../discover/safe-read.js';
import {
  SKIP_REASONS,
  type SkillReport,
  type SkipReason,
  type ValidateResult,
  type ValidateSummary,
} from './validate-path.js';
import type { ProfileName } from '../parse/profiles.js';
import type { FailOn } from '../report/formats.js';
import { SkillgraphError } from '../model/errors.js';
import { everyShardOnce } from './shard.js';
import { optionsDiffer } from './shard-options.js';
import { validateShardProblem } from './shard-shape.js';
import { mergeRouting, type ShardRouting } from './merge-routing.js';
import { validateRun, type ValidateRun, type ValidateView } from './validate.js';

export interface MergeGate {
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
  /** Read SKILL.md files with findings from this checkout, for the text report's excerpts. */
  readonly sources?: boolean;
}

interface ValidateShard {
  readonly skills: readonly unknown[];
  readonly summary: Readonly<Record<string, unknown>>;
  readonly shard: {
    readonly index: number;
    readonly count: number;
    readonly total: number;
    readonly positions: readonly number[];
    readonly shown: readonly (string | null)[];
    readonly root: string;
    readonly options: Readonly<Record<string, unknown>>;
  };
}

interface EntryJson {
  readonly dir: string;
  readonly file: string;
  readonly name: string | null;
  readonly valid: boolean;
  readonly skipped?: string;
  readonly diagnostics: readonly {
    code: string;
    severity: 'error' | 'warning' | 'info';
    message: string;
    file?: string;
    line: number;
    column: number;
    hint: string;
  }[];
}

/** A validate shard document, or a `usage` error naming the file. */
function shardOf(file: string, doc: unknown): ValidateShard {
  const not = (why?: string): never => {
    throw new SkillgraphError(
      'usage',
      `${file} is not the --json document of a 'validate --shard i/n' run${why ? `: ${why}` : ''}`,
    );
  };
  const d = doc as Partial<ValidateShard> | null;
  if (
    typeof d !== 'object' ||
    d === null ||
    !Array.isArray(d.skills) ||
    typeof d.summary !== 'object' ||
    d.summary === null
  )
    not();
  const problem = validateShardProblem(d!.shard, d!.skills);
  if (problem) not(problem);
  const s = d!.shard!;
  if (
    s.index > s.count ||
    s.positions.length !== d!.skills!.length ||
    s.shown.length !== s.positions.length ||
    s.positions.some((p) => p >= s.total)
  ) {
    not('its positions do not match its entries');
  }
  return d as ValidateShard;
}

/** Join validate shards into the unsharded run; the gate is the shards' unless `ask` overrides it. */
export function mergeValidate(
  parsed: readonly { readonly file: string; readonly doc: unknown }[],
  ask: MergeGate,
): ValidateRun {
  const docs = parsed.map(({ file, doc }) => ({ file, doc: shardOf(file, doc) }));
  const first = docs[0]!;
  const { count, total } = first.doc.shard;
  for (const { file, doc } of docs.slice(1)) {
    const why = optionsDiffer(file, doc.shard.options, first.file, first.doc.shard.options);
    if (why !== undefined) throw new SkillgraphError('usage', why);
  }
  everyShardOnce(docs, (file, shard) =>
    shard.count !== count || shard.total !== total
      ? `${file} is shard ${shard.index}/${shard.count} of a run of ${shard.total} entries; ` +
        `${first.file} is of ${count} shards and ${total} entries`
      : undefined,
  );
  const skills: unknown[] = new Array(total);
  const shown: (string | null)[] = new Array(total);
  const filled = new Uint8Array(total);
  for (const { file, doc } of docs) {
    doc.shard.positions.forEach((p, i) => {
      if (filled[p])
        throw new SkillgraphError('usage', `${file} repeats entry ${p} of the run: the shards are not of one run`);
      filled[p] = 1;
      skills[p] = doc.skills[i];
      shown[p] = doc.shard.shown[i]!;
    });
  }
  if (filled.includes(0)) {
    throw new SkillgraphError(
      'usage',
      `the shards hold ${filled.reduce((n, f) => n + f, 0)} of the run's ${total} entries: they are not of one run`,
    );
  }
  const summary = sumSummaries(docs.map((d) => d.doc.summary));
  mergeRouting(
    docs.map((d) => (d.doc.shard as { routing?: ShardRouting }).routing),
    skills,
    summary,
  );
  const o = first.doc.shard.options;
  const failOn = ask.failOn ?? (o.fail_on as FailOn);
  const maxWarnings = ask.maxWarnings ?? (o.max_warnings === null ? undefined : (o.max_warnings as number));
  const view: ValidateView = {
    paths: o.paths as string[],
    cwd: first.doc.shard.root,
    profile: o.profile as ProfileName,
    failOn,
  };
  const result = resultOf(skills as EntryJson[], shown, summary, ask.sources === true ? view.cwd : undefined);
  // JSON: the entries as the shards printed them (the unsharded run's bytes), the counts added up.
  return validateRun(result, view, maxWarnings !== undefined ? { maxWarnings } : {}, { skills, summary });
}

function resultOf(
  entries: readonly EntryJson[],
  shown: readonly (string | null)[],
  summary: Record<string, unknown>,
  sources: string | undefined,
): ValidateResult {
  const skills = entries.map((e, i): SkillReport => {
    const file = shown[i] ?? undefined;
    const diagnostics = e.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file ?? file ?? '',
      line: d.line,
      column: d.column,
      hint: d.hint,
    }));
    const source =
      sources !== undefined && file !== undefined && diagnostics.some((d) => d.line > 0)
        ? readSource(resolve(sources, file))
        : undefined;
    return {
      dir: e.dir,
      file: e.file,
      name: e.name,
      valid: e.valid,
      diagnostics: diagnostics as SkillReport['diagnostics'],
      ...(e.skipped !== undefined ? { skipped: e.skipped.replaceAll('_', '-') as SkipReason } : {}),
      ...(file !== undefined ? { shownFile: file } : {}),
      ...(source !== undefined ? { source } : {}),
    };
  });
  const by = (summary.skipped_by ?? {}) as Record<string, number>;
  const n = (key: string): number => Number(summary[key] ?? 0);
  const totals: ValidateSummary = {
    files: n('files'),
    skills: n('skills'),
    valid: n('valid'),
    invalid: n('invalid'),
    skipped: n('skipped'),
    skippedBy: Object.fromEntries(SKIP_REASONS.map((r) => [r, Number(by[r.replaceAll('-', '_')] ?? 0)])) as Record<
      SkipReason,
      number
    >,
    errors: n('errors'),
    warnings: n('warnings'),
  };
  return { skills, summary: totals };
}

/** As validate keeps it (files up to 1 MiB); undefined when it cannot be read. */
function readSource(path: string): string | undefined {
  const read = readRegularFile(path, 1024 * 1024, { followLinks: true });
  return read.ok ? new TextDecoder().decode(read.bytes) : undefined;
}

/** Counts of disjoint shards added key by key, nested maps too, in the first's key order. */
export function sumSummaries(summaries: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(summaries[0] ?? {})) {
    const values = summaries.map((s) => s[key]);
    out[key] = values.every((v) => typeof v === 'number')
      ? (values as number[]).reduce((a, b) => a + b, 0)
      : sumSummaries(values.map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})));
  }
  return out;
}
