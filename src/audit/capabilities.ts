/**
 * A skill's capability surface, as the lockfile seals it: what it may run
 * (allowed-tools), which of its resolved tools write, its MCP servers, its
 * scripts and their digests, the network hosts its scripts name, and its
 * audit verdict; and `widening`, what a newer surface gained over a sealed
 * one. Removals and changed script digests narrow or change a skill, they do
 * not widen it (a changed script is already a content change). Pure.
 */
import { cmp } from '../model/diagnostics.js';
import type { Composition } from '../model/package.js';
import type { AuditVerdict } from './audit.js';
import { isScript, type AuditFile } from './input.js';

/** A script and the digest of its bytes. */
export interface ScriptSeal {
  readonly path: string;
  readonly digest: string;
}

/** The surface recorded per skill (snake_case: it is written to the lockfile as is). */
export interface CapabilitySurface {
  readonly allowed_tools: readonly string[];
  readonly writes: readonly string[];
  readonly mcp_servers: readonly string[];
  readonly scripts: readonly ScriptSeal[];
  readonly hosts: readonly string[];
  readonly audit: AuditVerdict;
}

/** What a newer surface gained. Empty lists (and no `audit`) mean no widening. */
export interface CapabilityWidening {
  readonly allowed_tools: readonly string[];
  readonly writes: readonly string[];
  readonly mcp_servers: readonly string[];
  /** Scripts that were not there. */
  readonly scripts: readonly string[];
  readonly hosts: readonly string[];
  /** The verdict got worse: `pass` → `warn` → `fail`. */
  readonly audit?: { readonly from: AuditVerdict; readonly to: AuditVerdict };
}

/** At most this many hosts are recorded per skill. */
const MAX_HOSTS = 100;
const HOST =
  /\b(?:https?|wss?|ftp):\/\/(?:[^\s/@"'`<>()]{1,100}@)?([A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.){1,10}[A-Za-z]{2,24}|\d{1,3}(?:\.\d{1,3}){3})(?=[:/\s"'`<>()?#]|$)/g;
const LOCAL = /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|example\.(?:com|org|net))$/i;

/**
 * `allowed-tools` as entries: a string split on white space or commas outside parentheses
 * (`Bash(git status:*) Read`), or a list's strings.
 *
 * @example splitToolList('Bash(git log:*), Read') // ['Bash(git log:*)', 'Read']
 */
export function splitToolList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').flatMap(splitToolList);
  if (typeof value !== 'string') return [];
  const out: string[] = [];
  let depth = 0;
  let word = '';
  for (const c of value) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === ',' || /\s/.test(c))) {
      if (word !== '') out.push(word);
      word = '';
    } else word += c;
  }
  if (word !== '') out.push(word);
  return out;
}

/** The keys of the tools a skill's own composition marks as writing. */
export function compositionWrites(name: string, c: Composition): string[] {
  const out = c.tools.filter((t) => t.writes).map((t) => t.name);
  c.inlineTools.forEach((t, i) => {
    if (t.writes) out.push(`${name}/_anon_${i}`);
  });
  for (const m of c.mcp) for (const t of m.tools) if (t.writes) out.push(`mcp:${m.server}/${t.name}`);
  return out;
}

/**
 * The part of a surface read from the skill's own files: its scripts with their digests, the hosts
 * they name, the audit verdict.
 */
export type FileSurface = Pick<CapabilitySurface, 'scripts' | 'hosts' | 'audit'>;

/**
 * The file-derived part of a surface: what a skill's files hold, and the verdict of their audit.
 *
 * @example fileSurface(files, 'pass').hosts // ['api.example.net']
 */
export function fileSurface(files: readonly AuditFile[], verdict: AuditVerdict): FileSurface {
  const scripts = files.filter(isScript).map((f) => ({ path: f.path, digest: f.digest ?? 'unread' }));
  const hosts = new Set<string>();
  for (const f of files) {
    if (!isScript(f) || f.text === undefined) continue;
    for (const m of f.text.matchAll(HOST)) {
      const host = m[1]!.toLowerCase();
      if (!LOCAL.test(host)) hosts.add(host);
      if (hosts.size >= MAX_HOSTS) break;
    }
  }
  return { scripts: scripts.sort((a, b) => cmp(a.path, b.path)), hosts: sortedUnique([...hosts]), audit: verdict };
}

/**
 * A whole surface from the package's part (allowed tools, the keys of its resolved tools that
 * write, its composition) and the part `fileSurface` read from its files.
 *
 * @example
 * packageSurface({ allowedTools: ['Read'], writes: [], composition }, fileSurface(files,
 * 'pass')).allowed_tools // ['Read']
 */
export function packageSurface(
  input: {
    readonly allowedTools: readonly string[];
    readonly writes: readonly string[];
    readonly composition: Composition;
  },
  files: FileSurface,
): CapabilitySurface {
  return {
    allowed_tools: sortedUnique(input.allowedTools),
    writes: sortedUnique(input.writes),
    mcp_servers: sortedUnique(input.composition.mcp.map((m) => m.server)),
    scripts: files.scripts,
    hosts: files.hosts,
    audit: files.audit,
  };
}

/**
 * The surface of one skill from its allowed tools, the keys of its resolved tools that write,
 * its composition, its files and its audit verdict.
 *
 * @example capabilitySurface({ allowedTools: ['Read'], writes: [], composition, files, verdict: 'pass' }).scripts
 */
export function capabilitySurface(input: {
  readonly allowedTools: readonly string[];
  readonly writes: readonly string[];
  readonly composition: Composition;
  readonly files: readonly AuditFile[];
  readonly verdict: AuditVerdict;
}): CapabilitySurface {
  return packageSurface(input, fileSurface(input.files, input.verdict));
}

const RANK: Readonly<Record<AuditVerdict, number>> = { pass: 0, warn: 1, fail: 2 };

/**
 * What `now` gained over `sealed`; `undefined` when nothing widened.
 *
 * @example widening(sealed, { ...sealed, allowed_tools: ['Bash(*)'] })?.allowed_tools // ['Bash(*)']
 */
export function widening(sealed: CapabilitySurface, now: CapabilitySurface): CapabilityWidening | undefined {
  const gained = (a: readonly string[], b: readonly string[]): string[] => {
    const had = new Set(a);
    return b.filter((x) => !had.has(x));
  };
  const w: CapabilityWidening = {
    allowed_tools: gained(sealed.allowed_tools, now.allowed_tools),
    writes: gained(sealed.writes, now.writes),
    mcp_servers: gained(sealed.mcp_servers, now.mcp_servers),
    scripts: gained(
      sealed.scripts.map((s) => s.path),
      now.scripts.map((s) => s.path),
    ),
    hosts: gained(sealed.hosts, now.hosts),
    ...(RANK[now.audit] > RANK[sealed.audit] ? { audit: { from: sealed.audit, to: now.audit } } : {}),
  };
  const any =
    w.allowed_tools.length + w.writes.length + w.mcp_servers.length + w.scripts.length + w.hosts.length > 0 ||
    w.audit !== undefined;
  return any ? w : undefined;
}

/**
 * One line naming what widened.
 *
 * @example
 * wideningText({ allowed_tools: ['Bash(*)'], writes: [], mcp_servers: [], scripts: ['scripts/sync.sh'],
 * hosts: [] }) // 'allowed-tools gained Bash(*); new script scripts/sync.sh'
 */
export function wideningText(w: CapabilityWidening): string {
  const parts: string[] = [];
  if (w.allowed_tools.length) parts.push(`allowed-tools gained ${w.allowed_tools.join(', ')}`);
  if (w.writes.length) parts.push(`tools that write gained ${w.writes.join(', ')}`);
  if (w.mcp_servers.length)
    parts.push(`new MCP server${w.mcp_servers.length > 1 ? 's' : ''} ${w.mcp_servers.join(', ')}`);
  if (w.scripts.length) parts.push(`new script${w.scripts.length > 1 ? 's' : ''} ${w.scripts.join(', ')}`);
  if (w.hosts.length) parts.push(`scripts name new host${w.hosts.length > 1 ? 's' : ''} ${w.hosts.join(', ')}`);
  if (w.audit) parts.push(`audit verdict ${w.audit.from} → ${w.audit.to}`);
  return parts.join('; ');
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(cmp);
}
