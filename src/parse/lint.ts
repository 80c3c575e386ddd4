/**
 * Lint rules beyond the specification, warnings by default; the folder listing comes from the caller. "More than
 * one level deep" is read as a path: `references/guides/x.md` is too deep (agents preview nested files partially).
 */
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import type { ResourceEntry, SkillPackage } from '../model/package.js';
import { formatMessage, type MessageArgs } from './messages.js';
import { PROFILES, type ParseRuleCode, type ProfileName } from './profiles.js';
import type { YamlLoc } from './yaml-types.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export const BODY_MAX_LINES = 500;
export const BODY_MAX_TOKENS = 5000;
export const SKILL_MAX_BYTES = 8 * 1024 * 1024;
/** The per-skill limits of the MCP Skills extension (files, `SKILL.md` included; bytes over all files). */
export const MCP_SKILL_LIMITS = Object.freeze({ files: 512, bytes: 16 * 1024 * 1024 });
/** Words agents reserve for their vendors' own skills. */
export const RESERVED_NAME_WORDS = ['anthropic', 'claude'] as const;
export const LINKED_FOLDERS = ['references', 'scripts', 'assets'] as const;

export interface LintOptions {
  /** Every file under the skill folder: relative POSIX path and size. */
  readonly files: readonly ResourceEntry[];
  /** Value positions of top-level fields (from `parseSkill(...).locations`). */
  readonly locations?: Readonly<Record<string, YamlLoc>>;
  readonly profile?: ProfileName;
}

const TRIGGER_CUE = new RegExp(
  '\\b(when|whenever|trigger(s|ed)?|use (it |this (skill )?)?(for|to|if|on|with|in|after|before|during)|' +
    'invoke|if (the )?user|asks?|needs? to|helps? (with|you))\\b',
  'i',
);
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

export interface MarkedLine {
  readonly text: string;
  readonly index: number;
}

/** What a line must hold for the link lint to look at it: a fence, a link's `](` or a definition's `]:`. */
const MARK = /```|~~~|\]\(|\]:/g;

/** One pass over a body: its line count as the linter counts them, and the lines holding a mark, in order. */
export function scanBody(text: string): { readonly lines: number; readonly marked: readonly MarkedLine[] } {
  const marked: MarkedLine[] = [];
  MARK.lastIndex = 0;
  let at = MARK.exec(text)?.index ?? -1;
  let start = 0;
  let index = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    if (at !== -1 && at < end) {
      marked.push({ text: text.slice(start, end), index });
      // Marks never hold a newline: the next one is past this line.
      MARK.lastIndex = end;
      at = MARK.exec(text)?.index ?? -1;
    }
    if (nl === -1) break;
    start = nl + 1;
    index++;
  }
  return { lines: text.endsWith('\n') ? index : index + 1, marked };
}

/** Link findings reported per rule and file; the rest are counted in one summary finding. */
export const LINK_FINDINGS_MAX = 100;

const LINT_KEYS = optionKeys<LintOptions>('lintSkill', { files: true, locations: true, profile: true });

/** Run the lint rules that need the skill folder's file list on a parsed package. */
export function lintSkill(pkg: SkillPackage, options: LintOptions): Diagnostic[] {
  checkOptionKeys(options, LINT_KEYS);
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

  for (const word of RESERVED_NAME_WORDS)
    if (name.toLowerCase().includes(word)) add('name.reserved', ...at('name'), { name, word });
  if (!TRIGGER_CUE.test(description)) add('description.no-trigger', ...at('description'));
  const tag = XML_TAG.exec(description);
  if (tag) add('description.xml-tag', ...at('description'), { tag: tag[0] });

  const body = pkg.body;
  const { lines: lineCount, marked } = scanBody(body);
  const tokens = Math.ceil(body.length / 4);
  if (lineCount > BODY_MAX_LINES || tokens > BODY_MAX_TOKENS)
    add('body.too-long', pkg.bodyLine, 1, { lines: lineCount, tokens });

  const present = new Set(options.files.map((f) => f.path));
  const folders = new Set<string>();
  for (const f of options.files) {
    for (let i = f.path.indexOf('/'); i !== -1; i = f.path.indexOf('/', i + 1)) folders.add(f.path.slice(0, i));
  }
  const linkCounts = { 'link.broken': 0, 'link.too-deep': 0 };
  let lastLine = pkg.bodyLine;
  const addLink = (code: 'link.broken' | 'link.too-deep', line: number, column: number, target: string): void => {
    if (++linkCounts[code] <= LINK_FINDINGS_MAX) add(code, line, column, { target });
  };
  let inFence = false;
  // Perf: only lines holding a mark can change anything; the others are never cut out of the body.
  for (const { text, index: i } of marked) {
    if ((text.includes('```') || text.includes('~~~')) && FENCE.test(text)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const found: [string, number][] = [];
    if (text.includes(']('))
      for (const m of text.matchAll(INLINE_LINK)) found.push([m[1]!, m.index + m[0].indexOf(m[1]!) + 1]);
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
  }
  for (const code of ['link.broken', 'link.too-deep'] as const) {
    const more = linkCounts[code] - LINK_FINDINGS_MAX;
    if (more > 0) add(code, lastLine, 1, { more, limit: LINK_FINDINGS_MAX });
  }

  const size = options.files.reduce((sum, f) => sum + f.size, 0);
  if (size > SKILL_MAX_BYTES) add('skill.too-large', 0, 0, { size, limit: SKILL_MAX_BYTES });
  if (options.files.length > MCP_SKILL_LIMITS.files)
    add('mcp.too-many-files', 0, 0, { files: options.files.length, limit: MCP_SKILL_LIMITS.files });
  if (size > MCP_SKILL_LIMITS.bytes) add('mcp.too-large', 0, 0, { size, limit: MCP_SKILL_LIMITS.bytes });
  return out.sort(compareDiagnostics);
}
