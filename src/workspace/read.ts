// A load never serves content the catalog did not vouch for: SKILL.md is re-read and checked against the digest.
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { packageDigest } from '../catalog/digest.js';
import { LoadedSet, digestChanged } from '../context/loaded-set.js';
import { findSkill } from '../context/lookup.js';
import { listResourceFiles } from '../discover/resources.js';
import { SkillgraphError } from '../model/errors.js';
import type { HashBackend } from '../model/backend.js';
import type { Catalog } from '../model/catalog.js';
import type { ResourceEntry, SkillDescriptor, SkillPackage } from '../model/package.js';
import { parseSkill } from '../parse/index.js';
import type { ProfileName } from '../parse/profiles.js';
import { ioError } from './atomic.js';
import { readRegularFile } from '../discover/safe-read.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface ReadOptions {
  /** Default `lenient`: verification asks "is this still the sealed content?", not "is it still valid?". */
  readonly profile?: ProfileName;
  /** Hash backend for the re-computed digest (default node:crypto). */
  readonly hasher?: HashBackend;
  /** Only skills visible to the model (`load_skill` requests). Default false. */
  readonly modelOnly?: boolean;
  /** Re-read and re-hash SKILL.md before serving it (default true); off only for in-memory packages. */
  readonly verify?: boolean;
}

const READ_KEYS = optionKeys<ReadOptions>('readForContext', {
  profile: true,
  hasher: true,
  modelOnly: true,
  verify: true,
});

interface LoadCommon {
  readonly name: string;
  readonly descriptor: SkillDescriptor;
  readonly digest: string;
  /** Native path of the skill folder; relative paths in the body resolve against it. */
  readonly baseDir: string;
  readonly loaded: LoadedSet;
}

/** First read in a run: the whole package. */
export interface SkillLoaded extends LoadCommon {
  readonly status: 'loaded';
  readonly package: SkillPackage;
  readonly body: string;
  readonly resources: readonly ResourceEntry[];
}

/** A repeat read in the same run: descriptor only, nothing re-sent. */
export interface SkillAlreadyLoaded extends LoadCommon {
  readonly status: 'already_loaded';
}

export type ContextLoad = SkillLoaded | SkillAlreadyLoaded;

/** Re-read, re-parse and re-hash `pkg`'s SKILL.md; `skill.digest-changed` unless it has the sealed digest. */
export function verifySealed(pkg: SkillPackage, options: ReadOptions = {}): void {
  const d = pkg.descriptor;
  const locator = d.source.locator;
  // A SKILL.md replaced by a FIFO, a device or a huge file since sealing is a changed skill, not a hang.
  const read = readRegularFile(locator, VERIFY_MAX_BYTES, { followLinks: true });
  if (!read.ok) {
    if (read.reason === 'missing') throw digestChanged(d.name, d.digest, 'nothing', 'SKILL.md was removed');
    if (read.reason === 'unreadable')
      throw ioError(`read ${locator}`, read.errno ?? read.reason, { file: locator, errno: read.errno });
    throw digestChanged(
      d.name,
      d.digest,
      'nothing',
      read.reason === 'too-large' ? 'SKILL.md is now over the size limit' : 'SKILL.md is no longer a regular file',
    );
  }
  const bytes: Uint8Array = read.bytes;
  const parsed = parseSkill(bytes, {
    locator,
    dirName: basename(dirname(locator)),
    profile: options.profile ?? 'lenient',
    scope: d.source.scope,
    root: d.source.root,
    precedence: d.source.precedence,
  });
  if (!parsed.package) throw digestChanged(d.name, d.digest, 'nothing', 'SKILL.md no longer parses');
  const actual = packageDigest(parsed.package, options.hasher);
  if (actual !== d.digest) throw digestChanged(d.name, d.digest, actual);
}

/**
 * Read skill `name` for context: the full package the first time in a run, then `already_loaded`;
 * `skill.digest-changed` when changed on disk, `skill.not-found` or `skill.ambiguous` otherwise.
 */
export function readForContext(
  catalog: Catalog,
  name: string,
  loaded: LoadedSet = LoadedSet.EMPTY,
  options: ReadOptions = {},
): ContextLoad {
  checkOptionKeys(options, READ_KEYS);
  const pkg = findSkill(catalog, name, { modelOnly: options.modelOnly ?? false });
  const d = pkg.descriptor;
  const baseDir = dirname(d.source.locator);
  const previous = loaded.digestOf(d.name);
  if (previous !== undefined) {
    if (previous !== d.digest) throw digestChanged(d.name, previous, d.digest);
    return { status: 'already_loaded', name: d.name, descriptor: d, digest: d.digest, baseDir, loaded };
  }
  if (options.verify ?? true) verifySealed(pkg, options);
  return {
    status: 'loaded',
    name: d.name,
    descriptor: d,
    digest: d.digest,
    baseDir,
    loaded: loaded.with(d.name, d.digest),
    package: pkg,
    body: pkg.body,
    resources: existsSync(baseDir) ? resourcesOf(d.name, baseDir) : [],
  };
}

/** Twice the parser's per-file cap: a larger SKILL.md cannot be the one that was sealed. */
const VERIFY_MAX_BYTES = 16 * 1024 * 1024;

function resourcesOf(name: string, baseDir: string): ResourceEntry[] {
  const listing = listResourceFiles(baseDir);
  if (!listing.ok) {
    const d = listing.diagnostic;
    throw new SkillgraphError('skill.invalid', `skill '${name}': ${d.message}`, {
      skill: name,
      diagnostic: d.code,
      path: d.file,
    });
  }
  return listing.files.map((f) => Object.freeze({ path: f.path, size: f.size }));
}
