/**
 * The `lock` task: record the catalog (names, scopes, roots relative to the
 * lockfile, paths inside the roots, package and tree digests, capability
 * surfaces) in a lockfile, written atomically. Every SKILL.md is recorded: a
 * skill whose SKILL.md has errors as `invalid` with its findings and its
 * folder's tree digest, one whose files cannot be read whole as `changed` or
 * `unreadable`; the status is then 1 (unless `allowErrors`). A walk that
 * stopped at a limit keeps the old lockfile (status 1) unless `allowIncomplete`.
 */
import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { compositionWrites, packageSurface, type FileSurface } from '../audit/capabilities.js';
import {
  createLock,
  placeKey,
  type LockCapabilities,
  type LockEntry,
  type LockInvalid,
  type LockNow,
} from '../catalog/lockfile.js';
import { displayPath } from '../discover/paths.js';
import { collectGarbage } from '../engine/gc.js';
import type { WalkReport } from '../engine/plan.js';
import { resolveCatalog } from '../engine/resolve.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError, isSkillgraphError } from '../model/errors.js';
import { writeFileAtomic } from '../workspace/atomic.js';
import { loadRequest, type CatalogLoad, type CatalogRequest } from './catalog-load.js';
import { completenessJson } from './catalog-document.js';
import type { TaskStatus } from './catalog.js';
import {
  brokenFolderInput,
  folderInput,
  prepareSeal,
  sealFolders,
  type FolderInput,
  type FolderSeal,
} from './lock-seal.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface LockTaskOptions {
  readonly request: CatalogRequest;
  /** The lockfile to write (relative to `cwd`). */
  readonly out: string;
  /** The folder paths are relative to and shown from (default: the working folder). */
  readonly cwd?: string;
  /** The home folder roots under it are written as `~/…` (default: the user's). */
  readonly home?: string;
  /** Status 0 even when skills are invalid (they are always recorded as invalid). */
  readonly allowErrors?: boolean;
  /** Write the lock even when the walk stopped at a limit. */
  readonly allowIncomplete?: boolean;
}

/** What a walk says about its own completeness (for people and the document). */
export type WalkCompleteness = Pick<WalkReport, 'complete' | 'limits' | 'files'>;

/** A lock task's result: what was locked, whether the lockfile was written, status and document. */
export interface LockRun {
  readonly status: TaskStatus;
  /** The lockfile, absolute, and as shown (relative to `cwd` when inside it). */
  readonly out: string;
  readonly shown: string;
  /** False when the walk stopped at a limit and incomplete locks were not allowed: the old lockfile stays. */
  readonly written: boolean;
  readonly digest: string;
  readonly state: LockState;
  readonly walk: WalkCompleteness;
  /** The `--json` document, without `schemaVersion`. */
  readonly document: Record<string, unknown>;
}

const LOCK_TASK_KEYS = optionKeys<LockTaskOptions>('lockTask', {
  request: true,
  out: true,
  cwd: true,
  home: true,
  allowErrors: true,
  allowIncomplete: true,
});

/**
 * Lock the catalog `options.request` describes into `options.out`.
 *
 * @example const run = await lockTask({ request, out: 'skillgraph.lock.json' }); run.written
 */
export async function lockTask(options: LockTaskOptions): Promise<LockRun> {
  checkOptionKeys(options, LOCK_TASK_KEYS);
  await prepareSeal();
  const cwd = options.cwd ?? process.cwd();
  const out = resolve(cwd, options.out);
  // Perf: a lock's time is hashing trees; a parse pool saves nothing there (100,000 skills: 20.3 s
  // pooled, 20.1 s inline) and its threads' heaps add to the peak (455–521 → 411 MiB).
  const engine = { ...options.request.engine, workers: options.request.engine?.workers ?? 0 };
  const result = await loadRequest({ ...options.request, engine });
  const places = lockPlaces(result, dirname(out), options.home ?? homedir());
  const { complete, limits, files } = result.walk;
  return sealLock({ ...options, out, cwd }, places, { complete, limits, files });
}

/**
 * A root as the lockfile names it: relative to the lockfile's folder when
 * inside it, `~/…` when under the home folder, else relative with `..`.
 *
 * @example portableRoot('/repo/.claude/skills', '/repo', '/home/me') // '.claude/skills'
 */
export function portableRoot(root: string, lockDir: string, home: string): string {
  const inside = (base: string): string | undefined => {
    const rel = relative(base, root);
    return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split(sep).join('/');
  };
  const local = inside(lockDir);
  if (local !== undefined) return local;
  const underHome = inside(home);
  if (underHome !== undefined) return underHome === '.' ? '~' : `~/${underHome}`;
  return relative(lockDir, root).split(sep).join('/');
}

/** The catalog now, as a lock sees it: entries, SKILL.md files that make no skill, and every error. */
export interface LockState extends LockNow<Diagnostic> {
  /** Error findings: in the catalog, and folder seals that failed. */
  readonly errors: readonly Diagnostic[];
  /** The catalog's own error findings (a SKILL.md that does not make a skill). */
  readonly skillErrors: readonly Diagnostic[];
  /** Every SKILL.md in place that is not locked as a skill, with why. */
  readonly invalid: readonly LockInvalid[];
}

/** A catalogued skill placed in its root: what its lock entry and folder seal need, without the package. */
export interface PlacedSkill extends FolderInput {
  readonly scope: string;
  readonly root: string;
  readonly path: string;
  readonly digest: string;
  /** The package's SKILL.md (its locator). */
  readonly locator: string;
  /** The keys of the tools that write, as the skill resolves. */
  readonly writes: readonly string[];
  readonly dependencies?: LockEntry['dependencies'];
}

/** A SKILL.md placed in its root that made no package, with the findings that say why. */
export interface BrokenPlace extends FolderInput {
  readonly root: string;
  readonly path: string;
  readonly locator: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Everything a lock needs from a catalog run, as plain light data (the packages can then go). */
export interface LockPlaces {
  readonly skills: readonly PlacedSkill[];
  readonly broken: readonly BrokenPlace[];
  readonly skillErrors: readonly Diagnostic[];
  readonly complete: boolean;
  readonly digest: string;
}

/**
 * Place every skill of `result` in its root, relative to `lockDir`; note the candidates that broke.
 *
 * @example const places = lockPlaces(await loadRequest(request), dirname(out), home);
 */
export function lockPlaces(result: CatalogLoad, lockDir: string, home: string): LockPlaces {
  const { catalog, walk } = result;
  const place = (locator: string): { root: string; path: string } => {
    const p = walk.placed.get(locator);
    // A package not from this walk (never the case for the CLI): locate it by its own source.
    if (p === undefined) return { root: portableRoot(dirname(locator), lockDir, home), path: 'SKILL.md' };
    return { root: portableRoot(p.root, lockDir, home), path: p.inRoot };
  };
  // The tools that write, as each skill resolves (its includes' tools too); a skill that fails to
  // resolve (a cycle, a missing include) counts its own composition.
  const resolved = resolveCatalog(catalog);
  const writesOf = new Map(
    resolved.skills.map((r) => [r.name, r.ok ? r.entries.filter((e) => e.writes).map((e) => e.key) : undefined]),
  );
  const skills = catalog.skills.map((p): PlacedSkill => {
    const locator = p.descriptor.source.locator;
    const deps = p.descriptor.dependencies;
    return {
      ...folderInput(p),
      scope: p.descriptor.source.scope,
      ...place(locator),
      digest: p.descriptor.digest,
      locator,
      writes: writesOf.get(p.descriptor.name) ?? compositionWrites(p.descriptor.name, p.composition),
      ...(deps ? { dependencies: { tools: [...deps.tools], mcp_servers: [...deps.mcp_servers] } } : {}),
    };
  });
  const skillErrors = catalog.diagnostics.filter((d) => d.severity === 'error');
  const broken: BrokenPlace[] = [];
  // Candidates that made no package: their file is in place but broken; their findings say why.
  const made = new Set<string>([
    ...catalog.skills.map((p) => p.descriptor.source.locator),
    ...catalog.conflicts.map((c) => c.shadowed),
  ]);
  for (const [locator] of walk.placed) {
    if (made.has(locator)) continue;
    broken.push({
      ...brokenFolderInput(locator),
      ...place(locator),
      locator,
      diagnostics: skillErrors.filter((d) => d.file === locator),
    });
  }
  return { skills, broken, skillErrors, complete: walk.complete, digest: catalog.digest };
}

/** Where a lock's folder seals come from: the folders themselves, or (merge) the lock shards that sealed them. */
export type FolderSource = (folders: readonly (FolderInput & { readonly locator: string })[]) => readonly FolderSeal[];

/**
 * Seal each placed skill's folder (tree digest, scripts, hosts, audit) into its lock entry, and
 * each broken SKILL.md's folder for its tree digest. A folder that cannot be read whole costs that
 * skill only: it is recorded as `changed` or `unreadable`.
 *
 * @example const state = lockState(places);
 */
export function lockState(places: LockPlaces, folders: FolderSource = sealFolders): LockState {
  const seals = folders([...places.skills, ...places.broken]);
  const entries: LockEntry[] = [];
  const errors: Diagnostic[] = [...places.skillErrors];
  const invalid: LockInvalid[] = [];
  const broken = new Map<string, readonly Diagnostic[]>();
  places.skills.forEach((s, i) => {
    const seal = seals[i]!;
    if (!seal.ok) {
      errors.push(seal.diagnostic);
      const status = seal.diagnostic.code === 'resource.changed' ? 'changed' : 'unreadable';
      invalid.push({
        root: s.root,
        path: s.path,
        status,
        codes: [seal.diagnostic.code],
        findings: [finding(seal.diagnostic)],
      });
      broken.set(placeKey(s.root, s.path), [seal.diagnostic]);
      return;
    }
    entries.push({
      name: s.name,
      scope: s.scope,
      root: s.root,
      path: s.path,
      digest: s.digest,
      tree: seal.tree,
      capabilities: sealSurface(s, seal.files),
      ...(s.dependencies ? { dependencies: s.dependencies } : {}),
    });
  });
  places.broken.forEach((b, i) => {
    const seal = seals[places.skills.length + i]!;
    const codes = [...new Set(b.diagnostics.map((d) => d.code))].sort();
    invalid.push({
      root: b.root,
      path: b.path,
      status: 'invalid',
      codes,
      findings: b.diagnostics.map(finding),
      ...(seal.ok ? { tree: seal.tree } : {}),
    });
    broken.set(placeKey(b.root, b.path), b.diagnostics);
  });
  return { entries, broken, complete: places.complete, errors, skillErrors: places.skillErrors, invalid };
}

/** A finding as the lockfile records it: portable (messages may name absolute paths, so they stay out). */
function finding(d: Diagnostic): { code: string; line: number; column: number } {
  return { code: d.code, line: d.line, column: d.column };
}

/** The capability surface of a placed skill: its package's part and what its folder seal read from its files. */
function sealSurface(s: PlacedSkill, files: FileSurface): LockCapabilities {
  const c = packageSurface(s, files);
  return {
    ...c,
    allowed_tools: [...c.allowed_tools],
    writes: [...c.writes],
    mcp_servers: [...c.mcp_servers],
    scripts: c.scripts.map((x) => ({ ...x })),
    hosts: [...c.hosts],
  };
}

/** Write the lockfile through the workspace's atomic write (temp file + rename, temp removed on failure). */
export function writeLockfile(file: string, text: string): void {
  try {
    writeFileAtomic(file, text);
  } catch (error) {
    if (!isSkillgraphError(error) || error.code !== 'io') throw error;
    // A target that is a folder, or under a file or a missing folder, is the caller's path (exit 2), not a crash.
    const cause = error.cause;
    const errno = (cause as NodeJS.ErrnoException | undefined)?.code;
    const code = errno === 'EISDIR' || errno === 'ENOTDIR' || errno === 'ENOENT' ? 'path.invalid' : 'io';
    throw new SkillgraphError(
      code,
      `cannot write ${file}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { file, ...(errno ? { errno } : {}) },
      cause,
    );
  }
}

/**
 * Seal the folders of the placed skills (read here, or taken from lock shards), apply the refusal
 * rules and write the lockfile atomically.
 *
 * @example const run = sealLock({ out, cwd }, lockPlaces(result, dirname(out), home), result.walk);
 */
export function sealLock(
  options: {
    readonly out: string;
    readonly cwd: string;
    readonly allowErrors?: boolean;
    readonly allowIncomplete?: boolean;
  },
  places: LockPlaces,
  walk: WalkCompleteness,
  folders: FolderSource = sealFolders,
): LockRun {
  const { out } = options;
  // Perf: the catalog's packages are unreachable now; each phase's garbage goes before the next
  // allocates (lock of 100,000 skills: peak RSS ~600 → ~500 MiB).
  collectGarbage(places.skills.length);
  const state = lockState(places, folders);
  collectGarbage(places.skills.length);
  const shown = displayPath(out, options.cwd);
  // Every skill is locked, an invalid one as invalid: only a walk cut short keeps the old lockfile.
  const written = state.complete || options.allowIncomplete === true;
  if (written) {
    const lock = createLock(places.digest, state.entries, { complete: state.complete, invalid: state.invalid });
    writeLockfile(out, `${JSON.stringify(lock, null, 2)}\n`);
  }
  const failing =
    (state.errors.length > 0 && options.allowErrors !== true) || (!state.complete && options.allowIncomplete !== true);
  const document = {
    lock: shown,
    written,
    digest: places.digest,
    skills: state.entries.length,
    errors: state.errors,
    invalid: state.invalid,
    ...completenessJson(walk),
  };
  return { status: failing ? 1 : 0, out, shown, written, digest: places.digest, state, walk, document };
}

/**
 * The options a lock shard records (in its run fingerprint too): where the lockfile goes, the
 * home folder roots are written under as `~/…`, and what may be locked.
 */
export function lockShardOptions(options: {
  readonly out: string;
  readonly home: string;
  readonly allowErrors?: boolean;
  readonly allowIncomplete?: boolean;
}): Record<string, unknown> {
  return {
    out: options.out,
    home: options.home,
    allow_errors: options.allowErrors === true,
    allow_incomplete: options.allowIncomplete === true,
  };
}
