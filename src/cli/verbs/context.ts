/**
 * `skillgraph context` — the descriptor context an agent host puts in its
 * prompt: Markdown "Skills" section (default) or `<available_skills>` XML on
 * stdout, never a skill's instructions. `--lazy` adds the loading rules (and
 * the `load_skill` tool in JSON); `--budget N|Nt` fits the listing.
 * JSON (`--json` or `--format json`): `{schemaVersion, catalog, format, mode,
 * skills, conflicts, budget, tool, text}`.
 */
import { basename, dirname, resolve } from 'node:path';
import { auditSkill } from '../../audit/audit.js';
import { auditFields, readSkillFiles } from '../../tasks/audit-path.js';
import type { Catalog } from '../../model/catalog.js';
import { parseBudget } from '../../context/budget.js';
import { leftOutJson, leftOutLine, leftOutPackage, leftOutReport } from '../../context/left-out.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { CONTEXT_PATHS, contextDocument, renderContext, type ContextPaths, type RenderedContext } from '../../context/render.js';
import { isSkillgraphError } from '../../model/errors.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';
import { hostProfile, writeHostListing } from '../context-host.js';
import { isHostId } from '../../hosts/registry.js';
import { HOST_IDS } from '../../hosts/types.js';

const FORMATS = ['markdown', 'xml', 'json'] as const;

export const spec: VerbSpec = {
  name: 'context',
  summary: 'render the skill listing for an agent prompt (Markdown, <available_skills> XML or JSON)',
  usage: '[--format markdown|xml|json] [--lazy [--into DIR]] [--budget N|Nt] [--host NAME] [--paths absolute|relative|uri] [--no-digests] [--audit off|mark|drop] [--root PATH[:scope[:prec]]]... [--json]',
  flags: {
    ...CATALOG_FLAGS,
    format: { type: 'string', value: 'F', description: 'markdown (default), xml (<available_skills>) or json' },
    lazy: { type: 'boolean', description: 'lazy mode: skills are staged by the load_skill tool (adds loading rules and the tool definition)' },
    into: { type: 'string', value: 'DIR', description: 'lazy mode: show each skill at DIR/<name>/SKILL.md, where load stages it' },
    budget: { type: 'string', value: 'N|Nt', description: 'fit the whole rendered block, guidance included, into N characters (UTF-8 bytes) or N o200k tokens: shorten, then omit' },
    paths: { type: 'string', value: 'absolute|relative|uri', description: 'show each SKILL.md by absolute path (default), path relative to the working folder, or skill:// URI' },
    'no-digests': { type: 'boolean', description: 'leave the digests out of the Markdown listing (JSON keeps them)' },
    audit: { type: 'string', value: 'off|mark|drop', description: 'audit each skill first: mark skills with security errors in the listing, or drop them from it (default off)' },
    host: { type: 'string', value: 'NAME', description: "render the listing as agent NAME does (its format, budget and cuts; see skillgraph hosts), parsed with its profile when it has one" },
  },
  positionals: 'none',
  examples: [
    'skillgraph context --format xml --budget 8000t',
    'skillgraph context --lazy --into .agent/skills',
  ],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const format = typeof values.format === 'string' ? values.format : 'markdown';
  if (!(FORMATS as readonly string[]).includes(format)) usageError(io, spec.name, `--format must be one of ${FORMATS.join(', ')}, got '${format}'`);
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
  if (!(CONTEXT_PATHS as readonly string[]).includes(paths)) usageError(io, spec.name, `--paths must be one of ${CONTEXT_PATHS.join(', ')}, got '${paths}'`);
  const into = typeof values.into === 'string' ? values.into : null;
  if (into !== null && values.lazy !== true) usageError(io, spec.name, '--into only applies with --lazy');

  const audit = typeof values.audit === 'string' ? values.audit : 'off';
  if (!(AUDIT_MODES as readonly string[]).includes(audit)) usageError(io, spec.name, `--audit must be one of ${AUDIT_MODES.join(', ')}, got '${audit}'`);

  const host = typeof values.host === 'string' ? values.host : null;
  if (host !== null) {
    if (!isHostId(host)) usageError(io, spec.name, `--host must be one of ${HOST_IDS.join(', ')}, got '${host}'`);
    if (budget !== null) usageError(io, spec.name, "--budget does not apply with --host: the agent's own budget does");
    const profile = values.profile ?? hostProfile(host);
    const { catalog } = await catalogFromFlags(profile === undefined ? values : { ...values, profile }, io, spec.name);
    writeHostListing(io, catalog, host, values.json === true || format === 'json');
    return EXIT.ok;
  }
  const { catalog: full, walk } = await catalogFromFlags(values, io, spec.name);
  const flagged = audit === 'off' ? [] : auditErrors(full);
  const catalog = audit === 'drop' ? full.excluding(flagged.map((f) => f.locator)) : full;
  let rendered: RenderedContext;
  try {
    rendered = renderContext(catalog, {
      format: format === 'xml' ? 'xml' : 'markdown',
      mode: values.lazy === true ? 'lazy' : 'eager',
      budget,
      workspace: into,
      paths: paths as ContextPaths,
      relativeTo: io.cwd,
      digests: values['no-digests'] !== true,
    });
  } catch (error) {
    // A budget too small for the guidance itself: say so rather than print a block that overflows it.
    if (isSkillgraphError(error) && error.details.field === 'budget') usageError(io, spec.name, `--${error.message}`);
    throw error;
  }
  const dropped = audit === 'drop' ? flagged.map((f) => leftOutPackage(full.get(f.name)!, 'audit', f.errors)) : [];
  const leftOut = leftOutReport([...rendered.leftOut, ...dropped], walk, full);
  const auditDoc = audit === 'off' ? {} : { audit: { mode: audit, flagged: flagged.map(({ name, codes }) => ({ name, codes })) } };
  const auditNote = audit === 'mark' && flagged.length > 0 ? markNote(flagged) : '';
  if (values.json === true || format === 'json') {
    writeJson(io, {
      catalog: { digest: catalog.digest },
      ...contextDocument(rendered),
      left_out: leftOutJson(leftOut),
      ...auditDoc,
      ...(auditNote ? { audit_note: auditNote } : {}),
    });
  } else {
    io.stdout.write(rendered.text + auditNote);
  }
  const marked = audit === 'mark' && flagged.length > 0 ? `; ${flagged.length} marked by the audit (${flagged.map((f) => f.name).join(', ')})` : '';
  const line = leftOutLine(leftOut);
  note(io, summary(rendered, into === null ? null : resolve(io.cwd, into)).replace(/\n$/, `${marked}${line ? `\n${line}` : ''}\n`));
  return leftOut.findings ? EXIT.findings : EXIT.ok;
}

const AUDIT_MODES = ['off', 'mark', 'drop'] as const;

interface Flagged {
  readonly name: string;
  readonly locator: string;
  readonly codes: readonly string[];
  readonly errors: readonly Diagnostic[];
}

/** The catalog's skills whose audit has an error finding, by name. */
function auditErrors(catalog: Catalog): Flagged[] {
  const out: Flagged[] = [];
  const names = catalog.skills.map((s) => s.descriptor.name);
  for (const p of catalog.skills) {
    const locator = p.descriptor.source.locator;
    const files = readSkillFiles(dirname(locator));
    const errors = auditSkill({ dir: '.', skillFile: basename(locator), files, otherNames: names, ...auditFields(p) }).filter((d) => d.severity === 'error');
    if (errors.length > 0) out.push({ name: p.descriptor.name, locator, codes: [...new Set(errors.map((d) => d.code))].sort(), errors });
  }
  return out;
}

/** The visible line `--audit mark` adds after the listing. */
function markNote(flagged: readonly Flagged[]): string {
  const rows = flagged.map((f) => `${f.name} (${f.codes.join(', ')})`);
  return `\nSecurity audit: ${rows.join('; ')} ${flagged.length === 1 ? 'has' : 'have'} error findings; do not load ${flagged.length === 1 ? 'it' : 'them'} without the user's review.\n`;
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
  if (rendered.conflicts.length > 0) parts.push(`${rendered.conflicts.length} shadowed cop${rendered.conflicts.length === 1 ? 'y' : 'ies'}`);
  if (into !== null) parts.push(`staging folder ${into.replace(/\\/g, '/')}`);
  return `context: ${parts.join('; ')}${listed === 0 && omitted === 0 ? ' (nothing to render)' : ''}\n`;
}
