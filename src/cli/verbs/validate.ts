/**
 * `skillgraph validate PATH... [--profile P] [--unicode nfkc|ascii] [--json]`
 * — lint every SKILL.md under the paths. Exit 0 without errors, 1 with any,
 * 2 on usage (bad flag, missing path).
 */
import type { Diagnostic } from '../../model/diagnostics.js';
import { SKIP_REASONS, validatePath, type SkillReport, type SkipReason, type ValidateResult, type ValidateSummary } from '../../engine/validate-path.js';
import { PROFILE_NAMES, PROFILES, UNICODE_POLICIES, isProfileName, type UnicodePolicy } from '../../parse/profiles.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { didYouMean } from '../../model/wording.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'validate',
  summary: 'validate SKILL.md files in skill folders or whole trees',
  usage: 'PATH... [--profile P] [--unicode nfkc|ascii] [--json]',
  minPositionals: 1,
  flags: {
    profile: { type: 'string', value: 'P', description: `validation profile: ${PROFILE_NAMES.join(', ')} (default skillgraph)` },
    unicode: { type: 'string', value: 'POLICY', description: 'name policy: nfkc (Unicode lowercase, as the reference) or ascii (a-z0-9-)' },
  },
  positionals: 'paths',
};

/** The JSON shape of one entry; `skipped` names why a SKILL.md was not parsed. */
function skillJson(s: SkillReport): Record<string, unknown> {
  return {
    dir: s.dir,
    file: s.file,
    name: s.name,
    valid: s.valid,
    ...(s.skipped ? { skipped: s.skipped.replaceAll('-', '_') } : {}),
    diagnostics: s.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, line: d.line, column: d.column, hint: d.hint })),
  };
}

/** The summary with snake_case keys, as every JSON document has them. */
function summaryJson(summary: ValidateSummary): Record<string, unknown> {
  const skippedBy = Object.fromEntries(SKIP_REASONS.map((r) => [r.replaceAll('-', '_'), summary.skippedBy[r]]));
  const { files, skills, valid, invalid, skipped, errors, warnings } = summary;
  return { files, skills, valid, invalid, skipped, skipped_by: skippedBy, errors, warnings };
}

const SKIP_WORDS: Readonly<Record<SkipReason, string>> = {
  symlink: 'symlinks not followed',
  'not-regular': 'not regular files',
  unreadable: 'unreadable',
  'too-large': 'too large to read',
  'input-budget': 'past the input budget',
};

/**
 * Run the verb.
 *
 * @example await run(['skills/', '--profile', 'spec', '--json'], io) // 0 or 1
 */
export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const profile = values.profile ?? 'skillgraph';
  if (!isProfileName(profile)) usageError(io, spec.name, `--profile must be one of ${PROFILE_NAMES.join(', ')}, got '${String(profile)}'${didYouMean(String(profile), PROFILE_NAMES)}`);
  const unicode = values.unicode;
  if (unicode !== undefined && !(UNICODE_POLICIES as readonly unknown[]).includes(unicode)) {
    usageError(io, spec.name, `--unicode must be nfkc or ascii, got '${String(unicode)}'`);
  }
  const result = validatePath(positionals, {
    profile,
    cwd: io.cwd,
    ...(typeof unicode === 'string' ? { unicode: unicode as UnicodePolicy } : {}),
  });
  if (values.json) writeJson(io, { skills: result.skills.map(skillJson), summary: summaryJson(result.summary) });
  else {
    io.stdout.write(humanReport(result, useColor(io, 'stdout')));
    note(io, `${summaryLine(result, PROFILES[profile].name, useColor(io))}\n`);
  }
  return result.summary.errors > 0 ? EXIT.findings : EXIT.ok;
}

const SEVERITY_STYLE = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

/**
 * Human text: each diagnostic with its source line and a caret ('' when there is none).
 *
 * @example io.stdout.write(humanReport(validatePath('skills/'), false))
 */
export function humanReport(result: ValidateResult, color: boolean): string {
  const out: string[] = [];
  for (const s of result.skills) {
    if (s.diagnostics.length === 0) continue;
    const lines = s.source?.split('\n');
    for (const d of s.diagnostics) out.push(...formatDiagnostic(d, lines, color));
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
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
  const skippedText = skipped > 0 ? `; ${skipped} not parsed (${why.join(', ')})` : '';
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${verdict} ${plural(skills, 'skill')} checked (profile ${profile}): ${valid} valid, ${invalid} invalid${skippedText}; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

function formatDiagnostic(d: Diagnostic, lines: string[] | undefined, color: boolean): string[] {
  const rows = [`${d.file}:${d.line}:${d.column} ${paint(color, SEVERITY_STYLE[d.severity], d.severity)} ${paint(color, 'bold', d.code)} ${d.message}`];
  const source = d.line > 0 ? lines?.[d.line - 1] : undefined;
  if (source !== undefined) {
    const text = source.replace(/\r$/, '').replace(/^\uFEFF/, '');
    const gutter = `${d.line} | `;
    rows.push(`  ${gutter}${text.length > 160 ? `${text.slice(0, 157)}...` : text}`);
    const col = Math.max(1, Math.min(d.column, text.length + 1));
    const pad = text.slice(0, col - 1).replace(/[^\t]/g, ' ');
    rows.push(`  ${' '.repeat(gutter.length)}${pad}${paint(color, SEVERITY_STYLE[d.severity], '^')}`);
  }
  rows.push(`  ${paint(color, 'dim', `hint: ${d.hint}`)}`);
  return rows;
}
