// Every SKILL.md is recorded, an invalid one as `invalid` with its findings (status 1 unless
// `allowErrors`). A walk that stopped at a limit keeps the old lockfile unless `allowIncomplete`.
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
  /** Relative to `cwd`. */
  readonly out: string;
  readonly cwd?: string;
  /** Roots under it are written as `~/…` (default: the user's). */
  readonly home?: string;
  /** Status 0 even when skills are invalid (they are always recorded as invalid). */
  readonly allowErrors?: boolean;
  readonly allowIncomplete?: boolean;
}

export type WalkCompleteness = Pick<WalkReport, 'complete' | 'limits' | 'files'>;

export interface LockRun {
  readonly status: TaskStatus;
  /** Absolute; `shown` is relative to `cwd` when inside it. */
  readonly out: string;
  readonly shown: string;
  /** False when the walk stopped at a limit: the old lockfile stays. */
  readonly written: boolean;
  readonly digest: string;
  readonly state: LockState;
  readonly walk: WalkCompleteness;
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

/** Lock the catalog `options.request` describes into `options.out`. */
export async function lockTask(options: LockTaskOptions): Promise<LockRun> {
  checkOptionKeys(options, LOCK_TASK_KEYS);
  await prepareSeal();
  const cwd = options.cwd ?? process.cwd();
  const out = resolve(cwd, options.out);
  // Perf: a lock's time is hashing trees; a parse pool saves nothing there and its threads' heaps add to the peak.
  const engine = { ...options.request.engine, workers: options.request.engine?.workers ?? 0 };
  const result = await loadRequest({ ...options.request, engine });
  const places = lockPlaces(result, dirname(out), options.home ?? homedir());
  const { complete, limits, files } = result.walk;
  return sealLock({ ...options, out, cwd }, places, { complete, limits, files });
}

/** Relative to the lockfile's folder when inside it, `~/…` under home, else relative with `..`. */
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
  /** In the catalog, and folder seals that failed. */
  readonly errors: readonly Diagnostic[];
  /** A SKILL.md that does not make a skill. */
  readonly skillErrors: readonly Diagnostic[];
  readonly invalid: readonly LockInvalid[];
}

/** What a skill's lock entry and folder seal need, without the package. */
export interface PlacedSkill extends FolderInput {
  readonly scope: string;
  readonly root: string;
  readonly path: string;
  readonly digest: string;
  readonly locator: string;
  /** Keys of the tools that write, as the skill resolves. */
  readonly writes: readonly string[];
  readonly dependencies?: LockEntry['dependencies'];
}

export interface BrokenPlace extends FolderInput {
  readonly root: string;
  readonly path: string;
  readonly locator: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Everything a lock needs from a catalog run, as light data: the packages can then go. */
export interface LockPlaces {
  readonly skills: readonly PlacedSkill[];
  readonly broken: readonly BrokenPlace[];
  readonly skillErrors: readonly Diagnostic[];
  readonly complete: boolean;
  readonly digest: string;
}

/** Place every skill of `result` in its root, relative to `lockDir`; note the candidates that broke. */
export function lockPlaces(result: CatalogLoad, lockDir: string, home: string): LockPlaces {
  const { catalog, walk } = result;
  const place = (locator: string): { root: string; path: string } => {
    const p = walk.placed.get(locator);
    // Not from this walk (never so for the CLI): locate it by its own source.
    if (p === undefined) return { root: portableRoot(dirname(locator), lockDir, home), path: 'SKILL.md' };
    return { root: portableRoot(p.root, lockDir, home), path: p.inRoot };
  };
  // A skill that fails to resolve (a cycle, a missing include) counts its own composition.
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

/** The folders themselves, or (merge) the lock shards that sealed them. */
export type FolderSource = (folders: readonly (FolderInput & { readonly locator: string })[]) => readonly FolderSeal[];

/** Seal each skill's folder into its lock entry; one that cannot be read whole costs that skill only. */
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

/** Messages may name absolute paths, so only code and place are recorded. */
function finding(d: Diagnostic): { code: string; line: number; column: number } {
  return { code: d.code, line: d.line, column: d.column };
}

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

/** Atomic: temp file + rename, the temp removed on failure. */
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

/** Seal the placed skills' folders (read here, or from lock shards), apply the refusal rules, write atomically. */
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
  // Perf: the catalog's packages are unreachable now; each phase's garbage goes before the next allocates.
  collectGarbage(places.skills.length);
  const state = lockState(places, folders);
  collectGarbage(places.skills.length);
  const shown = displayPath(out, options.cwd);
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

/** The options a lock shard records (in its run fingerprint too). */
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
