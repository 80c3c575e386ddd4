// What each MCP method answers, as plain data (no SDK here). Anything not served throws with
// `details.rpc` -32602, as the extension asks.
import { leftOutJson } from '../context/left-out.js';
import { SkillgraphError } from '../model/errors.js';
import {
  CACHE_HINTS,
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  mimeTypeOf,
  skillEntry,
  type SkillEntryJson,
} from './entries.js';
import type { LiveCatalog, ServedSkill } from './live.js';
import type { ManifestFile, SkillManifest } from './manifest.js';
import { REFUSAL_WORDS, SKILL_FILE, fileUri, parseSkillUri } from './uri.js';

export const INVALID_PARAMS = -32602;

export const LEFT_OUT_URI = 'skillgraph://left-out';

/** The left-out report as a resource, in the shape of the CLI's `left_out`. */
export function leftOutContent(live: LiveCatalog): ResourceContent {
  return {
    uri: LEFT_OUT_URI,
    mimeType: 'application/json',
    text: `${JSON.stringify({ left_out: leftOutJson(live.leftOut()) }, null, 2)}\n`,
  };
}

/** Text when the bytes are UTF-8, else base64. */
export type ResourceContent =
  | { readonly uri: string; readonly mimeType: string; readonly text: string }
  | { readonly uri: string; readonly mimeType: string; readonly blob: string };

export interface ResourceJson {
  readonly uri: string;
  readonly name: string;
  readonly mimeType: string;
  readonly description?: string;
}

export interface ListSkillsResult {
  readonly resultType: 'complete';
  readonly skills: readonly SkillEntryJson[];
  readonly nextCursor?: string;
  readonly ttlMs: number;
  readonly cacheScope: 'private';
}

export function notServed(message: string): SkillgraphError {
  return new SkillgraphError('options.invalid', message, { rpc: INVALID_PARAMS });
}

/** `skills/list`: winners in catalog order; a skill that cannot be listed is left out, never half-listed. */
export function listSkills(
  live: LiveCatalog,
  cursor: string | undefined,
  pageSize = DEFAULT_PAGE_SIZE,
): ListSkillsResult {
  const winners = live.winners();
  const start = offsetOf(cursor, winners.length);
  const end = Math.min(winners.length, start + pageSize);
  const skills: SkillEntryJson[] = [];
  for (let i = start; i < end; i++) {
    const entry = servedEntry(live, winners[i]!);
    if (entry) skills.push(entry);
  }
  return {
    resultType: 'complete',
    skills,
    ...(end < winners.length ? { nextCursor: encodeCursor(end) } : {}),
    ...CACHE_HINTS,
  };
}

/** `skills/get`: the entry for a served skill's SKILL.md URI (winner or shadowed copy). */
export function getSkill(
  live: LiveCatalog,
  uri: unknown,
): { resultType: 'complete'; skill: SkillEntryJson; ttlMs: number; cacheScope: 'private' } {
  const { skill, file } = locateUri(live, uri);
  if (file !== SKILL_FILE) throw notServed(`${String(uri)} is not the SKILL.md of a served skill`);
  const { manifest } = manifestOf(live, skill);
  return { resultType: 'complete', skill: skillEntry(skill, manifest), ...CACHE_HINTS };
}

/** `resources/read`: a listed file's bytes, verified against its listed digest and size on this read. */
export function readResource(
  live: LiveCatalog,
  uri: unknown,
): { resultType: 'complete'; contents: ResourceContent[]; ttlMs: number; cacheScope: 'private' } {
  if (uri === LEFT_OUT_URI) return { resultType: 'complete', contents: [leftOutContent(live)], ...CACHE_HINTS };
  const located = locateUri(live, uri);
  const { skill, manifest } = manifestOf(live, located.skill);
  const file = manifest.byPath.get(located.file);
  if (!file) throw notServed(`${String(uri)} is not a file of the skill at ${skill.uri}`);
  const read = live.read(skill, file);
  if (!read.ok)
    throw notServed(
      `${file.uri} changed since it was listed (${read.why}); ` +
        'the catalog is re-sealed: call skills/get for the current entry',
    );
  return { resultType: 'complete', contents: [content(file, read.bytes)], ...CACHE_HINTS };
}

/** `resources/list`: each winner's SKILL.md, so hosts without the extension still see the skills. */
export function listResources(
  live: LiveCatalog,
  cursor: string | undefined,
  pageSize = DEFAULT_PAGE_SIZE,
): { resources: ResourceJson[]; nextCursor?: string; ttlMs: number; cacheScope: 'private' } {
  const winners = live.winners();
  const start = offsetOf(cursor, winners.length);
  const end = Math.min(winners.length, start + pageSize);
  // A skill refused by skills/list is not a resource either.
  const resources = winners
    .slice(start, end)
    .filter((s) => servedEntry(live, s) !== undefined)
    .map((s) => ({
      uri: s.uri,
      name: s.pkg.descriptor.name,
      description: s.pkg.descriptor.description,
      mimeType: 'text/markdown',
    }));
  return { resources, ...(end < winners.length ? { nextCursor: encodeCursor(end) } : {}), ...CACHE_HINTS };
}

/** `resources/directory/read`: a served folder's children, folders as `inode/directory`, by name bytes. */
export function readDirectory(
  live: LiveCatalog,
  uri: unknown,
  cursor: string | undefined,
  pageSize = DEFAULT_PAGE_SIZE,
): { resultType: 'complete'; resources: ResourceJson[]; nextCursor?: string } {
  const located = locateUri(live, uri);
  const { skill, manifest } = manifestOf(live, located.skill);
  const dir = located.file;
  if (manifest.byPath.has(dir)) throw notServed(`${String(uri)} is not a directory resource`);
  const prefix = dir === '' ? '' : `${dir}/`;
  const children = new Map<string, ResourceJson>();
  for (const f of manifest.files) {
    if (!f.path.startsWith(prefix)) continue;
    const rest = f.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    const name = slash < 0 ? rest : rest.slice(0, slash);
    if (children.has(name)) continue;
    children.set(
      name,
      slash < 0
        ? { uri: f.uri, name, mimeType: mimeTypeOf(f.path) }
        : { uri: fileUri(skill.address, `${prefix}${name}`), name, mimeType: 'inode/directory' },
    );
  }
  if (children.size === 0) throw notServed(`${String(uri)} is not a directory resource`);
  const all = [...children.values()];
  const start = offsetOf(cursor, all.length);
  const end = Math.min(all.length, start + pageSize);
  return {
    resultType: 'complete',
    resources: all.slice(start, end),
    ...(end < all.length ? { nextCursor: encodeCursor(end) } : {}),
  };
}

/** Undefined when its manifest failed (already reported). */
export function servedEntry(live: LiveCatalog, skill: ServedSkill): SkillEntryJson | undefined {
  const { skill: current, result } = live.manifest(skill);
  if (!result.ok || result.manifest.limits.length > 0) return undefined;
  return skillEntry(current, result.manifest);
}

function manifestOf(live: LiveCatalog, skill: ServedSkill): { skill: ServedSkill; manifest: SkillManifest } {
  const { skill: current, result } = live.manifest(skill);
  if (!result.ok) throw notServed(`${skill.uri} cannot be served: ${result.diagnostic.message}`);
  const limit = result.manifest.limits[0];
  if (limit) throw notServed(`${skill.uri} is not served: ${limit.message}`);
  return { skill: current, manifest: result.manifest };
}

function locateUri(live: LiveCatalog, uri: unknown): { skill: ServedSkill; file: string } {
  if (typeof uri !== 'string' || uri === '') throw notServed("'uri' must be a non-empty string");
  if (uri.length > 4096) throw notServed('the uri is longer than 4096 characters');
  const parsed = parseSkillUri(uri);
  if (!parsed.ok) throw notServed(`${uri} is refused: ${REFUSAL_WORDS[parsed.reason]}`);
  const located = live.locate(parsed.uri.segments);
  if (!located) throw notServed(`No skill is served at ${uri}`);
  return located;
}

function offsetOf(cursor: string | undefined, length: number): number {
  if (cursor === undefined) return 0;
  const offset = typeof cursor === 'string' ? decodeCursor(cursor) : undefined;
  if (offset === undefined || offset > length)
    throw notServed('the cursor is not one this server gave out (or the listing shrank past it)');
  return offset;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function content(file: ManifestFile, bytes: Uint8Array): ResourceContent {
  const mimeType = mimeTypeOf(file.path);
  try {
    // ignoreBOM keeps a byte-order mark, so the host re-encodes exactly the listed bytes.
    return { uri: file.uri, mimeType, text: UTF8.decode(bytes) };
  } catch {
    return { uri: file.uri, mimeType, blob: Buffer.from(bytes).toString('base64') };
  }
}
