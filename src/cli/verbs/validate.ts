/**
 * `skillgraph validate [PATH...] [--profile P] [--format F] [--json]` — lint
 * every SKILL.md under the paths (default: the config file's roots). The
 * nearest `skillgraph.config.yaml` (or `--config`) gives the profile,
 * per-rule severities and the gate. `--changed [REF]` checks only the skill
 * folders a git ref's diff touches; `--shard i/n` one part of the skills.
 * Exit 0 when the gate passes, 1 when it fails, 2 on usage.
 */
import { posix, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { findConfigFile, loadConfig, type SkillgraphConfig } from '../../discover/config.js';
import { toPosix } from '../../discover/paths.js';
import type { Diagnostic, Severity } from '../../model/diagnostics.js';
import { SkillgraphError } from '../../model/errors.js';
import { didYouMean } from '../../model/wording.js';
import { SKIP_REASONS, validatePath } from '../../tasks/validate-path.js';
import type { SkillReport, SkipReason, ValidateMemo, ValidateResult, ValidateSummary } from '../../tasks/validate-path.js';
import { PROFILE_NAMES, PROFILES, UNICODE_POLICIES, isProfileName, type ProfileName, type UnicodePolicy } from '../../parse/profiles.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { homeFrom } from '../catalog-request.js';
import { changedBase, changedFiles, changedSkillDirs, isCommit } from '../changed.js';
import { EXIT } from '../exit.js';
import { jsonDocument, note, paint, useColor, type CliIo } from '../io.js';
import { buildReport, gate, reportText, RULE_DESCRIPTIONS, textReport } from '../../report/index.js';
import type { FailOn, Report, ReportFormat } from '../../report/index.js';
import { checkRules, OVERLAP_FLAG, overlapThreshold, REPORT_FLAGS, reportOptions, withRuleLevels, type ReportOptions } from '../report-flags.js';
import { OUTPUT_FLAG, reportOutputs, writeReportOutputs, type ReportOutput } from '../report-output.js';
import { WATCH_FLAG, watchUsage } from '../watch-flag.js';
import { DEFAULT_COLUMNS, terminalWidth } from '../width.js';
import { parseShard, shardOf, type Shard } from '../../tasks/shard.js';
import { routingInputsJson } from '../../tasks/routing-io.js';

export const spec: VerbSpec = {
  name: 'validate',
  summary: 'validate SKILL.md files in skill folders or whole trees',
  usage:
    '[PATH...] [--profile P] [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--changed [REF]] ' +
    '[--shard i/n] [--watch] [--json]',
  flags: {
    profile: { type: 'string', value: 'P', description: `validation profile: ${PROFILE_NAMES.join(', ')} (default skillgraph)` },
    unicode: { type: 'string', value: 'POLICY', description: 'name policy: nfkc (Unicode lowercase, as the reference) or ascii (a-z0-9-)' },
    ...REPORT_FLAGS,
    ...OVERLAP_FLAG,
    ...OUTPUT_FLAG,
    ...WATCH_FLAG,
    config: { type: 'string', value: 'FILE', description: 'read profile, rules and gate from this config file (default: nearest skillgraph.config.yaml)' },
    changed: { type: 'string', value: 'REF', description: 'only the skill folders that differ from REF in git (bare --changed: the merge base with the default branch)' },
    shard: { type: 'string', value: 'i/n', description: 'check shard i of n (a stable split by skill path); skillgraph merge joins the --json documents' },
  },
  positionals: 'paths',
  examples: [
    'skillgraph validate skills/',
    'skillgraph validate --changed --fail-on warning',
    'skillgraph validate skills --format github --output sarif=skillgraph.sarif',
    'skillgraph validate skills --watch',
    'skillgraph validate skills --shard 1/4 --json > shard-1.json',
  ],
};

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
    diagnostics: s.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, ...(s.shownFile !== undefined && d.file !== s.shownFile ? { file: d.file } : {}), line: d.line, column: d.column, hint: d.hint })),
  };
}

/** The summary with snake_case keys, as every JSON document has them. */
export function summaryJson(summary: ValidateSummary): Record<string, unknown> {
  const skippedBy = Object.fromEntries(SKIP_REASONS.map((r) => [r.replaceAll('-', '_'), summary.skippedBy[r]]));
  const { files, skills, valid, invalid, skipped, errors, warnings } = summary;
  return { files, skills, valid, invalid, skipped, skipped_by: skippedBy, errors, warnings };
}

const SKIP_WORDS: Readonly<Record<SkipReason, string>> = {
  linked: 'linked, checked at the target',
  symlink: 'symlinks leaving the tree',
  'not-regular': 'not regular files',
  unreadable: 'unreadable',
  'too-large': 'too large to read',
  'input-budget': 'past the input budget',
};

/** `--changed` takes an optional REF: a bare `--changed` followed by a commit name reads it as the ref. */
function changedArgs(args: readonly string[], cwd: string): string[] {
  const out = [...args];
  const at = out.indexOf('--changed');
  if (at < 0 || (out.indexOf('--') >= 0 && out.indexOf('--') < at)) return out;
  const next = out[at + 1];
  if (next !== undefined && !next.startsWith('-') && isCommit(cwd, next)) out.splice(at, 2, `--changed=${next}`);
  else out.splice(at, 1, '--changed=');
  return out;
}

/**
 * Run the verb.
 *
 * @example await run(['skills/', '--profile', 'spec', '--json'], io) // 0 or 1
 */
export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, changedArgs(args, io.cwd), io);
  const config = readConfig(values.config, io);
  const options = reportOptions(values, io, spec.name, config);
  const outputs = reportOutputs(values, io, spec.name);
  const profile = profileOf(values.profile, config, io);
  const unicode = values.unicode;
  if (unicode !== undefined && !(UNICODE_POLICIES as readonly unknown[]).includes(unicode)) {
    usageError(io, spec.name, `--unicode must be nfkc or ascii, got '${String(unicode)}'`);
  }
  if (config?.rules) checkRules(config.rules, config.file, Object.keys(RULE_DESCRIPTIONS));
  const shard = parseShard(io, spec.name, values.shard);
  const threshold = overlapThreshold(values, io, spec.name, config);
  if (values.watch === true) watchUsage(io, spec.name, values, options.format, outputs.length);
  let paths = positionals.length > 0 ? [...positionals] : configPaths(config, io);
  if (paths.length === 0) usageError(io, spec.name, 'missing PATH: name a skill folder or tree, or list roots in skillgraph.config.yaml');
  const view: ValidateView = { paths, cwd: io.cwd, profile, failOn: options.failOn };
  if (typeof values.changed === 'string') {
    const dirs = changedSkillDirs(io.cwd, paths, changedFiles(io.cwd, usage(io, () => changedBase(io.cwd, values.changed as string))));
    note(io, `validate: ${dirs.length} changed skill folder(s)\n`);
    // Nothing changed: an empty report in every format asked for, exit 0.
    if (dirs.length === 0) return writeRun(io, emptyResult(), { ...view, paths: [] }, options, outputs);
    paths = dirs;
  }
  const levels = new Map((config?.rules ?? []).map((r) => [r.code, r.level]));
  const wanted = new Set([options.format, ...outputs.map((o) => o.format)]);
  const inShard = shard ? { inShard: (path: string) => shardOf(path, shard.count) === shard.index, firstShard: shard.index === 1 } : {};
  const check = (memo?: ValidateMemo): ValidateResult =>
    withConfigRules(
      validatePath(paths, {
        profile,
        cwd: io.cwd,
        // Perf: only the text report shows excerpts; the other formats keep no skill's text or package.
        keep: wanted.has('text') ? 'all' : 'findings',
        ...(threshold !== undefined ? { routing: { threshold } } : {}),
        ...(typeof unicode === 'string' ? { unicode: unicode as UnicodePolicy } : {}),
        ...inShard,
        ...(memo ? { memo } : {}),
      }),
      levels,
    );
  if (values.watch === true) {
    const { watchChecks } = await import('../watch.js');
    const show = (result: ValidateResult): number => writeRun(io, result, { ...view, paths }, options, []);
    return watchChecks(io, { verb: spec.name, paths, check, show });
  }
  const result = check();
  const rules = (config?.rules ?? []).map((r) => ({ code: r.code, level: r.level }));
  const shardOptions = {
    profile,
    unicode: typeof unicode === 'string' ? unicode : null,
    rules,
    paths,
    fail_on: options.failOn,
    max_warnings: options.maxWarnings ?? null,
    overlap_threshold: threshold ?? null,
  };
  const block = shard ? { shard: shardJson(shard, result, io.cwd, shardOptions, levels) } : {};
  return writeRun(io, result, { ...view, paths, ...block }, options, outputs);
}

/** Print the run in its format, write each --output file, then the verdict line on stderr; the gate's status. */
function writeRun(io: CliIo, result: ValidateResult, view: ValidateView, options: ReportOptions, outputs: readonly ReportOutput[]): number {
  const verdict = gate(result.skills.flatMap((s) => s.diagnostics), options);
  writeReportOutputs(io, outputs, (format) => validateOutput(format, result, view));
  const screen = { color: useColor(io, 'stdout'), width: terminalWidth(io.stdout) };
  io.stdout.write(validateOutput(options.format, result, view, screen));
  // The verdict: on stderr after text, and after a document under --verbose.
  const failed = verdict.passed || verdict.errors > 0 ? '' : `; failed: ${verdict.reasons.join(', ')}`;
  note(io, `${summaryLine(result, PROFILES[view.profile].name, useColor(io))}${failed}\n`);
  return verdict.passed ? EXIT.ok : EXIT.findings;
}

/** A terminal's colour and width. */
interface Screen {
  readonly color: boolean;
  readonly width: number;
}

/** How a run was asked for and where it is shown: what every format of its report needs beside the result. */
export interface ValidateView {
  readonly paths: readonly string[];
  /** The folder paths are relative to (the SARIF source root). */
  readonly cwd: string;
  readonly profile: ProfileName;
  readonly failOn: FailOn;
  /** A shard run's block (`--shard i/n --json`). */
  readonly shard?: Record<string, unknown>;
}

/**
 * The run's report in `format`; text is laid out for `screen` (default: no colour, 80 columns).
 *
 * @example io.stdout.write(validateOutput('sarif', result, { paths: ['skills'], cwd, profile: 'skillgraph', failOn: 'error' }))
 */
export function validateOutput(format: ReportFormat, result: ValidateResult, view: ValidateView, screen?: Screen): string {
  if (format === 'json') {
    return jsonDocument({ skills: result.skills.map(skillJson), summary: summaryJson(result.summary), ...(view.shard ? { shard: view.shard } : {}) });
  }
  const report = validateReport(result, view.paths, view.cwd, view.profile);
  if (format !== 'text') return reportText(format, report, view.failOn === 'warning' ? 'warning' : 'error');
  const sources = new Map(result.skills.map((s) => [s.diagnostics[0]?.file, s.source?.split('\n')]));
  return textReport(report, screen?.color ?? false, (file) => sources.get(file), screen?.width ?? DEFAULT_COLUMNS);
}

function emptyResult(): ValidateResult {
  return { skills: [], summary: { files: 0, skills: 0, valid: 0, invalid: 0, skipped: 0, skippedBy: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>, errors: 0, warnings: 0 } };
}

function usage<T>(io: CliIo, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof SkillgraphError && error.code === 'usage') usageError(io, spec.name, error.message);
    throw error;
  }
}

/** `--config FILE` (a missing one is `config.invalid`, exit 2), else the nearest config file, else none. */
function readConfig(flag: unknown, io: CliIo): SkillgraphConfig | undefined {
  const file = typeof flag === 'string' ? resolve(io.cwd, flag) : findConfigFile(io.cwd);
  return file === undefined ? undefined : loadConfig(file, { cwd: io.cwd, home: homeFrom(io), env: io.env });
}

function profileOf(flag: unknown, config: SkillgraphConfig | undefined, io: CliIo): ProfileName {
  const profile = flag ?? config?.profile ?? 'skillgraph';
  if (isProfileName(profile)) return profile;
  const hint = `must be one of ${PROFILE_NAMES.join(', ')}, got '${String(profile)}'${didYouMean(String(profile), PROFILE_NAMES)}`;
  if (flag !== undefined || !config) usageError(io, spec.name, `--profile ${hint}`);
  const at = config.keyAt?.('profile') ?? { line: 1, column: 1 };
  throw new SkillgraphError('config.invalid', `${config.file}:${at.line}:${at.column}: profile ${hint}`, { file: config.file, ...at });
}

/** The config's roots that exist, as paths relative to the working folder when inside it. */
function configPaths(config: SkillgraphConfig | undefined, io: CliIo): string[] {
  const cwd = `${toPosix(io.cwd).replace(/\/$/, '')}/`;
  return (config?.roots ?? []).filter((r) => existsSync(r.path)).map((r) => {
    const p = toPosix(r.path);
    return p.startsWith(cwd) ? p.slice(cwd.length) || '.' : p;
  });
}

/** The result with the config's severities applied, validity and counts recomputed. */
function withConfigRules(result: ValidateResult, levels: ReadonlyMap<string, 'off' | Severity>): ValidateResult {
  if (levels.size === 0) return result;
  const skills = result.skills.map((s) => {
    const diagnostics = withRuleLevels<Diagnostic>(s.diagnostics, levels);
    return { ...s, diagnostics, valid: !diagnostics.some((d) => d.severity === 'error') };
  });
  const files = skills.filter((s, i) => !isFolderEntry(result, i));
  const parsed = files.filter((s) => s.skipped === undefined);
  const valid = parsed.filter((s) => s.valid).length;
  const all = skills.flatMap((s) => s.diagnostics);
  const summary = { ...result.summary, valid, invalid: parsed.length - valid, errors: all.filter((d) => d.severity === 'error').length, warnings: all.filter((d) => d.severity === 'warning').length };
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
 * result (merge refuses shards whose options differ), and for `merge`'s routing pass its skills'
 * routing inputs with the config's levels for the routing codes.
 */
function shardJson(shard: Shard, result: ValidateResult, root: string, options: Record<string, unknown>, levels: ReadonlyMap<string, string>): Record<string, unknown> {
  const shown = result.skills.map((s) => s.shownFile ?? s.diagnostics[0]?.file ?? null);
  const routingLevels = Object.fromEntries([...levels].filter(([code]) => code.startsWith('routing.')));
  const routing = { threshold: options.overlap_threshold ?? null, levels: routingLevels, skills: routingInputsJson(result.routing ?? []) };
  return { index: shard.index, count: shard.count, total: result.total ?? 0, positions: result.positions ?? [], shown, root, options, routing };
}

/** The findings of a run as a report: one unit per SKILL.md, rules at the profile's levels. */
export function validateReport(result: ValidateResult, paths: readonly string[], cwd: string, profile: ProfileName): Report {
  const one = paths.length === 1 ? paths[0]! : undefined;
  const shown = (s: SkillReport): string => s.diagnostics[0]?.file ?? (one === undefined ? s.file : posix.normalize(posix.join(toPosix(one), s.file)));
  const rules = PROFILES[profile].rules as Readonly<Record<string, string>>;
  return buildReport({
    suite: 'skillgraph validate',
    root: cwd,
    findings: result.skills.flatMap((s) => s.diagnostics),
    units: result.skills.filter((s) => s.skipped !== undefined || s.name !== null || s.dir !== s.file).map((s) => ({ name: posix.dirname(shown(s)), file: shown(s) })),
    level: (code) => (rules[code] === 'error' || rules[code] === 'warning' || rules[code] === 'info' ? (rules[code] as Severity) : undefined),
  });
}

/**
 * The one-line verdict: ok or FAIL, counts of skills, errors and warnings.
 *
 * @example summaryLine(validatePath('skills/'), 'skillgraph', false) // 'ok 3 skills checked (profile skillgraph): …'
 */
export function summaryLine(result: ValidateResult, profile: string, color: boolean): string {
  const { skills, valid, invalid, skipped, skippedBy, errors, warnings } = result.summary;
  const verdict = errors > 0 ? paint(color, 'red', 'FAIL') : paint(color, 'green', 'ok');
  const why = SKIP_REASONS.filter((r) => skippedBy[r] > 0).map((r) => `${skippedBy[r]} ${SKIP_WORDS[r]}`);
  const skippedText = skipped > 0 ? `; ${skipped} not parsed here (${why.join(', ')})` : '';
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${verdict} ${plural(skills, 'skill')} checked (profile ${profile}): ${valid} valid, ${invalid} invalid${skippedText}; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}
