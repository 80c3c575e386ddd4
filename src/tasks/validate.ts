import { posix } from 'node:path';
import { toPosix } from '../discover/paths.js';
import type { Diagnostic, Severity } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { PROFILES, type ProfileName, type UnicodePolicy } from '../parse/profiles.js';
import type { FailOn, ReportFormat } from '../report/formats.js';
import { gate, type GateResult } from '../report/gate.js';
import { reportText, textReport } from '../report/index.js';
import { withRuleLevels, type RuleLevel } from '../report/levels.js';
import { buildReport, type Report } from '../report/model.js';
import { RULE_DESCRIPTIONS } from '../report/rules.js';
import { jsonDocument } from '../report/json.js';
import { DEFAULT_COLUMNS } from '../model/width.js';
import type { TaskStatus } from './catalog.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { auditParsers } from './audit-path.js';
import { routingInputsJson } from './routing-io.js';
import { shardOf, type Shard } from './shard.js';
import {
  SKIP_REASONS,
  validatePath,
  type SkillReport,
  type SkipReason,
  type ValidateMemo,
  type ValidateResult,
  type ValidateSummary,
} from './validate-path.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface ValidateTaskOptions {
  /** Relative to `cwd`; none gives an empty run. */
  readonly paths: readonly string[];
  readonly cwd?: string;
  readonly profile?: ProfileName;
  /** Defaults to the profile's. */
  readonly unicode?: UnicodePolicy;
  /** Per-rule severities, in order (a config file's `rules`): `off` drops a rule's findings. */
  readonly rules?: readonly { readonly code: string; readonly level: RuleLevel }[];
  /** Default 0.6. */
  readonly overlapThreshold?: number;
  /** What fails the gate: errors (default), or warnings too. */
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
  /** A stable split by path; the document then carries the shard block merge needs. */
  readonly shard?: Shard;
  /** `findings` keeps no package or text (the text report's excerpts need them). */
  readonly keep?: 'all' | 'findings';
  /** Reports kept from an earlier run (watch mode). */
  readonly memo?: ValidateMemo;
  /** Default: the engine's, loaded when the profile audits. */
  readonly parsers?: CodeParsers;
}

/** What every format of the run's report needs besides the result. */
export interface ValidateView {
  readonly paths: readonly string[];
  /** The SARIF source root. */
  readonly cwd: string;
  readonly profile: ProfileName;
  readonly failOn: FailOn;
  readonly shard?: Record<string, unknown>;
}

export interface ValidateRun {
  readonly result: ValidateResult;
  readonly view: ValidateView;
  readonly gate: GateResult;
  readonly status: TaskStatus;
  /** Without `schemaVersion`; built on first read. */
  readonly document: Record<string, unknown>;
  /** One unit per SKILL.md; built on first read. */
  readonly report: Report;
}

const VALIDATE_TASK_KEYS = optionKeys<ValidateTaskOptions>('validateTask', {
  paths: true,
  cwd: true,
  profile: true,
  unicode: true,
  rules: true,
  overlapThreshold: true,
  failOn: true,
  maxWarnings: true,
  shard: true,
  keep: true,
  memo: true,
  parsers: true,
});

/** Lint every SKILL.md under `options.paths`, apply the config's severities, route, and gate. */
export async function validateTask(options: ValidateTaskOptions): Promise<ValidateRun> {
  checkOptionKeys(options, VALIDATE_TASK_KEYS);
  const cwd = options.cwd ?? process.cwd();
  const profile = options.profile ?? 'skillgraph';
  const failOn = options.failOn ?? 'error';
  const rules = options.rules ?? [];
  for (const r of rules) {
    if (!Object.hasOwn(RULE_DESCRIPTIONS, r.code))
      throw new SkillgraphError('options.invalid', `validate option 'rules' names an unknown rule '${r.code}'`, {
        field: 'rules',
      });
  }
  const levels = new Map(rules.map((r) => [r.code, r.level]));
  const shard = options.shard;
  const view: ValidateView = { paths: [...options.paths], cwd, profile, failOn };
  if (options.paths.length === 0) return validateRun(emptyResult(), view, options);
  const parsers = options.parsers ?? (PROFILES[profile]?.features.audit ? await auditParsers() : undefined);
  const result = withConfigRules(
    validatePath(options.paths, {
      profile,
      cwd,
      keep: options.keep ?? 'all',
      ...(options.overlapThreshold !== undefined ? { routing: { threshold: options.overlapThreshold } } : {}),
      ...(options.unicode !== undefined ? { unicode: options.unicode } : {}),
      ...(shard
        ? { inShard: (path: string) => shardOf(path, shard.count) === shard.index, firstShard: shard.index === 1 }
        : {}),
      ...(options.memo ? { memo: options.memo } : {}),
      ...(parsers ? { parsers } : {}),
    }),
    levels,
  );
  if (!shard) return validateRun(result, view, options);
  const shardOptions = {
    profile,
    unicode: options.unicode ?? null,
    rules: rules.map((r) => ({ code: r.code, level: r.level })),
    paths: view.paths,
    fail_on: failOn,
    max_warnings: options.maxWarnings ?? null,
    overlap_threshold: options.overlapThreshold ?? null,
  };
  return validateRun(result, { ...view, shard: shardJson(shard, result, cwd, shardOptions, levels) }, options);
}

/** A run of `result`: the gate over its findings, documents on first read (or given, as merge joins them). */
export function validateRun(
  result: ValidateResult,
  view: ValidateView,
  limits: { readonly maxWarnings?: number } = {},
  given?: Record<string, unknown>,
): ValidateRun {
  const verdict = gate(
    result.skills.flatMap((s) => s.diagnostics),
    { failOn: view.failOn, ...(limits.maxWarnings !== undefined ? { maxWarnings: limits.maxWarnings } : {}) },
  );
  let document = given;
  let report: Report | undefined;
  return {
    result,
    view,
    gate: verdict,
    status: verdict.passed ? 0 : 1,
    get document(): Record<string, unknown> {
      return (document ??= validateDocument(result, view));
    },
    get report(): Report {
      return (report ??= validateReport(result, view.paths, view.cwd, view.profile));
    },
  };
}

export interface Screen {
  readonly color: boolean;
  readonly width: number;
}

/** The run's report in `format`; text is laid out for `screen` (default: no colour, 80 columns). */
export function validateOutput(
  format: ReportFormat,
  result: ValidateResult,
  view: ValidateView,
  screen?: Screen,
): string {
  if (format === 'json') return jsonDocument(validateDocument(result, view));
  const report = validateReport(result, view.paths, view.cwd, view.profile);
  if (format !== 'text') return reportText(format, report, view.failOn === 'warning' ? 'warning' : 'error');
  const sources = new Map(result.skills.map((s) => [s.diagnostics[0]?.file, s.source?.split('\n')]));
  return textReport(report, screen?.color ?? false, (file) => sources.get(file), screen?.width ?? DEFAULT_COLUMNS);
}

function validateDocument(result: ValidateResult, view: ValidateView): Record<string, unknown> {
  return {
    skills: result.skills.map(skillJson),
    summary: summaryJson(result.summary),
    ...(view.shard ? { shard: view.shard } : {}),
  };
}

function skillJson(s: SkillReport): Record<string, unknown> {
  return {
    dir: s.dir,
    file: s.file,
    name: s.name,
    valid: s.valid,
    ...(s.skipped ? { skipped: s.skipped.replaceAll('-', '_') } : {}),
    ...(s.linkTo !== undefined ? { link_to: s.linkTo } : {}),
    // A finding about another file of the skill (the security profile's) names that file.
    diagnostics: s.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      ...(s.shownFile !== undefined && d.file !== s.shownFile ? { file: d.file } : {}),
      line: d.line,
      column: d.column,
      hint: d.hint,
    })),
  };
}

export function summaryJson(summary: ValidateSummary): Record<string, unknown> {
  const skippedBy = Object.fromEntries(SKIP_REASONS.map((r) => [r.replaceAll('-', '_'), summary.skippedBy[r]]));
  const { files, skills, valid, invalid, skipped, errors, warnings } = summary;
  return { files, skills, valid, invalid, skipped, skipped_by: skippedBy, errors, warnings };
}

function emptyResult(): ValidateResult {
  return {
    skills: [],
    summary: {
      files: 0,
      skills: 0,
      valid: 0,
      invalid: 0,
      skipped: 0,
      skippedBy: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>,
      errors: 0,
      warnings: 0,
    },
  };
}

/** Validity and counts recomputed. */
function withConfigRules(result: ValidateResult, levels: ReadonlyMap<string, RuleLevel>): ValidateResult {
  if (levels.size === 0) return result;
  const skills = result.skills.map((s) => {
    const diagnostics = withRuleLevels<Diagnostic>(s.diagnostics, levels);
    return { ...s, diagnostics, valid: !diagnostics.some((d) => d.severity === 'error') };
  });
  const files = skills.filter((s, i) => !isFolderEntry(result, i));
  const parsed = files.filter((s) => s.skipped === undefined);
  const valid = parsed.filter((s) => s.valid).length;
  const all = skills.flatMap((s) => s.diagnostics);
  const summary = {
    ...result.summary,
    valid,
    invalid: parsed.length - valid,
    errors: all.filter((d) => d.severity === 'error').length,
    warnings: all.filter((d) => d.severity === 'warning').length,
  };
  return { ...result, skills, summary };
}

function isFolderEntry(result: ValidateResult, i: number): boolean {
  const s = result.skills[i]!;
  return s.skipped === undefined && s.name === null && s.dir === s.file;
}

// Merge puts back what the document leaves out (each entry's file, the base folder) and refuses
// shards whose options differ; routing inputs and levels feed its routing pass.
function shardJson(
  shard: Shard,
  result: ValidateResult,
  root: string,
  options: Record<string, unknown>,
  levels: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const shown = result.skills.map((s) => s.shownFile ?? s.diagnostics[0]?.file ?? null);
  const routingLevels = Object.fromEntries([...levels].filter(([code]) => code.startsWith('routing.')));
  const routing = {
    threshold: options.overlap_threshold ?? null,
    levels: routingLevels,
    skills: routingInputsJson(result.routing ?? []),
  };
  return {
    index: shard.index,
    count: shard.count,
    total: result.total ?? 0,
    positions: result.positions ?? [],
    shown,
    root,
    options,
    routing,
  };
}

/** One unit per SKILL.md, rules at the profile's levels. */
export function validateReport(
  result: ValidateResult,
  paths: readonly string[],
  cwd: string,
  profile: ProfileName,
): Report {
  const one = paths.length === 1 ? paths[0]! : undefined;
  const shown = (s: SkillReport): string =>
    s.diagnostics[0]?.file ?? (one === undefined ? s.file : posix.normalize(posix.join(toPosix(one), s.file)));
  const rules = PROFILES[profile].rules as Readonly<Record<string, string>>;
  return buildReport({
    suite: 'skillgraph validate',
    root: cwd,
    findings: result.skills.flatMap((s) => s.diagnostics),
    units: result.skills
      .filter((s) => s.skipped !== undefined || s.name !== null || s.dir !== s.file)
      .map((s) => ({ name: posix.dirname(shown(s)), file: shown(s) })),
    level: (code) =>
      rules[code] === 'error' || rules[code] === 'warning' || rules[code] === 'info'
        ? (rules[code] as Severity)
        : undefined,
  });
}
