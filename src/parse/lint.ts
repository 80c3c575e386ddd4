/**
 * Lint rules beyond the specification, warnings by default.
 * Pure: the folder listing comes from the caller (validatePath reads it).
 *
 * "More than one level deep" is read as a path: `references/x.md` is fine,
 * `references/guides/x.md` is too deep (agents tend to preview nested files
 * partially).
 */
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import type { ResourceEntry, SkillPackage } from '../model/package.js';
import { formatMessage, type MessageArgs } from './messages.js';
import { PROFILES, type ParseRuleCode, type ProfileName } from './profiles.js';
import type { YamlLoc } from './yaml-types.js';

export const BODY_MAX_LINES = 500;
export const BODY_MAX_TOKENS = 5000;
export const SKILL_MAX_BYTES = 8 * 1024 * 1024;
/** The per-skill limits of the MCP Skills extension (files, `SKILL.md` included; bytes over all files). */
export const MCP_SKILL_LIMITS = Object.freeze({ files: 512, bytes: 16 * 1024 * 1024 });
/** Words agents reserve for their vendors' own skills. */
export const RESERVED_NAME_WORDS = ['anthropic', 'claude'] as const;
/** Folders whose links are checked. */
export const LINKED_FOLDERS = ['references', 'scripts', 'assets'] as const;

export interface LintOptions {
  /** Every file under the skill folder: relative POSIX path and size. */
  readonly files: readonly ResourceEntry[];
  /** Value positions of top-level fields (from `parseSkill(...).locations`). */
  readonly locations?: Readonly<Record<string, YamlLoc>>;
  /** Profile deciding severities (default `skillgraph`). */
  readonly profile?: ProfileName;
}

// A "when to use" cue in a description.
const TRIGGER_CUE = /\b(when|whenever|trigger(s|ed)?|use (it |this (skill )?)?(for|to|if|on|with|in|after|before|during)|invoke|if (the )?user|asks?|needs? to|helps? (with|you))\b/i;
const XML_TAG = /<\/?([A-Za-z][A-Za-z0-9_:.-]*)(\s[^<>]*)?\/?>/;
// [text](target "title") — target without spaces, optionally in <>.
const INLINE_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REF_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The link target as a skill-relative POSIX path, or undefined when it is not a local file link. */
function localTarget(raw: string): string | undefined {
  if (SCHEME.test(raw) || /^[#/~{$<%]/.test(raw)) return undefined;
  let path = raw.replace(/[#?].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw text when it is not valid percent-encoding
  }
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.includes('..')) return undefined;
  return parts.join('/');
}

/** Link findings reported per rule and file; the rest are counted in one summary finding. */
export const LINK_FINDINGS_MAX = 100;

/**
 * Run the P6a lint rules on a parsed package.
 *
 * @example lintSkill(pkg, { files: [{ path: 'SKILL.md', size: 120 }] }).map((d) => d.code) // ['description.no-trigger']
 */
export function lintSkill(pkg: SkillPackage, options: LintOptions): Diagnostic[] {
  const profile = PROFILES[options.profile ?? 'skillgraph'];
  const file = pkg.descriptor.source.locator;
  const out: Diagnostic[] = [];
  const add = (code: ParseRuleCode, line: number, column: number, args: MessageArgs = {}): void => {
    const level = profile.rules[code];
    if (level === 'off') return;
    out.push({ code, severity: level, file, line, column, ...formatMessage(code, args) });
  };
  const at = (key: string): [number, number] => {
    const loc = options.locations?.[key];
    return loc ? [loc.line, loc.column] : [1, 1];
  };
  const { name, description } = pkg.descriptor;

  for (const word of RESERVED_NAME_WORDS) if (name.toLowerCase().includes(word)) add('name.reserved', ...at('name'), { name, word });
  if (!TRIGGER_CUE.test(description)) add('description.no-trigger', ...at('description'));
  const tag = XML_TAG.exec(description);
  if (tag) add('description.xml-tag', ...at('description'), { tag: tag[0] });

  const lines = pkg.body.split('\n');
  const lineCount = pkg.body.endsWith('\n') ? lines.length - 1 : lines.length;
  const tokens = Math.ceil(pkg.body.length / 4);
  if (lineCount > BODY_MAX_LINES || tokens > BODY_MAX_TOKENS) add('body.too-long', pkg.bodyLine, 1, { lines: lineCount, tokens });

  const present = new Set(options.files.map((f) => f.path));
  const folders = new Set<string>();
  for (const f of options.files) {
    for (let i = f.path.indexOf('/'); i !== -1; i = f.path.indexOf('/', i + 1)) folders.add(f.path.slice(0, i));
  }
  // A limit, explicit and reported: one file with 100,000 broken links yields LINK_FINDINGS_MAX
  // findings per rule and one summary finding, not 100,000 lines of output.
  const linkCounts = { 'link.broken': 0, 'link.too-deep': 0 };
  let lastLine = pkg.bodyLine;
  const addLink = (code: 'link.broken' | 'link.too-deep', line: number, column: number, target: string): void => {
    if (++linkCounts[code] <= LINK_FINDINGS_MAX) add(code, line, column, { target });
  };
  let inFence = false;
  lines.forEach((text, i) => {
    // Perf: each expression runs only on lines holding the characters it needs (a fence's ```
    // or ~~~, a link's `](`, a definition's `]:`): the regular expressions on every line were
    // most of validate's lint time.
    if ((text.includes('```') || text.includes('~~~')) && FENCE.test(text)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const found: [string, number][] = [];
    if (text.includes('](')) for (const m of text.matchAll(INLINE_LINK)) found.push([m[1]!, m.index + m[0].indexOf(m[1]!) + 1]);
    const def = text.includes(']:') ? REF_DEFINITION.exec(text) : null;
    if (def) found.push([def[1]!, text.indexOf(def[1]!) + 1]);
    for (const [raw, column] of found) {
      const target = localTarget(raw);
      if (target === undefined || !(LINKED_FOLDERS as readonly string[]).includes(target.split('/')[0]!)) continue;
      const line = pkg.bodyLine + i;
      lastLine = line;
      if (!present.has(target) && !folders.has(target)) addLink('link.broken', line, column, target);
      else if (target.split('/').length > 2) addLink('link.too-deep', line, column, target);
    }
  });
  for (const code of ['link.broken', 'link.too-deep'] as const) {
    const more = linkCounts[code] - LINK_FINDINGS_MAX;
    if (more > 0) add(code, lastLine, 1, { more, limit: LINK_FINDINGS_MAX });
  }

  const size = options.files.reduce((sum, f) => sum + f.size, 0);
  if (size > SKILL_MAX_BYTES) add('skill.too-large', 0, 0, { size, limit: SKILL_MAX_BYTES });
  if (options.files.length > MCP_SKILL_LIMITS.files) add('mcp.too-many-files', 0, 0, { files: options.files.length, limit: MCP_SKILL_LIMITS.files });
  if (size > MCP_SKILL_LIMITS.bytes) add('mcp.too-large', 0, 0, { size, limit: MCP_SKILL_LIMITS.bytes });
  return out.sort(compareDiagnostics);
}
