// The I/O shell around the pure parser and linter. One broken skill never hides another; every
// SKILL.md found is reported, symlinked ones included.
import { realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { cmp, compareDiagnostics, hasErrors, type Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { listResourceFiles } from '../discover/resources.js';
import { isSkillFileName, toPosix } from '../discover/paths.js';
import { TREE_MAX_DEPTH, walkTree, type TreeSkillFile } from '../discover/walk-tree.js';
import { lintSkill } from '../parse/lint.js';
import { fileTooLargeDiagnostic } from '../parse/messages.js';
import { parseSkill } from '../parse/parse-skill.js';
import {
  isProfileName,
  PROFILE_NAMES,
  PROFILES,
  UNICODE_POLICIES,
  type ProfileName,
  type UnicodePolicy,
} from '../parse/profiles.js';
import { auditSkill } from '../audit/audit.js';
import { shownPath } from '../audit/input.js';
import { auditFields, readSkillFiles } from './audit-path.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { DEFAULT_PARSE_OPTIONS } from '../parse/options.js';
import { fileDiagnostic } from '../discover/file-messages.js';
import { ReadBuffer, readListedFile, readRegularFile, type SafeRead } from '../discover/safe-read.js';
import { InputBudget } from '../engine/input-budget.js';
import { markdownFiles, validateRouting, type RoutingInput } from './routing-io.js';
import type { OverlapOptions } from '../routing/overlap.js';
import { detached, findOutboundLinks, findReferences } from '../routing/references.js';
import { routingText, type RoutingText } from '../routing/terms.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface ValidateOptions {
  /** Default `skillgraph`. */
  readonly profile?: ProfileName;
  /** Defaults to the profile's. */
  readonly unicode?: UnicodePolicy;
  /** Default `process.cwd()`. */
  readonly cwd?: string;
  /** Default 32. */
  readonly maxDepth?: number;
  /** Run the lint rules that need the folder's file list (default true). */
  readonly lint?: boolean;
  /** Total SKILL.md bytes read per call; files past it get `input.budget`. */
  readonly maxInputBytes?: number;
  /** Check only the entries `inShard` accepts (folder entries go with the first shard). */
  readonly inShard?: (shownPath: string) => boolean;
  readonly firstShard?: boolean;
  /** `findings` keeps no package or text, so a run over a big tree holds no skill's text once checked. */
  readonly keep?: 'all' | 'findings';
  /** The routing pass, or `false`. It needs every skill: a sharded run returns its inputs for `merge`. */
  readonly routing?: OverlapOptions | false;
  /** Reports kept from an earlier run, not read again and taking nothing from the input budget (watch mode). */
  readonly memo?: ValidateMemo;
  /** Without them, the security profile's line rules alone. */
  readonly parsers?: CodeParsers;
}

/** Keyed by the absolute path of the SKILL.md as the walk reached it. */
export interface ValidateMemo {
  get(skillFile: string): SkillReport | undefined;
  set(skillFile: string, report: SkillReport): void;
}

export interface SkillReport {
  /** Relative to the path given (POSIX), `.` for the path itself. */
  readonly dir: string;
  readonly file: string;
  /** Null when unreadable. */
  readonly name: string | null;
  /** No error-severity diagnostic. */
  readonly valid: boolean;
  /** Sorted; each `file` is the path as the user would write it. */
  readonly diagnostics: readonly Diagnostic[];
  readonly package?: SkillPackage;
  /** For excerpts (absent for symlinks not followed and for files over 1 MiB). */
  readonly source?: string;
  readonly skipped?: SkipReason;
  /** SKILL.md as its diagnostics name it (security findings may name other files). */
  readonly shownFile?: string;
  /** For a link checked at its target: the target, relative to the path given. */
  readonly linkTo?: string;
}

/** `linked` is a link inside the tree, checked at its target. */
export type SkipReason = 'linked' | 'symlink' | 'not-regular' | 'unreadable' | 'too-large' | 'input-budget';

export const SKIP_REASONS: readonly SkipReason[] = Object.freeze([
  'linked',
  'symlink',
  'not-regular',
  'unreadable',
  'too-large',
  'input-budget',
]);

export interface ValidateSummary {
  /** SKILL.md entries seen (parsed plus skipped); findings about folders are not counted. */
  readonly files: number;
  readonly skills: number;
  readonly valid: number;
  readonly invalid: number;
  readonly skipped: number;
  readonly skippedBy: Readonly<Record<SkipReason, number>>;
  readonly errors: number;
  readonly warnings: number;
}

export interface ValidateResult {
  readonly skills: readonly SkillReport[];
  readonly summary: ValidateSummary;
  /** With `inShard`: each entry's index in the unsharded run, and that run's entry count. */
  readonly positions?: readonly number[];
  readonly total?: number;
  /** With `inShard`: this shard's routing inputs, each with its entry's position in the unsharded run. */
  readonly routing?: readonly (RoutingInput & { readonly entry: number })[];
}

/** Entries another shard checks: sorted with the rest for their positions, then dropped. */
const ELSEWHERE = new WeakSet<SkillReport>();

/** Entries standing for a folder, not a SKILL.md: listed, never counted as skills. */
const FOLDER_ENTRIES = new WeakSet<SkillReport>();

const SOURCE_KEPT_BYTES = 1024 * 1024;

const DEFAULT_OPTIONS = Object.freeze({ profile: 'skillgraph' as ProfileName, maxDepth: TREE_MAX_DEPTH, lint: true });

const VALIDATE_KEYS = optionKeys<ValidateOptions>('validatePath', {
  profile: true,
  unicode: true,
  cwd: true,
  maxDepth: true,
  lint: true,
  maxInputBytes: true,
  inShard: true,
  firstShard: true,
  keep: true,
  routing: true,
  memo: true,
  parsers: true,
});

/** Validate skill folders, trees of them, or SKILL.md files; unusable paths or options throw, findings are data. */
export function validatePath(paths: string | readonly string[], options: ValidateOptions = {}): ValidateResult {
  checkOptionKeys(options, VALIDATE_KEYS);
  const profile = options.profile ?? DEFAULT_OPTIONS.profile;
  if (!isProfileName(profile))
    throw new SkillgraphError(
      'options.invalid',
      `validate option 'profile' must be one of ${PROFILE_NAMES.join(', ')}, got '${String(profile)}'`,
      { field: 'profile' },
    );
  if (options.unicode !== undefined && !(UNICODE_POLICIES as readonly string[]).includes(options.unicode)) {
    throw new SkillgraphError(
      'options.invalid',
      `validate option 'unicode' must be nfkc or ascii, got '${String(options.unicode)}'`,
      { field: 'unicode' },
    );
  }
  const cwd = options.cwd ?? process.cwd();
  const list = typeof paths === 'string' ? [paths] : [...paths];
  let skills: SkillReport[] = [];
  const budget = new InputBudget(options.maxInputBytes);
  const sharded = options.inShard !== undefined;
  const routing: RoutingInput[] | undefined = options.routing === false ? undefined : [];
  for (const given of list) {
    const abs = resolve(cwd, given);
    const stat = statGiven(given, abs);
    const reports = validateOne(given, abs, stat, profile, options, budget, routing);
    // With several PATHs, entries relative to each would collide (two `.` folders): prefix each.
    skills.push(...(list.length > 1 ? reports.map((r) => underPath(r, basePath(given, stat.isFile()))) : reports));
  }
  if (routing && !sharded) skills = withRouting(skills, validateRouting(routing, options.routing || {}));
  const total = skills.length;
  const positions: number[] = [];
  if (sharded) {
    const kept = skills.filter((s, i) => !ELSEWHERE.has(s) && positions.push(i) > 0);
    skills.length = 0;
    skills.push(...kept);
  }
  let errors = 0;
  let warnings = 0;
  for (const s of skills) {
    for (const d of s.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
    }
  }
  const files = skills.filter((s) => !FOLDER_ENTRIES.has(s));
  const parsed = files.filter((s) => s.skipped === undefined);
  const valid = parsed.filter((s) => s.valid).length;
  const skippedBy = Object.fromEntries(
    SKIP_REASONS.map((r) => [r, files.filter((s) => s.skipped === r).length]),
  ) as Record<SkipReason, number>;
  return {
    skills,
    summary: {
      files: files.length,
      skills: parsed.length,
      valid,
      invalid: parsed.length - valid,
      skipped: files.length - parsed.length,
      skippedBy,
      errors,
      warnings,
    },
    ...(sharded ? { positions, total, ...(routing ? { routing: inShard(routing, skills, positions) } : {}) } : {}),
  };
}

function inShard(
  inputs: readonly RoutingInput[],
  reports: readonly SkillReport[],
  positions: readonly number[],
): (RoutingInput & { entry: number })[] {
  const at = new Map(reports.map((r, i) => [r.shownFile, positions[i]!] as const));
  return inputs.flatMap((input) => (at.has(input.skill.file) ? [{ ...input, entry: at.get(input.skill.file)! }] : []));
}

function withRouting(reports: readonly SkillReport[], extra: ReadonlyMap<string, Diagnostic[]>): SkillReport[] {
  if (extra.size === 0) return [...reports];
  return reports.map((r) => {
    const more = r.shownFile === undefined ? undefined : extra.get(r.shownFile);
    if (!more) return r;
    const diagnostics = [...r.diagnostics, ...more].sort(compareDiagnostics);
    return { ...r, diagnostics, valid: !hasErrors(diagnostics) };
  });
}

function basePath(given: string, isFile: boolean): string {
  const base = toPosix(isFile ? dirname(given) : given);
  return base.length > 1 ? base.replace(/\/+$/, '') : base;
}

function underPath(report: SkillReport, base: string): SkillReport {
  const join = (p: string): string =>
    p === '.' ? base : base === '.' ? p : base.endsWith('/') ? `${base}${p}` : `${base}/${p}`;
  const moved = { ...report, dir: join(report.dir), file: join(report.file) };
  if (FOLDER_ENTRIES.has(report)) FOLDER_ENTRIES.add(moved);
  if (ELSEWHERE.has(report)) ELSEWHERE.add(moved);
  return moved;
}

function statGiven(given: string, abs: string): Stats {
  try {
    return statSync(abs);
  } catch {
    throw new SkillgraphError('root.missing', `path not found: ${given}`, { path: given });
  }
}

function validateOne(
  given: string,
  abs: string,
  stat: Stats,
  profile: ProfileName,
  options: ValidateOptions,
  budget: InputBudget,
  routing?: RoutingInput[],
): SkillReport[] {
  const display = (file: string): string =>
    toPosix(file === '.' ? given : given === '.' ? file : `${given.replace(/[\\/]+$/, '')}/${file}`);
  // Perf: an entry another shard checks is never read; it stays as a stand-in for its position.
  const mine = (shown: string): boolean => options.inShard === undefined || options.inShard(shown);
  const elsewhere = (dir: string, file: string, folder = false): SkillReport => {
    const entry: SkillReport = { dir, file, name: null, valid: true, diagnostics: [] };
    ELSEWHERE.add(entry);
    if (folder) FOLDER_ENTRIES.add(entry);
    return entry;
  };
  const folderShard = options.inShard === undefined || options.firstShard === true;
  if (stat.isFile()) {
    if (!isSkillFileName(basename(abs)))
      throw new SkillgraphError('root.not-directory', `not a folder or a SKILL.md: ${given}`, { path: given });
    if (!mine(toPosix(given))) return [elsewhere('.', basename(abs))];
    return [
      remembered(
        options.memo,
        abs,
        () =>
          validateFile(
            { dir: '.', file: basename(abs), abs },
            dirname(abs),
            profile,
            options,
            () => toPosix(given),
            budget,
            undefined,
            routing,
          ),
        routing,
      ),
    ];
  }
  if (!stat.isDirectory()) throw new SkillgraphError('root.not-directory', `not a folder: ${given}`, { path: given });

  const listings = new Map<string, Dirent[]>();
  const walk = walkTree(abs, options.maxDepth ?? DEFAULT_OPTIONS.maxDepth, listings);
  // Perf: the walk never follows a link, so every folder it lists is the resolved root joined with
  // its relative path: one realpath per PATH instead of two per skill.
  const realRoot = realRootOf(abs);
  const tree: TreeRead = { listings, buffer: new ReadBuffer(), realRoot };
  const check = (s: TreeSkillFile): SkillReport =>
    remembered(
      options.memo,
      s.abs,
      () => validateFile(s, resolve(abs, s.dir), profile, options, display, budget, tree, routing),
      routing,
    );
  const reports = walk.skills.map((s) =>
    options.inShard === undefined || mine(display(s.file)) ? check(s) : elsewhere(s.dir, s.file),
  );
  listings.clear();
  for (const l of walk.links) {
    const dir = l.skillFile.includes('/') ? l.skillFile.slice(0, l.skillFile.lastIndexOf('/')) : '.';
    if (!mine(display(l.skillFile))) reports.push(elsewhere(dir, l.skillFile));
    else
      reports.push({
        dir,
        file: l.skillFile,
        name: null,
        valid: true,
        diagnostics: [],
        skipped: 'linked',
        linkTo: l.target,
      });
  }
  for (const f of walk.findings) {
    const diagnostic = { ...f.diagnostic, file: display(f.path) };
    if (f.skillFile !== undefined) {
      const dir = f.skillFile.includes('/') ? f.skillFile.slice(0, f.skillFile.lastIndexOf('/')) : '.';
      if (!mine(display(f.skillFile))) {
        reports.push(elsewhere(dir, f.skillFile));
        continue;
      }
      const skipped: SkipReason = diagnostic.code.startsWith('discover.symlink-')
        ? 'symlink'
        : diagnostic.code === 'discover.not-regular'
          ? 'not-regular'
          : 'unreadable';
      reports.push({
        dir,
        file: f.skillFile,
        name: null,
        valid: diagnostic.severity !== 'error',
        diagnostics: [diagnostic],
        skipped,
      });
    } else if (!folderShard) {
      reports.push(elsewhere(f.path, f.path, true));
    } else {
      // A finding about the tree itself attaches to a pseudo-entry for that folder.
      const entry: SkillReport = {
        dir: f.path,
        file: f.path,
        name: null,
        valid: diagnostic.severity !== 'error',
        diagnostics: [diagnostic],
      };
      FOLDER_ENTRIES.add(entry);
      reports.push(entry);
    }
  }
  if (reports.every((r) => FOLDER_ENTRIES.has(r))) {
    // A mistyped path in CI must not pass as "0 checked".
    const entry: SkillReport = folderShard
      ? { dir: '.', file: '.', name: null, valid: false, diagnostics: [noSkillsDiagnostic(display('.'))] }
      : elsewhere('.', '.', true);
    FOLDER_ENTRIES.add(entry);
    reports.push(entry);
  }
  return reports.sort((a, b) => cmp(a.file, b.file));
}

function remembered(
  memo: ValidateMemo | undefined,
  file: string,
  check: () => SkillReport,
  routing?: RoutingInput[],
): SkillReport {
  const kept = memo?.get(file);
  if (kept !== undefined) {
    // A kept skill still takes part in the routing pass, with what it held when it was checked.
    const input = ROUTED.get(kept);
    if (routing && input) routing.push(input);
    return kept;
  }
  const before = routing?.length ?? 0;
  const report = check();
  if (routing && routing.length > before) ROUTED.set(report, routing[routing.length - 1]!);
  memo?.set(file, report);
  return report;
}

const ROUTED = new WeakMap<SkillReport, RoutingInput>();

interface TreeRead {
  readonly listings: Map<string, Dirent[]>;
  readonly buffer: ReadBuffer;
  /** Undefined when it cannot be resolved (each skill then resolves its own). */
  readonly realRoot: string | undefined;
}

function realRootOf(abs: string): string | undefined {
  try {
    return realpathSync.native(abs);
  } catch {
    return undefined;
  }
}

function detachedText(t: RoutingText): RoutingText {
  return { name: detached(t.name), text: detached(t.text) };
}

function noSkillsDiagnostic(path: string): Diagnostic {
  return {
    code: 'validate.no-skills',
    severity: 'error',
    message: `no SKILL.md under ${path}`,
    file: path,
    line: 0,
    column: 0,
    hint: 'check the path: validate takes a skill folder, a tree of them, or a SKILL.md',
  };
}

function validateFile(
  s: TreeSkillFile,
  folder: string,
  profile: ProfileName,
  options: ValidateOptions,
  display: (file: string) => string,
  budget: InputBudget,
  tree?: TreeRead,
  routing?: RoutingInput[],
): SkillReport {
  const shown = display(s.file);
  const failed = (diagnostic: Diagnostic): SkillReport => ({
    dir: s.dir,
    file: s.file,
    name: null,
    valid: diagnostic.severity !== 'error',
    diagnostics: [diagnostic],
  });
  // Never blocks or reads past the limit: a FIFO is refused before it is opened, and a file over the
  // parse limit is never read.
  const read: SafeRead =
    tree && s.target === undefined
      ? readListedFile(s.abs, DEFAULT_PARSE_OPTIONS.maxFileBytes, tree.buffer)
      : readRegularFile(s.target ?? s.abs, DEFAULT_PARSE_OPTIONS.maxFileBytes, { followLinks: true });
  if (!read.ok) {
    if (read.reason === 'too-large') return { ...tooLarge(s, shown, read.size ?? 0, profile), skipped: 'too-large' };
    const reason = read.reason === 'not-regular' ? 'not a regular file' : (read.errno ?? read.reason);
    const unread = failed({
      code: 'discover.unreadable',
      severity: 'error',
      message: `cannot read ${shown}: ${reason}`,
      file: shown,
      line: 0,
      column: 0,
      hint: 'check the permissions of this file',
    });
    return { ...unread, skipped: read.reason === 'not-regular' ? 'not-regular' : 'unreadable' };
  }
  // A total budget keeps many near-limit files within bounded memory; files past it are named, not read.
  if (!budget.take(read.bytes.length))
    return {
      ...failed(fileDiagnostic('input.budget', shown, { limit: budget.limit, size: read.bytes.length })),
      skipped: 'input-budget',
    };
  const bytes: Uint8Array = read.bytes;
  const realFolder =
    tree?.realRoot === undefined ? undefined : s.dir === '.' ? tree.realRoot : join(tree.realRoot, s.dir);
  let locator: string;
  try {
    // Perf: one native call, not an lstat of every parent folder from JavaScript.
    locator = toPosix(realFolder === undefined ? realpathSync.native(s.abs) : join(realFolder, basename(s.abs)));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    return {
      ...failed({
        code: 'discover.unreadable',
        severity: 'error',
        message: `cannot read ${shown}: ${reason}`,
        file: shown,
        line: 0,
        column: 0,
        hint: 'check the permissions of this file',
      }),
      skipped: 'unreadable',
    };
  }
  const dirName = basename(folder);
  const parsed = parseSkill(bytes, {
    locator,
    dirName,
    profile,
    ...(options.unicode ? { unicode: options.unicode } : {}),
  });
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (parsed.package && (options.lint ?? DEFAULT_OPTIONS.lint)) {
    const listing = listResourceFiles(
      folder,
      {},
      tree?.listings,
      realFolder === undefined ? undefined : { real: realFolder, file: { name: basename(s.abs), stat: read.stat } },
    );
    // A folder that cannot be listed whole is a lint finding here: the SKILL.md itself was read and checked.
    if (!listing.ok) diagnostics.push({ ...listing.diagnostic, severity: 'warning' });
    else {
      diagnostics.push(...lintSkill(parsed.package, { files: listing.files, locations: parsed.locations, profile }));
    }
    if (routing)
      routing.push(
        routingInput(
          parsed.package,
          parsed.locations.description,
          shown,
          toPosix(realFolder ?? folder),
          listing.ok ? listing.files : [],
          options.inShard === undefined,
        ),
      );
  }
  if (PROFILES[profile].features.audit) {
    const dir = shown.includes('/') ? shown.slice(0, shown.lastIndexOf('/')) : '.';
    diagnostics.push(
      ...auditSkill(
        { dir, skillFile: basename(s.abs), files: readSkillFiles(folder), ...auditFields(parsed.package) },
        options.parsers ? { parsers: options.parsers } : {},
      ).map((d) => ({ ...d, file: d.file === shownPath(dir, basename(s.abs)) ? shown : d.file })),
    );
  }
  // Audit findings keep their own file (a script, a reference); every other finding is about SKILL.md.
  const located = diagnostics
    .map((d) => (d.code.startsWith('security.') ? d : { ...d, file: shown }))
    .sort(compareDiagnostics);
  return {
    dir: s.dir,
    file: s.file,
    name: parsed.name === undefined ? null : detached(parsed.name),
    valid: !hasErrors(located),
    diagnostics: located,
    shownFile: shown,
    ...(parsed.package && options.keep !== 'findings' ? { package: parsed.package } : {}),
    // A second copy of a near-limit file held to the end of the run costs gigabytes over many such files.
    ...(bytes.length <= SOURCE_KEPT_BYTES && options.keep !== 'findings'
      ? { source: new TextDecoder().decode(bytes) }
      : {}),
  };
}

function routingInput(
  pkg: SkillPackage,
  at: { line: number; column: number } | undefined,
  shown: string,
  dir: string,
  files: readonly { path: string; size: number }[],
  linksOnly: boolean,
): RoutingInput {
  const shownDir = shown.includes('/') ? shown.slice(0, shown.lastIndexOf('/')) : '.';
  // Perf: a run's own routing pass reports missing siblings, which links alone make; a shard's inputs
  // go to `merge` whole.
  const references = linksOnly ? findOutboundLinks(pkg.body) : findReferences(pkg.body);
  const body = { path: basename(shown), references, firstLine: pkg.bodyLine, shown };
  return {
    skill: {
      name: detached(pkg.descriptor.name),
      routing: detachedText(routingText(pkg)),
      file: shown,
      line: at?.line ?? 0,
      column: at?.column ?? 0,
      digest: pkg.descriptor.digest,
    },
    source: { name: pkg.descriptor.name, dir, files: [body, ...markdownFiles(dir, files, shownDir, linksOnly)] },
  };
}

/** Without reading the file: parse's wording, the profile's severity. */
function tooLarge(s: TreeSkillFile, shown: string, size: number, profile: ProfileName): SkillReport {
  const diagnostic = fileTooLargeDiagnostic(profile, shown, size, DEFAULT_PARSE_OPTIONS.maxFileBytes);
  return { dir: s.dir, file: s.file, name: null, valid: diagnostic.severity !== 'error', diagnostics: [diagnostic] };
}
