// The source folder is untrusted and may change under us: every listed file is opened without following a link
// and checked to be the file listed (device, inode, size). Each skill is all-or-nothing for what can be known
// before its first write, and the workspace may not overlap a source, so a copy never writes into one.
import { closeSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { catalogLeftOut, leftOutPackage, type LeftOutSkill } from '../context/left-out.js';
import { FILE_MESSAGES, fileDiagnostic, type FileCode } from '../discover/file-messages.js';
import { isInside } from '../discover/paths.js';
import { LoadedSet } from '../context/loaded-set.js';
import { findSkill } from '../context/lookup.js';
import { loadSkillAnswer, parseLoadSkillArgs, type LoadSkillAnswer } from '../context/tool.js';
import { listResourceFiles, openListed, readListed, type ResourceFile } from '../discover/resources.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { Catalog } from '../model/catalog.js';
import { cmp } from '../model/diagnostics.js';
import { isSkillgraphError, SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { ioError, writeFileAtomic } from './atomic.js';
import { cacheDirProblem, ensureCacheDir } from './cache-dir.js';
import { checkTarget, prepareTarget, validateRelativePath, validateUniquePaths } from './paths.js';
import { verifySealed, type ReadOptions } from './read.js';
import { readRegularFile } from '../discover/safe-read.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface MaterializeOptions extends ReadOptions {
  /** Stage nothing now; `load(name)` stages one skill at a time. */
  readonly lazy?: boolean;
  /**
   * Replace workspace files with other content, and stage a skill again. Default false: such a file leaves
   * that skill out with `workspace.exists`, before any of its files is written.
   */
  readonly force?: boolean;
  /** Only these skills (names or `scope/name`); default every skill in the catalog. */
  readonly names?: readonly string[];
}

/** One staged skill. `path` is `<dir>/<name>` as a POSIX path. */
export interface StagedSkill {
  readonly status: 'loaded' | 'already_loaded';
  readonly name: string;
  readonly digest: string;
  readonly path: string;
  /** Relative POSIX paths; empty when already loaded. */
  readonly files: readonly string[];
}

/** A workspace that stages skills on demand: the backend of a `load_skill` tool. */
export interface LazyWorkspace {
  readonly dir: string;
  readonly names: readonly string[];
  readonly loaded: LoadedSet;
  /** Stage one skill; `already_loaded` when it is there with the same SKILL.md. */
  load(name: string): StagedSkill;
  /** Answer one `load_skill` call: `{"skill_name": …}` (or `name`), as JSON text or an object. */
  loadSkill(args: unknown): LoadSkillAnswer;
}

export interface MaterializeResult {
  readonly dir: string;
  /** Skills copied now (empty in lazy mode), in name order. */
  readonly skills: readonly StagedSkill[];
  readonly workspace: LazyWorkspace | null;
  /** Skills not copied with their findings: failures and, when no names were given, invalid skills. */
  readonly leftOut: readonly LeftOutSkill[];
}

const MATERIALIZE_KEYS = optionKeys<MaterializeOptions>('materialize', {
  lazy: true,
  force: true,
  names: true,
  profile: true,
  hasher: true,
  modelOnly: true,
  verify: true,
});

/** Copy skills from `catalog` into `dir` (created if missing), or with `lazy` stage them one `load` at a time. */
export function materialize(catalog: Catalog, dir: string, options: MaterializeOptions = {}): MaterializeResult {
  checkOptionKeys(options, MATERIALIZE_KEYS);
  const packages = selectPackages(catalog, options.names);
  assertNoOverlap(catalog, dir);
  if (options.lazy) {
    return {
      dir: toPosixPath(dir),
      skills: [],
      workspace: lazyWorkspace(catalog, prepareRoot(dir), dir, packages, options),
      leftOut: [],
    };
  }
  const root = prepareRoot(dir);
  const skills: StagedSkill[] = [];
  const leftOut: LeftOutSkill[] = options.names === undefined ? catalogLeftOut(catalog) : [];
  for (const pkg of packages) {
    try {
      const p = plan(pkg, options);
      // The workspace's own state too (wrong kind of entry, a link out, other content), before the first write.
      checkTargets(p, root, dir, options);
      skills.push(write(p, root, dir));
    } catch (error) {
      leftOut.push(leftOutPackage(pkg, 'failed', [failureDiagnostic(error, pkg)]));
    }
  }
  return { dir: toPosixPath(dir), skills, workspace: null, leftOut };
}

/** Codes of a skill's own problems: the skill is left out and the others are copied. */
const SKILL_FAILURES: Readonly<Partial<Record<string, FileCode>>> = {
  'skill.invalid': 'resource.io',
  'skill.digest-changed': 'skill.changed',
  'workspace.exists': 'workspace.exists',
  'path.invalid': 'workspace.name',
  'path.duplicate': 'workspace.name',
  io: 'workspace.write',
};

// About what already sits in the workspace, not about the skill's own names.
const IN_THE_WAY = new Set(['not-file', 'not-directory', 'escape_root']);

function failureDiagnostic(error: unknown, pkg: SkillPackage): Diagnostic {
  const known = isSkillgraphError(error) ? SKILL_FAILURES[error.code] : undefined;
  if (known === undefined || !isSkillgraphError(error)) throw error;
  const code = IN_THE_WAY.has(String(error.details.reason)) ? 'workspace.exists' : known;
  const file = typeof error.details.path === 'string' ? error.details.path : pkg.descriptor.source.locator;
  const own = error.details.diagnostic;
  if (typeof own === 'string' && Object.hasOwn(FILE_MESSAGES, own))
    return { ...fileDiagnostic(own as FileCode, file, {}), message: error.message };
  return fileDiagnostic(code, file, { detail: error.message });
}

// Copying into a skill root or folder would write into the skills being copied.
function assertNoOverlap(catalog: Catalog, dir: string): void {
  const target = canonical(resolve(dir));
  const places = new Map<string, string>();
  for (const p of catalog.skills) {
    places.set(p.descriptor.source.root, 'skill root');
    places.set(dirname(p.descriptor.source.locator), `folder of skill '${p.descriptor.name}'`);
  }
  for (const c of catalog.conflicts) places.set(dirname(c.shadowed), `folder of skill '${c.name}'`);
  for (const [place, what] of places) {
    const real = canonical(place);
    if (isInside(real, target) || isInside(target, real)) {
      const how = real === target ? 'is' : isInside(real, target) ? 'lies inside' : 'holds';
      throw new SkillgraphError(
        'path.invalid',
        `workspace ${dir} ${how} the ${what} ${place}; choose a folder apart from the skills`,
        {
          field: 'dir',
          path: dir,
          reason: 'overlaps-source',
        },
      );
    }
  }
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(canonical(parent), basename(path));
  }
}

/** A lazy workspace over `dir` without staging anything. */
export function createLazyWorkspace(
  catalog: Catalog,
  dir: string,
  options: Omit<MaterializeOptions, 'lazy'> = {},
): LazyWorkspace {
  return materialize(catalog, dir, { ...options, lazy: true }).workspace!;
}

function selectPackages(catalog: Catalog, names: readonly string[] | undefined): SkillPackage[] {
  const chosen = names === undefined ? [...catalog.skills] : names.map((n) => findSkill(catalog, n));
  // Names are checked when their skill is planned: one bad name leaves only that skill out.
  const seen = new Set<string>();
  chosen.forEach((p, index) => {
    const name = p.descriptor.name;
    if (seen.has(name))
      throw new SkillgraphError('path.duplicate', `names lists '${name}' more than once`, {
        field: 'names',
        path: name,
        index,
      });
    seen.add(name);
  });
  return chosen.sort((a, b) => cmp(a.descriptor.name, b.descriptor.name));
}

function prepareRoot(dir: string): string {
  // Made one level at a time, as the cache folder is (recursive mkdir under /proc never returns). A path through
  // a file or on a kernel file system is the caller's mistake (exit 2); an unwritable folder fails at first write.
  const problem = cacheDirProblem(dir);
  if (problem !== null && problem !== 'not-writable') {
    throw new SkillgraphError(
      'path.invalid',
      `workspace ${dir} is not a folder skillgraph can write into (${problem})`,
      { field: 'dir', path: dir, reason: 'not-directory' },
    );
  }
  if (problem === null && !ensureCacheDir(dir))
    throw ioError(`create workspace ${dir}`, 'the folder could not be made', { dir });
  try {
    return realpathSync(dir);
  } catch (error) {
    throw ioError(`create workspace ${dir}`, error, { dir });
  }
}

function lazyWorkspace(
  catalog: Catalog,
  root: string,
  dir: string,
  packages: SkillPackage[],
  options: MaterializeOptions,
): LazyWorkspace {
  const allowed = new Set(packages.map((p) => p.descriptor.name));
  let loaded = LoadedSet.EMPTY;
  const workspace: LazyWorkspace = {
    dir: toPosixPath(dir),
    names: [...allowed].sort(cmp),
    get loaded() {
      return loaded;
    },
    loadSkill(args: unknown): LoadSkillAnswer {
      return loadSkillAnswer(workspace.load(parseLoadSkillArgs(args).skill_name));
    },
    load(name: string): StagedSkill {
      const pkg = findSkill(catalog, name, { modelOnly: options.modelOnly ?? false });
      if (!allowed.has(pkg.descriptor.name)) {
        throw new SkillgraphError(
          'skill.not-found',
          `skill '${pkg.descriptor.name}' is not offered by this workspace`,
          { name },
        );
      }
      loaded.with(pkg.descriptor.name, pkg.descriptor.digest); // throws digest-changed on a mismatch
      const staged = stageLazily(pkg, root, dir, options);
      loaded = loaded.with(pkg.descriptor.name, pkg.descriptor.digest);
      return staged;
    },
  };
  return workspace;
}

interface Plan {
  readonly pkg: SkillPackage;
  readonly name: string;
  readonly source: string;
  readonly files: readonly string[];
  /** What each open of `files` (same order) is checked against. */
  readonly listed: readonly ResourceFile[];
}

function plan(pkg: SkillPackage, options: MaterializeOptions): Plan {
  const d = pkg.descriptor;
  const name = validateRelativePath(d.name, 'name', { singleSegment: true, context: { skill: d.name } });
  if (options.verify ?? true) verifySealed(pkg, options);
  const source = dirname(d.source.locator);
  const listing = listResourceFiles(source);
  if (!listing.ok) throw skillProblem(d.name, listing.diagnostic);
  const files = validateUniquePaths(
    listing.files.map((r) => r.path),
    'resources',
    { noBackslash: true, context: { skill: d.name } },
  );
  // Opened now so an unreadable or swapped file fails the call before anything is written.
  for (const f of listing.files) {
    const problem = checkOpen(f);
    if (problem) throw skillProblem(d.name, problem);
  }
  return { pkg, name, source, files, listed: listing.files };
}

function checkOpen(f: ResourceFile): Diagnostic | undefined {
  const opened = openListed(f);
  if (!opened.ok) return opened.diagnostic;
  closeSync(opened.fd);
  return undefined;
}

function skillProblem(skill: string, d: Diagnostic): SkillgraphError {
  return new SkillgraphError('skill.invalid', `skill '${skill}' cannot be materialised: ${d.message}`, {
    skill,
    diagnostic: d.code,
    path: d.file,
  });
}

// Unless `force`, a file already there with other bytes (or a link) is refused, not overwritten: it may be
// someone's work.
function checkTargets(p: Plan, root: string, dir: string, options: MaterializeOptions): void {
  p.files.forEach((rel, i) => {
    const target = checkTarget(root, `${p.name}/${rel}`, 'resources');
    if (target === undefined || options.force === true) return;
    if (holdsOtherContent(target, p.listed[i]!, p.pkg.descriptor.name)) {
      const shown = toPosixPath(join(dir, p.name, rel));
      throw new SkillgraphError(
        'workspace.exists',
        `workspace file ${shown} already exists with other content than skill '${p.pkg.descriptor.name}' has; move it away or pass force (--force) to replace it`,
        { skill: p.pkg.descriptor.name, path: shown },
      );
    }
  });
}

function holdsOtherContent(target: string, f: ResourceFile, skill: string): boolean {
  const there = readRegularFile(target, f.size);
  if (!there.ok) return there.reason !== 'missing';
  if (there.bytes.length !== f.size) return true;
  let at = 0;
  let same = true;
  const problem = readListed(f, (chunk) => {
    if (same && !there.bytes.subarray(at, at + chunk.length).equals(chunk)) same = false;
    at += chunk.length;
  });
  if (problem) throw skillProblem(skill, problem);
  return !same;
}

function write(p: Plan, root: string, dir: string): StagedSkill {
  p.files.forEach((rel, i) => {
    const f = p.listed[i]!;
    const abs = prepareTarget(root, `${p.name}/${rel}`, 'resources');
    // Read through the checked open: a file swapped since the listing is refused, not copied.
    // Perf: one buffer of the listed size, filled in place (no chunk list to concat).
    const data = Buffer.allocUnsafe(f.size);
    let at = 0;
    const problem = readListed(f, (chunk) => {
      data.set(chunk, at);
      at += chunk.length;
    });
    if (problem) throw skillProblem(p.pkg.descriptor.name, problem);
    writeFileAtomic(abs, data, f.mode);
  });
  const d = p.pkg.descriptor;
  return { status: 'loaded', name: d.name, digest: d.digest, path: toPosixPath(join(dir, p.name)), files: p.files };
}

// A SKILL.md already in the workspace is `already_loaded` even if edited (the agent may have changed its copy).
function stageLazily(pkg: SkillPackage, root: string, dir: string, options: MaterializeOptions): StagedSkill {
  const name = validateRelativePath(pkg.descriptor.name, 'name', {
    singleSegment: true,
    context: { skill: pkg.descriptor.name },
  });
  // A skill edited since sealing is reported, whatever the workspace holds.
  if (options.verify ?? true) verifySealed(pkg, options);
  if (options.force !== true && readRegularFile(resolve(root, name, 'SKILL.md'), STAGED_SKILL_MAX_BYTES).ok) {
    const d = pkg.descriptor;
    return { status: 'already_loaded', name: d.name, digest: d.digest, path: toPosixPath(join(dir, name)), files: [] };
  }
  const p = plan(pkg, { ...options, verify: false });
  checkTargets(p, root, dir, options);
  return write(p, root, dir);
}

// Twice the parser's cap: a staged copy larger than this is not one we staged.
const STAGED_SKILL_MAX_BYTES = 16 * 1024 * 1024;

function toPosixPath(path: string): string {
  return path.replace(/\\/g, '/');
}
