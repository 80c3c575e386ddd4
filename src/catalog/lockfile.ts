// The lockfile travels with the project: no absolute paths, each skill named by its root and its path inside.
import type { ZodMiniType } from 'zod/mini';
import { once, zod, type Zod } from '../model/zod.js';
import { cmp } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { AUDIT_VERDICTS } from '../audit/audit.js';
import { widening, type CapabilitySurface, type CapabilityWidening } from '../audit/capabilities.js';
import { DIGEST_PATTERN } from './digest.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export const LOCKFILE_NAME = 'skillgraph.lock.json';

export const LOCKFILE_VERSION = 3;

// 2 lacks the invalid entries' status, findings and tree, which are optional.
const READABLE_VERSIONS: readonly number[] = [2, 3];

/** Why a skill in its place could not be locked as a skill. */
export const LOCK_INVALID_STATUSES = ['invalid', 'changed', 'unreadable'] as const;

type AuditVerdictName = (typeof AUDIT_VERDICTS)[number];

/** A skill's capability surface as sealed. */
export interface LockCapabilities {
  allowed_tools: string[];
  writes: string[];
  mcp_servers: string[];
  scripts: { path: string; digest: string }[];
  hosts: string[];
  audit: AuditVerdictName;
}

export interface LockEntry {
  name: string;
  scope: string;
  /** Relative to the lockfile's folder (POSIX), or `~/…` under the home folder. */
  root: string;
  /** POSIX path of SKILL.md inside the root. */
  path: string;
  digest: string;
  tree: string;
  /** Absent in older locks (then widening is not checked). */
  capabilities?: LockCapabilities;
  dependencies?: { tools: string[]; mcp_servers: string[] };
}

/** A SKILL.md in its place that is not locked as a skill, with why. */
export interface LockInvalid {
  root: string;
  path: string;
  status?: (typeof LOCK_INVALID_STATUSES)[number];
  codes: string[];
  findings?: { code: string; line: number; column: number }[];
  tree?: string;
}

export interface Lockfile {
  schemaVersion: 2 | 3;
  digest: string;
  /** False when the walk stopped at a limit (written only with `--allow-incomplete`). */
  complete: boolean;
  skills: LockEntry[];
  invalid?: LockInvalid[];
}

// Built on first use: zod is loaded then, not when the package is imported.
function buildSchemas(z: Zod) {
  const DIGEST = z.string().check(z.regex(DIGEST_PATTERN, 'expected sha256:<64 hex digits>'));
  const PORTABLE = z.string().check(
    z.minLength(1),
    z.refine(
      (p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.includes('\\') && !p.includes('\0'),
      'expected a relative POSIX path',
    ),
  );
  const strings = z.array(z.string());
  const CapabilitiesSchema: ZodMiniType<LockCapabilities> = z.strictObject({
    allowed_tools: strings,
    writes: strings,
    mcp_servers: strings,
    scripts: z.array(z.strictObject({ path: PORTABLE, digest: z.string() })),
    hosts: strings,
    audit: z.enum(AUDIT_VERDICTS as [AuditVerdictName, ...AuditVerdictName[]]),
  });
  const LockEntrySchema: ZodMiniType<LockEntry> = z.strictObject({
    name: z.string().check(z.minLength(1)),
    scope: z.string().check(z.minLength(1)),
    root: PORTABLE,
    path: PORTABLE,
    digest: DIGEST,
    tree: DIGEST,
    capabilities: z.optional(CapabilitiesSchema),
    dependencies: z.optional(z.strictObject({ tools: strings, mcp_servers: strings })),
  });
  // `tree` is the folder's digest when it could be made, so an edit to an invalid skill is drift too.
  const count = z.int().check(z.gte(0));
  const LockInvalidSchema: ZodMiniType<LockInvalid> = z.strictObject({
    root: PORTABLE,
    path: PORTABLE,
    status: z.optional(z.enum(LOCK_INVALID_STATUSES)),
    codes: strings,
    findings: z.optional(z.array(z.strictObject({ code: z.string(), line: count, column: count }))),
    tree: z.optional(DIGEST),
  });
  const LockfileSchema: ZodMiniType<Lockfile> = z.strictObject({
    schemaVersion: z.union([z.literal(2), z.literal(3)]),
    digest: DIGEST,
    complete: z.boolean(),
    skills: z.array(LockEntrySchema),
    invalid: z.optional(z.array(LockInvalidSchema)),
  });
  return { CapabilitiesSchema, LockEntrySchema, LockInvalidSchema, LockfileSchema };
}

/**
 * The zod schemas of a lockfile and its parts.
 * @internal
 */
export const lockSchemas = once(() => buildSchemas(zod()));

export interface CreateLockOptions {
  readonly complete: boolean;
  readonly invalid?: readonly LockInvalid[];
}

const CREATE_LOCK_KEYS = optionKeys<CreateLockOptions>('createLock', { complete: true, invalid: true });

/** A lockfile document; entries sorted by name. */
export function createLock(digest: string, entries: readonly LockEntry[], options: CreateLockOptions): Lockfile {
  checkOptionKeys(options, CREATE_LOCK_KEYS);
  const invalid = [...(options.invalid ?? [])].sort((a, b) => cmp(a.root, b.root) || cmp(a.path, b.path));
  return {
    schemaVersion: LOCKFILE_VERSION,
    digest,
    complete: options.complete,
    skills: [...entries].sort((a, b) => cmp(a.name, b.name)).map((e) => ({ ...e })),
    ...(invalid.length > 0 ? { invalid } : {}),
  };
}

/** Parse and validate lockfile text; any problem is `lockfile.invalid` naming the file. */
export function parseLock(text: string, file: string): Lockfile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SkillgraphError(
      'lockfile.invalid',
      `${file}: not valid JSON (${(error as Error).message})`,
      { file },
      error,
    );
  }
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && !READABLE_VERSIONS.includes(version)) {
    throw new SkillgraphError(
      'lockfile.invalid',
      `${file}: lockfile format ${version}, this skillgraph reads format ${LOCKFILE_VERSION}; run 'skillgraph lock' again`,
      { file, version },
    );
  }
  const parsed = lockSchemas().LockfileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SkillgraphError('lockfile.invalid', `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`, {
      file,
      path: issue.path.map(String),
    });
  }
  const names = new Set<string>();
  for (const s of parsed.data.skills) {
    if (names.has(s.name))
      throw new SkillgraphError('lockfile.invalid', `${file}: skill '${s.name}' is listed twice`, {
        file,
        name: s.name,
      });
    names.add(s.name);
  }
  return parsed.data;
}

export type LockField = 'scope' | 'root' | 'path' | 'digest' | 'tree';

export interface LockChange {
  readonly name: string;
  readonly fields: readonly LockField[];
  readonly locked: LockEntry;
  readonly current: LockEntry;
}

/** A locked skill whose file is still there but no longer makes a skill: its findings say why. */
export interface LockBroken<D> {
  readonly locked: LockEntry;
  readonly diagnostics: readonly D[];
}

/** A skill whose capability surface gained something since it was locked. */
export interface LockWidened {
  readonly name: string;
  readonly widening: CapabilityWidening;
  readonly current: LockEntry;
}

export interface LockDrift<D = unknown> {
  readonly ok: boolean;
  /** Reported apart from content changes. */
  readonly widened: readonly LockWidened[];
  /** Locked skills with no sealed surface (an older lock). */
  readonly unsealed: number;
  readonly added: readonly LockEntry[];
  readonly removed: readonly LockEntry[];
  readonly changed: readonly LockChange[];
  readonly invalid: readonly LockBroken<D>[];
  /** Other SKILL.md files that make no skill now; `recorded` when the lock lists them as invalid too. */
  readonly invalidNow: readonly {
    readonly root: string;
    readonly path: string;
    readonly diagnostics: readonly D[];
    readonly recorded: boolean;
  }[];
  /** Locked skills not found while the walk was incomplete: they may lie past the limit. */
  readonly incomplete: readonly LockEntry[];
}

export interface LockNow<D> {
  readonly entries: readonly LockEntry[];
  /** Candidates that made no skill, by `root` + `\0` + `path`, with their findings. */
  readonly broken: ReadonlyMap<string, readonly D[]>;
  readonly complete: boolean;
}

export function placeKey(root: string, path: string): string {
  return `${root}\0${path}`;
}

const FIELDS: readonly LockField[] = ['scope', 'root', 'path', 'digest', 'tree'];

/**
 * Compare a lock with the catalog now, lists sorted by name. Every SKILL.md that makes no skill now is
 * reported, recorded in the lock or not, until it is fixed.
 */
export function compareLock<D>(lock: Lockfile, now: LockNow<D>): LockDrift<D> {
  const before = new Map(lock.skills.map((e) => [e.name, e]));
  const current = new Map(now.entries.map((e) => [e.name, e]));
  const byName = (a: { name: string }, b: { name: string }): number => cmp(a.name, b.name);
  const added = now.entries.filter((e) => !before.has(e.name)).sort(byName);
  const removed: LockEntry[] = [];
  const invalid: LockBroken<D>[] = [];
  const incomplete: LockEntry[] = [];
  for (const e of [...lock.skills].sort(byName)) {
    if (current.has(e.name)) continue;
    const broken = now.broken.get(placeKey(e.root, e.path));
    if (broken) invalid.push({ locked: e, diagnostics: broken });
    else if (!now.complete) incomplete.push(e);
    else removed.push(e);
  }
  const changed: LockChange[] = [];
  const widened: LockWidened[] = [];
  for (const cur of [...now.entries].sort(byName)) {
    const old = before.get(cur.name);
    if (!old) continue;
    const fields = FIELDS.filter((f) => old[f] !== cur[f]);
    if (fields.length) changed.push({ name: cur.name, fields, locked: old, current: cur });
    const w =
      old.capabilities && cur.capabilities
        ? widening(old.capabilities as CapabilitySurface, cur.capabilities as CapabilitySurface)
        : undefined;
    if (w) widened.push({ name: cur.name, widening: w, current: cur });
  }
  const lockedPlaces = new Set(lock.skills.map((e) => placeKey(e.root, e.path)));
  const recorded = new Set((lock.invalid ?? []).map((e) => placeKey(e.root, e.path)));
  const invalidNow = [...now.broken]
    .filter(([key]) => !lockedPlaces.has(key))
    .map(([key, diagnostics]) => {
      const [root, path] = key.split('\0') as [string, string];
      return { root, path, diagnostics, recorded: recorded.has(key) };
    })
    .sort((a, b) => cmp(a.root, b.root) || cmp(a.path, b.path));
  const unsealed = lock.skills.filter((e) => e.capabilities === undefined).length;
  const drifted =
    added.length +
    removed.length +
    changed.length +
    invalid.length +
    invalidNow.length +
    incomplete.length +
    widened.length;
  return {
    ok: drifted === 0 && now.complete,
    widened,
    unsealed,
    added,
    removed,
    changed,
    invalid,
    invalidNow,
    incomplete,
  };
}
