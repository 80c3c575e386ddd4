/**
 * The lockfile (`skillgraph.lock.json`): what a catalog held when it was
 * locked — names, scopes, locators relative to the locking folder, package
 * digests and tree digests — and the drift between a lock and a catalog now.
 * Pure: callers read/write the file and compute tree digests.
 */
import { z } from 'zod';
import { cmp } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { DIGEST_PATTERN } from './digest.js';

/** Default file name, in the working folder. */
export const LOCKFILE_NAME = 'skillgraph.lock.json';

const DIGEST = z.string().regex(DIGEST_PATTERN, 'expected sha256:<64 hex digits>');

export const LockEntrySchema = z.strictObject({
  name: z.string().min(1),
  scope: z.string().min(1),
  /** POSIX path of SKILL.md relative to the folder the lock was written in (absolute if outside it). */
  locator: z.string().min(1),
  digest: DIGEST,
  tree: DIGEST,
});
export type LockEntry = z.infer<typeof LockEntrySchema>;

export const LockfileSchema = z.strictObject({
  schemaVersion: z.literal(1),
  /** Catalog digest when locked. */
  digest: DIGEST,
  skills: z.array(LockEntrySchema),
});
export type Lockfile = z.infer<typeof LockfileSchema>;

/**
 * A lockfile document; entries sorted by name.
 *
 * @example createLock(catalog.digest, entries) // { schemaVersion: 1, digest, skills: [...] }
 */
export function createLock(digest: string, entries: readonly LockEntry[]): Lockfile {
  return { schemaVersion: 1, digest, skills: [...entries].sort((a, b) => cmp(a.name, b.name)).map((e) => ({ ...e })) };
}

/**
 * Parse and validate lockfile text; any problem is `lockfile.invalid` naming the file.
 *
 * @example parseLock(text, 'skillgraph.lock.json').skills.length
 */
export function parseLock(text: string, file: string): Lockfile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SkillgraphError('lockfile.invalid', `${file}: not valid JSON (${(error as Error).message})`, { file }, error);
  }
  const parsed = LockfileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SkillgraphError('lockfile.invalid', `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`, { file, path: issue.path.map(String) });
  }
  const names = new Set<string>();
  for (const s of parsed.data.skills) {
    if (names.has(s.name)) throw new SkillgraphError('lockfile.invalid', `${file}: skill '${s.name}' is listed twice`, { file, name: s.name });
    names.add(s.name);
  }
  return parsed.data;
}

/** Which recorded fields of a skill differ. */
export type LockField = 'scope' | 'locator' | 'digest' | 'tree';

export interface LockChange {
  readonly name: string;
  readonly fields: readonly LockField[];
  readonly locked: LockEntry;
  readonly current: LockEntry;
}

export interface LockDrift {
  readonly ok: boolean;
  readonly added: readonly LockEntry[];
  readonly removed: readonly LockEntry[];
  readonly changed: readonly LockChange[];
}

const FIELDS: readonly LockField[] = ['scope', 'locator', 'digest', 'tree'];

/**
 * Compare a lock with the entries of the catalog now; lists are sorted by name.
 *
 * @example compareLock(lock, entries).ok // false when a script changed
 */
export function compareLock(lock: Lockfile, current: readonly LockEntry[]): LockDrift {
  const before = new Map(lock.skills.map((e) => [e.name, e]));
  const now = new Map(current.map((e) => [e.name, e]));
  const byName = (a: { name: string }, b: { name: string }): number => cmp(a.name, b.name);
  const added = current.filter((e) => !before.has(e.name)).sort(byName);
  const removed = lock.skills.filter((e) => !now.has(e.name)).sort(byName);
  const changed: LockChange[] = [];
  for (const cur of [...current].sort(byName)) {
    const old = before.get(cur.name);
    if (!old) continue;
    const fields = FIELDS.filter((f) => old[f] !== cur[f]);
    if (fields.length) changed.push({ name: cur.name, fields, locked: old, current: cur });
  }
  return { ok: added.length + removed.length + changed.length === 0, added, removed, changed };
}
