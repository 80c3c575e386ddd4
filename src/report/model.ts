// What every report writer reads; it knows no verb, so any stage with diagnostics can report through it.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Severity } from '../model/diagnostics.js';
import { ruleFor, type ReportRule } from './rules.js';

/** A diagnostic as the run shows it: `file` relative to `Report.root` (or absolute), `line` 0 for a whole file. */
export type ReportFinding = Omit<Diagnostic, 'code'> & {
  readonly code: string;
  readonly flow?: { readonly source_line: number; readonly sink_line: number; readonly path: readonly string[] };
};

/** One thing that was checked (a skill): a JUnit test case, passing when no finding fails it. */
export interface ReportUnit {
  readonly name: string;
  readonly file: string;
}

export interface Report {
  readonly suite: string;
  /** Absolute; the SARIF source root. */
  readonly root: string;
  readonly findings: readonly ReportFinding[];
  /** One per code among the findings, sorted by code. */
  readonly rules: readonly ReportRule[];
  readonly units: readonly ReportUnit[];
  readonly notes?: readonly ReportNote[];
}

/** A note about the run: SARIF's tool execution notifications. */
export interface ReportNote {
  readonly level: Severity;
  readonly message: string;
}

/** A report over `findings`, one rule per code (given metadata, else the built-in description and first hint). */
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

/** The URI of `file` (as a finding shows it) against `root`. */
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
