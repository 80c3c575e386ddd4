/**
 * `skillgraph lock [PATH...] [--out FILE]` — record the catalog (names,
 * scopes, roots relative to the lockfile, paths inside the roots, package and
 * tree digests) in a lockfile, written atomically. With no roots given it
 * locks the project's own skills (user folders only with --include-user).
 * Every SKILL.md is recorded: a skill whose SKILL.md has errors as `invalid`
 * with its findings and its folder's tree digest, one whose files cannot be
 * read whole as `changed` or `unreadable`; the exit status is then 1, naming
 * them (--allow-errors: 0). A walk that stopped at a limit keeps the old
 * lockfile (exit 1) unless --allow-incomplete. `--shard i/n --json` parses
 * and seals the folders of one part; `skillgraph merge` writes the lockfile.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { createLock, LOCKFILE_NAME, placeKey, type LockCapabilities, type LockEntry, type LockInvalid, type LockNow } from '../../catalog/lockfile.js';
import { compositionWrites, packageSurface, type FileSurface } from '../../audit/capabilities.js';
import { resolveCatalog } from '../../engine/resolve.js';
import { collectGarbage } from '../../engine/gc.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { SkillgraphError, isSkillgraphError } from '../../model/errors.js';
import { writeFileAtomic } from '../../workspace/atomic.js';
import type { FlagSpec, ParsedArgs, VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags, homeFrom, type CatalogFromFlags } from '../catalog-flags.js';
import { lazyCatalogRequest } from '../catalog-request.js';
import { parseShard } from '../../tasks/shard.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { brokenFolderInput, folderInput, sealFolders, type FolderInput, type FolderSeal } from '../../tasks/lock-seal.js';
import { completenessJson, completenessLines, displayPath } from './catalog.js';

/** Flags lock and check add to the catalog flags. */
export const LOCK_FLAGS = {
  ...CATALOG_FLAGS,
  'include-user': { type: 'boolean', description: "with no roots given, also lock the user's agent folders (~/.claude/skills, …)" },
} as const satisfies Record<string, FlagSpec>;

export const spec: VerbSpec = {
  name: 'lock',
  summary: 'write the catalog (names, scopes, digests, tree digests) to a portable lockfile',
  usage: `[PATH...] [--out ${LOCKFILE_NAME}] [--allow-errors] [--allow-incomplete] [--shard i/n] [catalog flags]`,
  flags: {
    ...LOCK_FLAGS,
    out: { type: 'string', value: 'FILE', description: `lockfile to write (default ${LOCKFILE_NAME})` },
    'allow-errors': { type: 'boolean', description: 'exit 0 even when skills are invalid (they are always recorded as invalid in the lock)' },
    'allow-incomplete': { type: 'boolean', description: 'write the lock even when the walk stopped at a limit' },
    shard: { type: 'string', value: 'i/n', description: 'with --json: parse and seal the folders of shard i of n (a stable split by skill path); skillgraph merge writes the lockfile' },
  },
  positionals: 'roots',
  examples: [
    'skillgraph lock',
    'skillgraph lock skills --out skillgraph.lock.json',
  ],
};

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
 * @example const places = lockPlaces(await catalogFromFlags(values, io, 'lock'), dirname(out), home);
 */
export function lockPlaces(result: CatalogFromFlags, lockDir: string, home: string): LockPlaces {
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
  const writesOf = new Map(resolved.skills.map((r) => [r.name, r.ok ? r.entries.filter((e) => e.writes).map((e) => e.key) : undefined]));
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
  const made = new Set<string>([...catalog.skills.map((p) => p.descriptor.source.locator), ...catalog.conflicts.map((c) => c.shadowed)]);
  for (const [locator] of walk.placed) {
    if (made.has(locator)) continue;
    broken.push({ ...brokenFolderInput(locator), ...place(locator), locator, diagnostics: skillErrors.filter((d) => d.file === locator) });
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
      invalid.push({ root: s.root, path: s.path, status, codes: [seal.diagnostic.code], findings: [finding(seal.diagnostic)] });
      broken.set(placeKey(s.root, s.path), [seal.diagnostic]);
      return;
    }
    entries.push({ name: s.name, scope: s.scope, root: s.root, path: s.path, digest: s.digest, tree: seal.tree, capabilities: sealSurface(s, seal.files), ...(s.dependencies ? { dependencies: s.dependencies } : {}) });
  });
  places.broken.forEach((b, i) => {
    const seal = seals[places.skills.length + i]!;
    const codes = [...new Set(b.diagnostics.map((d) => d.code))].sort();
    invalid.push({ root: b.root, path: b.path, status: 'invalid', codes, findings: b.diagnostics.map(finding), ...(seal.ok ? { tree: seal.tree } : {}) });
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
  return { ...c, allowed_tools: [...c.allowed_tools], writes: [...c.writes], mcp_servers: [...c.mcp_servers], scripts: c.scripts.map((x) => ({ ...x })), hosts: [...c.hosts] };
}

/**
 * Build the catalog the flags describe and keep only what a lock needs: its places, the
 * completeness JSON and human lines. The catalog itself is not returned, so it can be collected.
 */
export async function placesFromCatalog(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  roots: readonly string[],
  lockDir: string,
  color: boolean,
): Promise<{ places: LockPlaces; completeness: Record<string, unknown>; lines: string[] }> {
  // Perf: a lock's time is hashing trees; a parse pool saves nothing there (100,000 skills: 20.3 s
  // pooled, 20.1 s inline) and its threads' heaps add to the peak (455–521 → 411 MiB). --workers still wins.
  const inline = values.workers === undefined ? { ...values, workers: '0' } : values;
  const result = await catalogFromFlags(inline, io, verb, { roots, projectOnly: true });
  return { places: lockPlaces(result, lockDir, homeFrom(io)), completeness: completenessJson(result.walk), lines: completenessLines(result.walk, color) };
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
    throw new SkillgraphError(code, `cannot write ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { file, ...(errno ? { errno } : {}) }, cause);
  }
}

/** One line per error finding: where, code, message. */
export function errorLines(errors: readonly Diagnostic[], io: CliIo, color: boolean): string[] {
  return errors.map((d) => `  ${paint(color, 'red', 'error')} ${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''} ${paint(color, 'dim', d.code)} ${d.message}`);
}

/** What a lock run writes and what it lets through. */
export interface LockOptions {
  /** The lockfile, absolute. */
  readonly out: string;
  readonly allowErrors: boolean;
  readonly allowIncomplete: boolean;
}

/** A catalog run reduced to what a lock needs (see `placesFromCatalog`). */
export interface LockInput {
  readonly places: LockPlaces;
  readonly completeness: Record<string, unknown>;
  readonly lines: string[];
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const options: LockOptions = {
    out: resolve(io.cwd, typeof values.out === 'string' ? values.out : LOCKFILE_NAME),
    allowErrors: values['allow-errors'] === true,
    allowIncomplete: values['allow-incomplete'] === true,
  };
  const shard = parseShard(io, spec.name, values.shard);
  if (shard) {
    if (values.json !== true) usageError(io, spec.name, '--shard prints a shard document: add --json');
    const request = await lazyCatalogRequest(values, io, spec.name, { roots: positionals, projectOnly: true });
    // Perf: imported here only: a shard parses in this thread (yaml), which the lock path leaves to the engine.
    const { catalogShard, catalogShardDocument } = await import('../../tasks/shard-catalog.js');
    const part = catalogShard(request, shard, sealFolders);
    writeJson(io, catalogShardDocument('lock', shard, part, lockShardOptions(options, homeFrom(io))));
    return EXIT.ok;
  }
  const color = useColor(io);
  const input = await placesFromCatalog(values, io, spec.name, positionals, dirname(options.out), color);
  return sealLock(io, options, input, { json: values.json === true, color });
}

/**
 * The options a lock shard records (in its run fingerprint too): where the lockfile goes, the
 * home folder roots are written under as `~/…`, and what may be locked.
 */
export function lockShardOptions(options: LockOptions, home: string): Record<string, unknown> {
  return { out: options.out, home, allow_errors: options.allowErrors, allow_incomplete: options.allowIncomplete };
}

/**
 * Seal the folders of the placed skills (read here, or taken from lock shards), apply the refusal
 * rules, write the lockfile atomically and report; the exit status.
 *
 * @example return sealLock(io, options, await placesFromCatalog(values, io, 'lock', [], dirname(options.out), false), { json: true, color: false });
 */
export function sealLock(io: CliIo, options: LockOptions, input: LockInput, how: { readonly json: boolean; readonly color: boolean }, folders: FolderSource = sealFolders): number {
  const { places, completeness, lines } = input;
  const { out } = options;
  const color = how.color;
  // Perf: the catalog's packages are unreachable now; each phase's garbage goes before the next
  // allocates (lock of 100,000 skills: peak RSS ~600 → ~500 MiB).
  collectGarbage(places.skills.length);
  const state = lockState(places, folders);
  collectGarbage(places.skills.length);
  const shown = displayPath(out, io.cwd);
  // Every skill is locked, an invalid one as invalid: only a walk cut short keeps the old lockfile.
  const written = state.complete || options.allowIncomplete;
  if (written) {
    const lock = createLock(places.digest, state.entries, { complete: state.complete, invalid: state.invalid });
    writeLockfile(out, `${JSON.stringify(lock, null, 2)}\n`);
  }
  const failing = (state.errors.length > 0 && !options.allowErrors) || (!state.complete && !options.allowIncomplete);
  const status = failing ? EXIT.findings : EXIT.ok;
  if (how.json) {
    writeJson(io, {
      lock: shown,
      written,
      digest: places.digest,
      skills: state.entries.length,
      errors: state.errors,
      invalid: state.invalid,
      ...completeness,
    });
    return status;
  }
  lines.unshift(...errorLines(state.errors, io, color));
  lines.push(
    written
      ? `Locked ${state.entries.length} skill(s) in ${shown} · ${places.digest}${state.invalid.length ? `; ${invalidSummary(state.invalid)}, recorded as such` : ''}`
      : paint(color, 'red', `Not locked: ${shown} left as it was, because the walk stopped at a limit (--allow-incomplete to lock what was found).`),
  );
  note(io, `${lines.join('\n')}\n`);
  return status;
}

/** `2 invalid (bad, broken), 1 changed during the run (pdf)`. */
function invalidSummary(invalid: readonly LockInvalid[]): string {
  const by = new Map<string, string[]>();
  for (const e of invalid) {
    const folder = e.path.split('/').slice(-2, -1)[0] ?? e.root;
    by.set(e.status ?? 'invalid', [...(by.get(e.status ?? 'invalid') ?? []), folder]);
  }
  const words: Record<string, string> = { invalid: 'invalid', changed: 'changed during the run', unreadable: 'not read whole' };
  return [...by].map(([status, folders]) => `${folders.length} ${words[status] ?? status} (${folders.slice(0, 5).join(', ')}${folders.length > 5 ? ', …' : ''})`).join(', ');
}
