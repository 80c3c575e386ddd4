// `skillgraph context`: the listing an agent host puts in its prompt, never a skill's instructions.
import { resolve } from 'node:path';
import { parseBudget } from '../../context/budget.js';
import { leftOutLine } from '../../context/left-out.js';
import { CONTEXT_PATHS, type ContextPaths, type RenderedContext } from '../../context/render.js';
import { isHostId } from '../../hosts/registry.js';
import { HOST_IDS } from '../../hosts/types.js';
import { isSkillgraphError } from '../../model/errors.js';
import { AUDIT_MODES, contextTask, type AuditMode, type ContextRun } from '../../tasks/context.js';
import { hostProfile, type HostListing } from '../../tasks/context-host.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogRequest, homeFrom } from '../catalog-flags.js';
import { runTask } from '../catalog-request.js';
import { note, writeJson, type CliIo } from '../io.js';

const FORMATS = ['markdown', 'xml', 'json'] as const;

export const spec: VerbSpec = {
  name: 'context',
  summary: 'render the skill listing for an agent prompt (Markdown, <available_skills> XML or JSON)',
  usage:
    '[--format markdown|xml|json] [--lazy [--into DIR]] [--budget N|Nt] [--host NAME]' +
    ' [--paths absolute|relative|uri] [--no-digests] [--audit off|mark|drop] [--root PATH[:scope[:prec]]]... [--json]',
  flags: {
    ...CATALOG_FLAGS,
    format: { type: 'string', value: 'F', description: 'markdown (default), xml (<available_skills>) or json' },
    lazy: {
      type: 'boolean',
      description: 'lazy mode: skills are staged by the load_skill tool (adds loading rules and the tool definition)',
    },
    into: {
      type: 'string',
      value: 'DIR',
      description: 'lazy mode: show each skill at DIR/<name>/SKILL.md, where load stages it',
    },
    budget: {
      type: 'string',
      value: 'N|Nt',
      description:
        'fit the whole rendered block, guidance included, into N characters (UTF-8 bytes) or N o200k tokens: ' +
        'shorten, then omit',
    },
    paths: {
      type: 'string',
      value: 'absolute|relative|uri',
      description:
        'show each SKILL.md by absolute path (default), path relative to the working folder, or skill:// URI',
    },
    'no-digests': { type: 'boolean', description: 'leave the digests out of the Markdown listing (JSON keeps them)' },
    audit: {
      type: 'string',
      value: 'off|mark|drop',
      description:
        'audit each skill first: mark skills with security errors in the listing, or drop them from it (default off)',
    },
    host: {
      type: 'string',
      value: 'NAME',
      description:
        'render the listing as agent NAME does (its format, budget and cuts; see skillgraph hosts), ' +
        'parsed with its profile when it has one',
    },
  },
  positionals: 'none',
  examples: ['skillgraph context --format xml --budget 8000t', 'skillgraph context --lazy --into .agent/skills'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const format = typeof values.format === 'string' ? values.format : 'markdown';
  if (!(FORMATS as readonly string[]).includes(format))
    usageError(io, spec.name, `--format must be one of ${FORMATS.join(', ')}, got '${format}'`);
  const budget = typeof values.budget === 'string' ? values.budget : null;
  if (budget !== null) {
    try {
      parseBudget(budget);
    } catch (error) {
      if (isSkillgraphError(error)) usageError(io, spec.name, `--budget ${error.message}`);
      throw error;
    }
  }
  const paths = typeof values.paths === 'string' ? values.paths : 'absolute';
  if (!(CONTEXT_PATHS as readonly string[]).includes(paths))
    usageError(io, spec.name, `--paths must be one of ${CONTEXT_PATHS.join(', ')}, got '${paths}'`);
  const into = typeof values.into === 'string' ? values.into : null;
  if (into !== null && values.lazy !== true) usageError(io, spec.name, '--into only applies with --lazy');

  const audit = typeof values.audit === 'string' ? values.audit : 'off';
  if (!(AUDIT_MODES as readonly string[]).includes(audit))
    usageError(io, spec.name, `--audit must be one of ${AUDIT_MODES.join(', ')}, got '${audit}'`);

  const host = typeof values.host === 'string' ? values.host : undefined;
  if (host !== undefined) {
    if (!isHostId(host)) usageError(io, spec.name, `--host must be one of ${HOST_IDS.join(', ')}, got '${host}'`);
    if (budget !== null) usageError(io, spec.name, "--budget does not apply with --host: the agent's own budget does");
  }
  // With --host and no --profile, skills are read with that agent's profile (over the config's).
  const profile = host === undefined ? undefined : (values.profile ?? hostProfile(host));
  const request = catalogRequest(profile === undefined ? values : { ...values, profile }, io, spec.name);
  const options = {
    request,
    format: format === 'xml' ? ('xml' as const) : ('markdown' as const),
    lazy: values.lazy === true,
    budget,
    into,
    paths: paths as ContextPaths,
    digests: values['no-digests'] !== true,
    audit: audit as AuditMode,
    cwd: io.cwd,
    ...(host !== undefined ? { host, home: homeFrom(io) } : {}),
  };
  // A budget too small for the guidance itself is refused rather than overflowed.
  const result = await runTask(
    io,
    spec.name,
    () => contextTask(options),
    (e) => (e.details.field === 'budget' ? `--${e.message}` : undefined),
  );
  if (values.json === true || format === 'json') writeJson(io, result.document);
  else io.stdout.write(result.text);
  if (result.host) note(io, hostNote(result.host));
  else note(io, contextNote(result, audit === 'mark', into === null ? null : resolve(io.cwd, into)));
  return result.status;
}

function contextNote(result: ContextRun, marking: boolean, into: string | null): string {
  const { flagged } = result;
  const marked =
    marking && flagged.length > 0
      ? `; ${flagged.length} marked by the audit (${flagged.map((f) => f.name).join(', ')})`
      : '';
  const line = leftOutLine(result.leftOut!);
  return summary(result.rendered!, into).replace(/\n$/, `${marked}${line ? `\n${line}` : ''}\n`);
}

function hostNote(listing: HostListing): string {
  const { model, listed, own, shipped } = listing;
  const counts = (['shown', 'shortened', 'name-only', 'hidden'] as const)
    .map((v) => `${own.filter((s) => s.verdict === v).length} ${v}`)
    .join(', ');
  const budget = listed.budget ? `; budget ${listed.budget.used}/${listed.budget.limit} ${listed.budget.unit}` : '';
  const ships = shipped.length > 0 ? `; ${shipped.length} of its own skills counted, not shown` : '';
  return `context --host ${model.id}${model.checked ? ` ${model.checked.version}` : ''}: ${counts}${budget}${ships}\n`;
}

function summary(rendered: RenderedContext, into: string | null): string {
  const listed = rendered.entries.length;
  const omitted = rendered.budget?.omitted.length ?? 0;
  const parts = [`${listed} skill${listed === 1 ? '' : 's'} listed`];
  if (rendered.budget) {
    const b = rendered.budget;
    const limit = b.unit === 'tokens' ? `${b.amount} tokens` : `${b.chars} chars`;
    parts.push(`budget ${b.after}/${limit}: ${b.shortened.length} shortened, ${b.omitted.length} omitted`);
  }
  if (rendered.conflicts.length > 0)
    parts.push(`${rendered.conflicts.length} shadowed cop${rendered.conflicts.length === 1 ? 'y' : 'ies'}`);
  if (into !== null) parts.push(`staging folder ${into.replace(/\\/g, '/')}`);
  return `context: ${parts.join('; ')}${listed === 0 && omitted === 0 ? ' (nothing to render)' : ''}\n`;
}
