/**
 * `skillgraph lock [--out FILE]` — record the catalog (names, scopes,
 * locators relative to the working folder, package and tree digests) in a
 * lockfile, written atomically (temp file + rename).
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { createLock, LOCKFILE_NAME, type LockEntry } from '../../catalog/lockfile.js';
import { treeDigests } from '../../discover/resources.js';
import type { Catalog } from '../../model/catalog.js';
import { SkillgraphError, isSkillgraphError } from '../../model/errors.js';
import { writeFileAtomic } from '../../workspace/atomic.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { writeJson, type CliIo } from '../io.js';
import { displayPath } from './catalog.js';

export const spec: VerbSpec = {
  name: 'lock',
  summary: 'write the catalog (names, scopes, digests, tree digests) to a lockfile',
  usage: `[--out ${LOCKFILE_NAME}] [catalog flags]`,
  flags: {
    ...CATALOG_FLAGS,
    out: { type: 'string', value: 'FILE', description: `lockfile to write (default ${LOCKFILE_NAME})` },
  },
};

/**
 * The lock entries of a catalog: locators relative to `cwd` (absolute when
 * outside it), tree digests over each skill's folder in one hash batch.
 */
export function lockEntries(catalog: Catalog, cwd: string): LockEntry[] {
  const dirs = catalog.skills.map((p) => dirname(p.descriptor.source.locator));
  const trees = treeDigests(dirs);
  return catalog.skills.map((p, i) => ({
    name: p.descriptor.name,
    scope: p.descriptor.source.scope,
    locator: lockLocator(p.descriptor.source.locator, cwd),
    digest: p.descriptor.digest,
    tree: trees[i]!,
  }));
}

function lockLocator(locator: string, cwd: string): string {
  const rel = relative(cwd, locator);
  return rel.startsWith('..') || isAbsolute(rel) ? locator : rel.split(sep).join('/');
}

/** Write the lockfile through the workspace's atomic write (temp file + rename, temp removed on failure). */
function writeLockfile(file: string, text: string): void {
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

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const out = resolve(io.cwd, typeof values.out === 'string' ? values.out : LOCKFILE_NAME);
  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const lock = createLock(catalog.digest, lockEntries(catalog, io.cwd));
  writeLockfile(out, `${JSON.stringify(lock, null, 2)}\n`);
  const shown = displayPath(out, io.cwd);
  if (values.json) writeJson(io, { lock: shown, digest: lock.digest, skills: lock.skills.length });
  else io.stderr.write(`Locked ${lock.skills.length} skill(s) in ${shown} · ${lock.digest}\n`);
  return EXIT.ok;
}
