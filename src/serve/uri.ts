// `skill://` URIs. The last segment of a skill's path is always its name. A URI is refused unless
// every decoded segment is a plain file name; a file is served only when it is in the skill's listing.

export const SKILL_SCHEME = 'skill://';
export const SHADOWED_PREFIX = 'shadowed';
export const SKILL_FILE = 'SKILL.md';

export interface SkillAddress {
  readonly name: string;
  /** Set for a shadowed copy. */
  readonly scope?: string;
}

export interface ParsedUri {
  readonly segments: readonly string[];
}

export type UriRefusal = 'scheme' | 'query' | 'empty-segment' | 'encoding' | 'dot-segment' | 'separator';

export type UriParse =
  { readonly ok: true; readonly uri: ParsedUri } | { readonly ok: false; readonly reason: UriRefusal };

/** RFC 3986 unreserved characters kept. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
}

/** `name`, or `shadowed/<scope>/<name>`. */
export function skillPath(address: SkillAddress): string {
  const parts = address.scope === undefined ? [address.name] : [SHADOWED_PREFIX, address.scope, address.name];
  return parts.map(encodeSegment).join('/');
}

/** The URI of a file of a skill, or of its root folder when `file` is empty. */
export function fileUri(address: SkillAddress, file: string): string {
  const base = `${SKILL_SCHEME}${skillPath(address)}`;
  return file === '' ? base : `${base}/${file.split('/').map(encodeSegment).join('/')}`;
}

/** Decoded segments, or why the URI is refused; never throws. */
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

export const REFUSAL_WORDS: Readonly<Record<UriRefusal, string>> = Object.freeze({
  scheme: 'only skill:// URIs are served',
  query: 'a skill URI has no query or fragment',
  'empty-segment': 'a skill URI has no empty segment (no trailing or double slash)',
  encoding: 'a segment is not valid percent-encoding',
  'dot-segment': "'.' and '..' segments are refused (also when percent-encoded)",
  separator: 'a segment may not hide a slash, a backslash or NUL',
});
