/**
 * The input every report writer reads: a plain list of findings with paths,
 * the rules they come from, and the units that were checked (one JUnit test
 * case each). A verb builds it from its own results; nothing here knows
 * which verb, so any stage that produces diagnostics can report through it.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Severity } from '../model/diagnostics.js';
import { ruleFor, type ReportRule } from './rules.js';

/**
 * One finding: a diagnostic whose code may come from a later stage (its own codes), with
 * `file` as the run shows it (relative to `Report.root`, or absolute) and `line` 0 for a
 * finding about the whole file.
 */
export type ReportFinding = Omit<Diagnostic, 'code'> & {
  readonly code: string;
  /** A flow finding's source line, sink line and the variables between them. */
  readonly flow?: { readonly source_line: number; readonly sink_line: number; readonly path: readonly string[] };
};

/** One thing that was checked (a skill): a JUnit test case, passing when no finding fails it. */
export interface ReportUnit {
  /** Shown name, e.g. the skill's folder. */
  readonly name: string;
  /** The file its findings carry (`ReportFinding.file`). */
  readonly file: string;
}

export interface Report {
  /** e.g. `skillgraph validate`: the JUnit suite name. */
  readonly suite: string;
  /** Absolute folder relative paths are relative to: the SARIF source root. */
  readonly root: string;
  readonly findings: readonly ReportFinding[];
  /** One per code among the findings (more are allowed), sorted by code. */
  readonly rules: readonly ReportRule[];
  readonly units: readonly ReportUnit[];
  /** What the run says about itself beside its results (paths without skills, code read by the line rules only). */
  readonly notes?: readonly ReportNote[];
}

/** A note about the run: SARIF's tool execution notifications. */
export interface ReportNote {
  readonly level: Severity;
  readonly message: string;
}

/**
 * A report over `findings`, with one rule per code: the given rule metadata when there is
 * some, else the built-in description, the first finding's hint as help and `level(code)`
 * (default: the first finding's severity) as the rule's level.
 *
 * @example buildReport({ suite: 'skillgraph validate', root: cwd, findings, units })
 */
export function buildReport(input: {
  readonly suite: string;
  readonly root: string;
  readonly findings: readonly ReportFinding[];
  readonly units?: readonly ReportUnit[];
  readonly rules?: readonly ReportRule[];
  readonly level?: (code: string) => Severity | undefined;
}): Report {
  const given = new Map((input.rules ?? []).map((r) => [r.code, r]));
  const first = new Map<string, ReportFinding>();
  for (const f of input.findings) if (!first.has(f.code)) first.set(f.code, f);
  const rules = [...first.keys()]
    .sort()
    .map(
      (code) =>
        given.get(code) ?? ruleFor(code, input.level?.(code) ?? first.get(code)!.severity, first.get(code)!.hint),
    );
  return { suite: input.suite, root: input.root, findings: input.findings, rules, units: input.units ?? [] };
}

/** Where a finding's file is for SARIF: relative to the source root when inside it, else a file: URI. */
export interface ReportLocation {
  readonly uri: string;
  readonly uriBaseId?: 'SRCROOT';
}

/**
 * The URI of `file` (as a finding shows it) against `root`.
 *
 * @example reportLocation('skills/a b/SKILL.md', '/repo') // { uri: 'skills/a%20b/SKILL.md', uriBaseId: 'SRCROOT' }
 */
export function reportLocation(file: string, root: string): ReportLocation {
  const abs = isAbsolute(file) ? file : resolve(root, file);
  const rel = relative(root, abs);
  if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) {
    return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
  }
  return { uri: pathToFileURL(abs).href };
}

/** The display path of `file` relative to `root` when inside it (POSIX), else as given. */
export function shownPath(file: string, root: string): string {
  const loc = reportLocation(file, root);
  return loc.uriBaseId ? decodeURIComponent(loc.uri) : file;
}
