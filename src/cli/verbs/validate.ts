// `skillgraph validate`: lint every SKILL.md under the paths (default: the config file's roots).
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { findConfigFile, loadConfig, type SkillgraphConfig } from '../../discover/config.js';
import { toPosix } from '../../discover/paths.js';
import { SkillgraphError } from '../../model/errors.js';
import { didYouMean } from '../../model/wording.js';
import {
  PROFILE_NAMES,
  PROFILES,
  UNICODE_POLICIES,
  isProfileName,
  type ProfileName,
  type UnicodePolicy,
} from '../../parse/profiles.js';
import { RULE_DESCRIPTIONS } from '../../report/rules.js';
import type { ValidateMemo } from '../../tasks/validate-path.js';
import { validateOutput, validateTask, type ValidateRun, type ValidateTaskOptions } from '../../tasks/validate.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { homeFrom } from '../catalog-request.js';
import { changedBase, changedFiles, changedSkillDirs, isCommit } from '../changed.js';
import { note, useColor, type CliIo } from '../io.js';
import { checkRules, OVERLAP_FLAG, overlapThreshold, REPORT_FLAGS, reportOptions } from '../report-flags.js';
import type { ReportFormat } from '../../report/formats.js';
import { OUTPUT_FLAG, reportOutputs, writeReportOutputs, type ReportOutput } from '../report-output.js';
import { parseShard } from '../shard-flag.js';
import { summaryLine } from '../validate-text.js';
import { WATCH_FLAG, watchUsage } from '../watch-flag.js';
import { terminalWidth } from '../width.js';

export const spec: VerbSpec = {
  name: 'validate',
  summary: 'validate SKILL.md files in skill folders or whole trees',
  usage:
    '[PATH...] [--profile P] [--format text|json|sarif|junit|github] [--output FORMAT=FILE]... [--changed [REF]] ' +
    '[--shard i/n] [--watch] [--json]',
  flags: {
    profile: {
      type: 'string',
      value: 'P',
      description: `validation profile: ${PROFILE_NAMES.join(', ')} (default skillgraph)`,
    },
    unicode: {
      type: 'string',
      value: 'POLICY',
      description: 'name policy: nfkc (Unicode lowercase, as the reference) or ascii (a-z0-9-)',
    },
    ...REPORT_FLAGS,
    ...OVERLAP_FLAG,
    ...OUTPUT_FLAG,
    ...WATCH_FLAG,
    config: {
      type: 'string',
      value: 'FILE',
      description: 'read profile, rules and gate from this config file (default: nearest skillgraph.config.yaml)',
    },
    changed: {
      type: 'string',
      value: 'REF',
      description:
        'only the skill folders that differ from REF in git (bare --changed: the merge base with the default branch)',
    },
    shard: {
      type: 'string',
      value: 'i/n',
      description: 'check shard i of n (a stable split by skill path); skillgraph merge joins the --json documents',
    },
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

/** A bare `--changed` followed by a commit name reads it as the ref. */
function changedArgs(args: readonly string[], cwd: string): string[] {
  const out = [...args];
  const at = out.indexOf('--changed');
  if (at < 0 || (out.indexOf('--') >= 0 && out.indexOf('--') < at)) return out;
  const next = out[at + 1];
  if (next !== undefined && !next.startsWith('-') && isCommit(cwd, next)) out.splice(at, 2, `--changed=${next}`);
  else out.splice(at, 1, '--changed=');
  return out;
}

/** Run the verb. */
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
  if (paths.length === 0)
    usageError(io, spec.name, 'missing PATH: name a skill folder or tree, or list roots in skillgraph.config.yaml');
  const wanted = new Set([options.format, ...outputs.map((o) => o.format)]);
  const task: ValidateTaskOptions = {
    paths,
    cwd: io.cwd,
    profile,
    ...(typeof unicode === 'string' ? { unicode: unicode as UnicodePolicy } : {}),
    rules: (config?.rules ?? []).map((r) => ({ code: r.code, level: r.level })),
    ...(threshold !== undefined ? { overlapThreshold: threshold } : {}),
    failOn: options.failOn,
    ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
    // Perf: only the text report shows excerpts; other formats keep no skill's text.
    keep: wanted.has('text') ? 'all' : 'findings',
  };
  if (typeof values.changed === 'string') {
    const dirs = changedSkillDirs(
      io.cwd,
      paths,
      changedFiles(
        io.cwd,
        usage(io, () => changedBase(io.cwd, values.changed as string)),
      ),
    );
    note(io, `validate: ${dirs.length} changed skill folder(s)\n`);
    if (dirs.length === 0) return writeRun(io, await validateTask({ ...task, paths: [] }), options.format, outputs);
    paths = dirs;
  }
  if (values.watch === true) {
    const { watchChecks } = await import('../watch.js');
    const check = (memo?: ValidateMemo): Promise<ValidateRun> =>
      validateTask({ ...task, paths, ...(memo ? { memo } : {}) });
    return watchChecks(io, {
      verb: spec.name,
      paths,
      check,
      show: (result: ValidateRun): number => writeRun(io, result, options.format, []),
    });
  }
  return writeRun(io, await validateTask({ ...task, paths, ...(shard ? { shard } : {}) }), options.format, outputs);
}

/** Report in its format, each --output file, then the verdict on stderr; returns the gate's status. */
function writeRun(io: CliIo, run: ValidateRun, format: ReportFormat, outputs: readonly ReportOutput[]): number {
  const { result, view, gate: verdict } = run;
  writeReportOutputs(io, outputs, (format) => validateOutput(format, result, view));
  const screen = { color: useColor(io, 'stdout'), width: terminalWidth(io.stdout) };
  io.stdout.write(validateOutput(format, result, view, screen));
  // The verdict: on stderr after text, and after a document under --verbose.
  const failed = verdict.passed || verdict.errors > 0 ? '' : `; failed: ${verdict.reasons.join(', ')}`;
  note(io, `${summaryLine(result, PROFILES[view.profile].name, useColor(io))}${failed}\n`);
  return run.status;
}

function usage<T>(io: CliIo, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof SkillgraphError && error.code === 'usage') usageError(io, spec.name, error.message);
    throw error;
  }
}

/** `--config FILE` (a missing one is `config.invalid`), else the nearest config file, else none. */
function readConfig(flag: unknown, io: CliIo): SkillgraphConfig | undefined {
  const file = typeof flag === 'string' ? resolve(io.cwd, flag) : findConfigFile(io.cwd);
  return file === undefined ? undefined : loadConfig(file, { cwd: io.cwd, home: homeFrom(io), env: io.env });
}

function profileOf(flag: unknown, config: SkillgraphConfig | undefined, io: CliIo): ProfileName {
  const profile = flag ?? config?.profile ?? 'skillgraph';
  if (isProfileName(profile)) return profile;
  const hint =
    `must be one of ${PROFILE_NAMES.join(', ')}, ` +
    `got '${String(profile)}'${didYouMean(String(profile), PROFILE_NAMES)}`;
  if (flag !== undefined || !config) usageError(io, spec.name, `--profile ${hint}`);
  const at = config.keyAt?.('profile') ?? { line: 1, column: 1 };
  throw new SkillgraphError('config.invalid', `${config.file}:${at.line}:${at.column}: profile ${hint}`, {
    file: config.file,
    ...at,
  });
}

/** Relative to the working folder when inside it. */
function configPaths(config: SkillgraphConfig | undefined, io: CliIo): string[] {
  const cwd = `${toPosix(io.cwd).replace(/\/$/, '')}/`;
  return (config?.roots ?? [])
    .filter((r) => existsSync(r.path))
    .map((r) => {
      const p = toPosix(r.path);
      return p.startsWith(cwd) ? p.slice(cwd.length) || '.' : p;
    });
}
