// A Markdown "Skills" section or `<available_skills>` XML for a prompt, never a skill's instructions.
import { basename, dirname } from 'node:path';
import { homedir } from 'node:os';
import { auditSkill } from '../audit/audit.js';
import { leftOutJson, leftOutPackage, leftOutReport, type LeftOut } from '../context/left-out.js';
import { contextDocument, renderContext, type ContextPaths, type RenderedContext } from '../context/render.js';
import type { Catalog } from '../model/catalog.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { auditFields, auditParsers, readSkillFiles } from './audit-path.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import type { TaskStatus } from './catalog.js';
import { hostListing, hostProfile, type HostListing } from './context-host.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export const AUDIT_MODES = ['off', 'mark', 'drop'] as const;
export type AuditMode = (typeof AUDIT_MODES)[number];

export interface ContextTaskOptions {
  readonly request: CatalogRequest;
  readonly format?: 'markdown' | 'xml';
  /** Skills are staged by the `load_skill` tool: adds the loading rules and the tool definition. */
  readonly lazy?: boolean;
  /** N characters or `Nt` tokens for the whole block (see `parseBudget`). */
  readonly budget?: string | null;
  /** Lazy mode: show each skill at `into/<name>/SKILL.md`, where a load stages it. */
  readonly into?: string | null;
  /** Default `absolute`; `relative` is to `cwd`. */
  readonly paths?: ContextPaths;
  readonly digests?: boolean;
  readonly audit?: AuditMode;
  /** List the skills as this agent does (its format, budget and cuts); no budget then. */
  readonly host?: string;
  readonly cwd?: string;
  /** With `host`: the folder the agent reads user skills from (default: the user's). */
  readonly home?: string;
}

export interface FlaggedSkill {
  readonly name: string;
  readonly locator: string;
  readonly codes: readonly string[];
  readonly errors: readonly Diagnostic[];
}

export interface ContextRun {
  readonly status: TaskStatus;
  /** The block, and the audit's note when it marked skills. */
  readonly text: string;
  readonly document: Record<string, unknown>;
  /** After an audit dropped skills. */
  readonly catalog: Catalog;
  readonly rendered?: RenderedContext;
  readonly leftOut?: LeftOut;
  readonly flagged: readonly FlaggedSkill[];
  readonly host?: HostListing;
}

const CONTEXT_TASK_KEYS = optionKeys<ContextTaskOptions>('contextTask', {
  request: true,
  format: true,
  lazy: true,
  budget: true,
  into: true,
  paths: true,
  digests: true,
  audit: true,
  host: true,
  cwd: true,
  home: true,
});

/** Render the catalog `options.request` describes as agent context. */
export async function contextTask(options: ContextTaskOptions): Promise<ContextRun> {
  checkOptionKeys(options, CONTEXT_TASK_KEYS);
  const audit = options.audit ?? 'off';
  if (!(AUDIT_MODES as readonly string[]).includes(audit)) {
    throw new SkillgraphError(
      'options.invalid',
      `context option 'audit' must be one of ${AUDIT_MODES.join(', ')}, got '${String(audit)}'`,
      { field: 'audit' },
    );
  }
  if (options.host !== undefined) return hostContext(options, options.host);
  const { catalog: full, walk } = await loadRequest(options.request);
  const flagged = audit === 'off' ? [] : auditErrors(full, await auditParsers());
  const catalog = audit === 'drop' ? full.excluding(flagged.map((f) => f.locator)) : full;
  const rendered = renderContext(catalog, {
    format: options.format === 'xml' ? 'xml' : 'markdown',
    mode: options.lazy === true ? 'lazy' : 'eager',
    budget: options.budget ?? null,
    workspace: options.into ?? null,
    paths: options.paths ?? 'absolute',
    relativeTo: options.cwd ?? process.cwd(),
    digests: options.digests !== false,
  });
  const dropped = audit === 'drop' ? flagged.map((f) => leftOutPackage(full.get(f.name)!, 'audit', f.errors)) : [];
  const leftOut = leftOutReport([...rendered.leftOut, ...dropped], walk, full);
  const auditDoc =
    audit === 'off' ? {} : { audit: { mode: audit, flagged: flagged.map(({ name, codes }) => ({ name, codes })) } };
  const auditNote = audit === 'mark' && flagged.length > 0 ? markNote(flagged) : '';
  const document = {
    catalog: { digest: catalog.digest },
    ...contextDocument(rendered),
    left_out: leftOutJson(leftOut),
    ...auditDoc,
    ...(auditNote ? { audit_note: auditNote } : {}),
  };
  return {
    status: leftOut.findings ? 1 : 0,
    text: rendered.text + auditNote,
    document,
    catalog,
    rendered,
    leftOut,
    flagged,
  };
}

/** Read with that agent's profile unless the request names one. */
async function hostContext(options: ContextTaskOptions, host: string): Promise<ContextRun> {
  if (options.budget !== undefined && options.budget !== null) {
    throw new SkillgraphError(
      'options.invalid',
      "context option 'budget' does not apply with 'host': the agent's own budget does",
      { field: 'budget' },
    );
  }
  const profile = options.request.load.profile ?? hostProfile(host);
  const load = profile === undefined ? options.request.load : { ...options.request.load, profile };
  const { catalog } = await loadRequest({ ...options.request, load });
  const listing = hostListing(catalog, host, options.home ?? homedir());
  return {
    status: 0,
    text: `${listing.listed.text}\n`,
    document: listing.document,
    catalog,
    flagged: [],
    host: listing,
  };
}

function auditErrors(catalog: Catalog, parsers: CodeParsers): FlaggedSkill[] {
  const out: FlaggedSkill[] = [];
  const names = catalog.skills.map((s) => s.descriptor.name);
  for (const p of catalog.skills) {
    const locator = p.descriptor.source.locator;
    const files = readSkillFiles(dirname(locator));
    const errors = auditSkill(
      { dir: '.', skillFile: basename(locator), files, otherNames: names, ...auditFields(p) },
      { parsers },
    ).filter((d) => d.severity === 'error');
    if (errors.length > 0)
      out.push({ name: p.descriptor.name, locator, codes: [...new Set(errors.map((d) => d.code))].sort(), errors });
  }
  return out;
}

function markNote(flagged: readonly FlaggedSkill[]): string {
  const rows = flagged.map((f) => `${f.name} (${f.codes.join(', ')})`);
  return (
    `\nSecurity audit: ${rows.join('; ')} ${flagged.length === 1 ? 'has' : 'have'} error findings; ` +
    `do not load ${flagged.length === 1 ? 'it' : 'them'} without the user's review.\n`
  );
}
