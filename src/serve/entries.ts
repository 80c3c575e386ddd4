// The Skills extension's wire shapes, without the SDK: `catalog --format mcp` prints the same result.
import type { SkillManifest } from './manifest.js';
import type { ServedSkill } from './live.js';

export interface SkillResourceJson {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

/** A `Skill` entry of `skills/list` and `skills/get`. */
export interface SkillEntryJson {
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillResourceJson[];
}

/** Files change under a live server at any moment, so nothing is cached; a user's folders are private. */
export const CACHE_HINTS = Object.freeze({ ttlMs: 0, cacheScope: 'private' as const });

/** The entry of a served skill from its manifest. */
export function skillEntry(skill: ServedSkill, manifest: SkillManifest): SkillEntryJson {
  return {
    uri: skill.uri,
    frontmatter: skill.pkg.frontmatter,
    resources: manifest.files.map((f) => ({ uri: f.uri, digest: f.digest, size: f.size })),
  };
}

export const DEFAULT_PAGE_SIZE = 100;

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64url');
}

/** The offset a cursor stands for, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): number | undefined {
  if (cursor.length > 64) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^o:(0|[1-9]\d{0,9})$/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** A file's media type from its name (the extension asks `text/markdown` for SKILL.md). */
export function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  const ext = dot < 0 || dot < path.lastIndexOf('/') ? '' : path.slice(dot + 1).toLowerCase();
  return MIME[ext] ?? 'application/octet-stream';
}

const MIME: Readonly<Record<string, string>> = Object.freeze({
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/x-typescript',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  html: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
});
