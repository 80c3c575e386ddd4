/**
 * `skill://` URIs, both ways (pure). A winner is `skill://<name>/<file>`; a
 * shadowed copy is `skill://shadowed/<scope>/<name>/<file>`, so the last
 * segment of a skill's path is always its name. Every segment is
 * percent-encoded on the way out; on the way in a URI is refused unless it
 * is `skill://`, has no query or fragment, and every decoded segment is a
 * plain file name (no `.`/`..`, no `/`, `\` or NUL hidden in an escape).
 * What a parsed URI names is decided by the catalog, never by the path: a
 * file is served only when it is in the skill's listing.
 */

export const SKILL_SCHEME = 'skill://';
/** The first segment under which shadowed copies are served. */
export const SHADOWED_PREFIX = 'shadowed';
export const SKILL_FILE = 'SKILL.md';

/** A skill's address in the namespace: the winner of a name, or a scope's shadowed copy. */
export interface SkillAddress {
  readonly name: string;
  /** Set for a shadowed copy: the scope of the root it lives in. */
  readonly scope?: string;
}

/** A URI split into segments (decoded), before the catalog says what they name. */
export interface ParsedUri {
  readonly segments: readonly string[];
}

/** Why a URI was refused. */
export type UriRefusal = 'scheme' | 'query' | 'empty-segment' | 'encoding' | 'dot-segment' | 'separator';

export type UriParse =
  { readonly ok: true; readonly uri: ParsedUri } | { readonly ok: false; readonly reason: UriRefusal };

/** One segment, percent-encoded (RFC 3986 unreserved characters kept). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
}

/**
 * The skill path of an address: `name`, or `shadowed/<scope>/<name>`.
 *
 * @example skillPath({ name: 'pdf', scope: 'global' }) // 'shadowed/global/pdf'
 */
export function skillPath(address: SkillAddress): string {
  const parts = address.scope === undefined ? [address.name] : [SHADOWED_PREFIX, address.scope, address.name];
  return parts.map(encodeSegment).join('/');
}

/**
 * The URI of a file of a skill (`file` a relative POSIX path), or of its root folder when `file` is empty.
 *
 * @example fileUri({ name: 'pdf' }, 'scripts/fill.py') // 'skill://pdf/scripts/fill.py'
 */
export function fileUri(address: SkillAddress, file: string): string {
  const base = `${SKILL_SCHEME}${skillPath(address)}`;
  return file === '' ? base : `${base}/${file.split('/').map(encodeSegment).join('/')}`;
}

/**
 * Split a URI into decoded segments, or say why it is refused. Never throws,
 * whatever the input; the length is bounded by the caller's transport.
 *
 * @example parseSkillUri('skill://pdf/%2e%2e/x') // { ok: false, reason: 'dot-segment' }
 */
export function parseSkillUri(uri: string): UriParse {
  if (!uri.startsWith(SKILL_SCHEME)) return { ok: false, reason: 'scheme' };
  const rest = uri.slice(SKILL_SCHEME.length);
  if (rest.includes('?') || rest.includes('#')) return { ok: false, reason: 'query' };
  if (rest.includes('\\')) return { ok: false, reason: 'separator' };
  const raw = rest.split('/');
  const segments: string[] = [];
  for (const part of raw) {
    if (part === '') return { ok: false, reason: 'empty-segment' };
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { ok: false, reason: 'encoding' };
    }
    if (decoded === '.' || decoded === '..') return { ok: false, reason: 'dot-segment' };
    if (/[/\\\u0000]/.test(decoded)) return { ok: false, reason: 'separator' };
    segments.push(decoded);
  }
  return { ok: true, uri: { segments } };
}

/** Why a refused URI was refused, in words for a JSON-RPC error message. */
export const REFUSAL_WORDS: Readonly<Record<UriRefusal, string>> = Object.freeze({
  scheme: 'only skill:// URIs are served',
  query: 'a skill URI has no query or fragment',
  'empty-segment': 'a skill URI has no empty segment (no trailing or double slash)',
  encoding: 'a segment is not valid percent-encoding',
  'dot-segment': "'.' and '..' segments are refused (also when percent-encoded)",
  separator: 'a segment may not hide a slash, a backslash or NUL',
});
