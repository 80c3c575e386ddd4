/**
 * The `validate` task: lint every SKILL.md under the paths (`validatePath`),
 * apply per-rule severities (a config file's `rules`), run the routing pass,
 * and gate the findings. Its report is written in every format the CLI
 * prints (`validateOutput`); a shard run carries the block `merge` needs.
 */
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
  /** Skill folders, trees of them, or SKILL.md files (relative to `cwd`); none gives an empty run. */
  readonly paths: readonly string[];
  /** Default: the working folder. */
  readonly cwd?: string;
  /** Default `skillgraph`. */
  readonly profile?: ProfileName;
  /** Name policy; defaults to the profile's. */
  readonly unicode?: UnicodePolicy;
  /** Per-rule severities, in order (a config file's `rules`): `off` drops a rule's findings. */
  readonly rules?: readonly { readonly code: string; readonly level: RuleLevel }[];
  /** The lowest `routing.overlap` score reported (default 0.6). */
  readonly overlapThreshold?: number;
  /** What fails the gate: errors (default), or warnings too. */
  readonly failOn?: FailOn;
  /** Fail the gate beyond this many warnings. */
  readonly maxWarnings?: number;
  /** Check one part of the skills (a stable split by path); the document then carries the shard block merge needs. */
  readonly shard?: Shard;
  /** `all` (default) keeps each skill's package and text (the text report's excerpts); `findings` keeps neither. */
  readonly keep?: 'all' | 'findings';
  /** Reports kept from an earlier run (watch mode). */
  readonly memo?: ValidateMemo;
  /** Parsers the security profile reads code with (default: the engine's, loaded when the profile audits). */
  readonly parsers?: CodeParsers;
}

/** How a run was asked for: what every format of its report needs beside the result. */
export interface ValidateView {
  readonly paths: readonly string[];
  /** The folder paths are relative to (the SARIF source root). */
  readonly cwd: string;
  readonly profile: ProfileName;
  readonly failOn: FailOn;
  /** A shard run's block. */
  readonly shard?: Record<string, unknown>;
}

/** A validate task's result: the reports, the gate's verdict, status and documents. */
export interface ValidateRun {
  readonly result: ValidateResult;
  readonly view: ValidateView;
  readonly gate: GateResult;
  /** 1 when the gate fails. */
  readonly status: TaskStatus;
  /** The `--json` document, without `schemaVersion` (built on first read). */
  readonly document: Record<string, unknown>;
  /** The findings as a report, one unit per SKILL.md (built on first read). */
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

/**
 * Validate the skills under `options.paths`.
 *
 * @example (await validateTask({ paths: ['skills'], profile: 'spec' })).status // 0 when the gate passes
 */
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
  // Nothing to check: an empty report in every format.
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

/**
 * A run of `result` as `view` asked for it: the gate over its findings, its documents on first
 * read (`document`: given when it is made elsewhere, as merge joins the shards' entries).
 *
 * @example validateRun(result, { paths: ['skills'], cwd, profile: 'skillgraph', failOn: 'error' })
 */
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

/** A terminal's colour and width. */
export interface Screen {
  readonly color: boolean;
  readonly width: number;
}

/**
 * The run's report in `format`; text is laid out for `screen` (default: no colour, 80 columns).
 *
 * @example process.stdout.write(validateOutput('sarif', run.result, run.view))
 */
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

/** The JSON shape of one entry; `skipped` names why a SKILL.md was not parsed. */
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

/** The summary with snake_case keys, as every JSON document has them. */
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

/** The result with the config's severities applied, validity and counts recomputed. */
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

/** Whether entry `i` stands for a folder, not a SKILL.md (such entries are not counted as skills). */
function isFolderEntry(result: ValidateResult, i: number): boolean {
  const s = result.skills[i]!;
  return s.skipped === undefined && s.name === null && s.dir === s.file;
}

/**
 * A shard's block: its place in the run, the file each entry's findings name (merge puts back
 * what the document leaves out), the folder paths are relative to, the options that shape the
 * result (merge refuses shards whose options differ), and for merge's routing pass its skills'
 * routing inputs with the levels for the routing codes.
 */
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

/** The findings of a run as a report: one unit per SKILL.md, rules at the profile's levels. */
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
