/**
 * `skillgraph context` — the descriptor context an agent host puts in its
 * prompt: Markdown "Skills" section (default) or `<available_skills>` XML on
 * stdout, never a skill's instructions. `--lazy` adds the loading rules (and
 * the `load_skill` tool in JSON); `--budget N|Nt` fits the listing.
 * JSON (`--json` or `--format json`): `{schemaVersion, catalog, format, mode,
 * skills, conflicts, budget, tool, text}`.
 */
import { resolve } from 'node:path';
import { parseBudget } from '../../context/budget.js';
import { contextDocument, renderContext, type RenderedContext } from '../../context/render.js';
import { isSkillgraphError } from '../../model/errors.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { CATALOG_FLAGS, catalogFromFlags } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';

const FORMATS = ['markdown', 'xml', 'json'] as const;

export const spec: VerbSpec = {
  name: 'context',
  summary: 'render the skill listing for an agent prompt (Markdown, <available_skills> XML or JSON)',
  usage: '[--format markdown|xml|json] [--lazy [--into DIR]] [--budget N|Nt] [--root PATH[:scope[:prec]]]... [--json]',
  flags: {
    ...CATALOG_FLAGS,
    format: { type: 'string', value: 'F', description: 'markdown (default), xml (<available_skills>) or json' },
    lazy: { type: 'boolean', description: 'lazy mode: skills are staged by the load_skill tool (adds loading rules and the tool definition)' },
    into: { type: 'string', value: 'DIR', description: 'lazy mode: show each skill at DIR/<name>/SKILL.md, where load stages it' },
    budget: { type: 'string', value: 'N|Nt', description: 'fit the listing into N characters or N tokens (4 chars each): shorten, then omit' },
  },
  positionals: 'none',
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
  const into = typeof values.into === 'string' ? values.into : null;
  if (into !== null && values.lazy !== true) usageError(io, spec.name, '--into only applies with --lazy');

  const { catalog } = await catalogFromFlags(values, io, spec.name);
  const rendered = renderContext(catalog, {
    format: format === 'xml' ? 'xml' : 'markdown',
    mode: values.lazy === true ? 'lazy' : 'eager',
    budget,
    workspace: into,
  });
  if (values.json === true || format === 'json') {
    writeJson(io, { catalog: { digest: catalog.digest }, ...contextDocument(rendered) });
  } else {
    io.stdout.write(rendered.text);
  }
  note(io, summary(rendered, catalog.skills.length, into === null ? null : resolve(io.cwd, into)));
  return EXIT.ok;
}

function summary(rendered: RenderedContext, total: number, into: string | null): string {
  const listed = rendered.entries.length;
  const omitted = rendered.budget?.omitted.length ?? 0;
  const hidden = total - listed - omitted;
  const parts = [`${listed} skill${listed === 1 ? '' : 's'} listed`];
  if (hidden > 0) parts.push(`${hidden} hidden from the model`);
  if (rendered.budget) {
    const b = rendered.budget;
    parts.push(`budget ${b.after}/${b.chars} chars: ${b.shortened.length} shortened, ${b.omitted.length} omitted`);
  }
  if (rendered.conflicts.length > 0) parts.push(`${rendered.conflicts.length} shadowed cop${rendered.conflicts.length === 1 ? 'y' : 'ies'}`);
  if (into !== null) parts.push(`staging folder ${into.replace(/\\/g, '/')}`);
  return `context: ${parts.join('; ')}${listed === 0 && omitted === 0 ? ' (nothing to render)' : ''}\n`;
}
