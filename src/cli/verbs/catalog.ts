/**
 * `skillgraph catalog` — discover, parse and seal; print the catalog.
 * JSON: `{schemaVersion, digest, skills: [descriptor + skillMetadata…], conflicts, diagnostics, stats}`,
 * byte-identical run to run. Human output (stderr): a table of scope, name and
 * description cut to the terminal width, then conflicts and findings.
 */
import { relative, sep } from 'node:path';
import type { Catalog } from '../../model/catalog.js';
import { hasErrors, type Diagnostic } from '../../model/diagnostics.js';
import type { SkillPackage } from '../../model/package.js';
import type { CapabilitySummary } from '../../model/resolve.js';
import { NOT_CATALOGUED_REASONS, REASON_WORDS } from '../../discover/account.js';
import type { WalkReport } from '../../engine/plan.js';
// Perf: the module itself, not the stage barrel.
import { resolveCatalog } from '../../engine/resolve.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
// Perf: catalog-request.ts, not catalog-flags.ts: config (yaml, zod) is imported only when a config file exists.
import { CATALOG_FLAGS, lazyCatalogFromFlags, lazyCatalogRequest, memoizedCatalogOutput, type CatalogFromFlags } from '../catalog-request.js';
import { EXIT } from '../exit.js';
import { jsonDocument, paint, useColor, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'catalog',
  summary: 'discover skills in scoped roots and print the sealed catalog',
  usage: '[PATH...] [--root PATH[:scope[:precedence]][!]]... [--preset NAME]... [--config FILE] [--json | --format mcp]',
  flags: {
    ...CATALOG_FLAGS,
    format: { type: 'string', value: 'mcp', description: "print the MCP Skills extension's skills/list result for the catalog (every page in one document)" },
  },
  positionals: 'roots',
};

/** The `--json` document of catalog and list (without schemaVersion, added by writeJson). */
export function catalogDocument(result: CatalogFromFlags): Record<string, unknown> {
  const { catalog, stats } = result;
  // Each descriptor carries its protocol metadata as `skillMetadata`, null when its
  // includes do not resolve (`skillgraph resolve` says why). Not under `metadata`: that is the
  // descriptor's own frontmatter map and must reach the JSON unchanged. Perf: built
  // from the resolver's summaries, so no entry lists are materialised; resolveCatalog returns
  // skills in catalog order.
  const resolved = resolveCatalog(catalog).skills;
  return {
    digest: catalog.digest,
    skills: catalog.skills.map((p, i) => {
      const r = resolved[i];
      return { ...p.descriptor, skillMetadata: r?.ok ? metadataJson(p, r.summary) : null };
    }),
    conflicts: catalog.conflicts,
    diagnostics: catalog.diagnostics,
    ...completenessJson(result.walk),
    stats,
  };
}

/** `complete`, `incomplete` (the limits hit) and `files` (where every SKILL.md seen went), snake_case. */
export function completenessJson(walk: WalkReport): Record<string, unknown> {
  const f = walk.files;
  return {
    complete: walk.complete,
    incomplete: walk.limits.map((l) => ({ root: l.root, limit: l.limit, value: l.value, unsearched: l.unsearched, flag: l.flag })),
    files: {
      seen: f.seen,
      catalogued: f.catalogued,
      shadowed: f.shadowed,
      invalid: f.invalid,
      same_file: f.sameFile,
      not_catalogued: Object.fromEntries(NOT_CATALOGUED_REASONS.map((r) => [r.replaceAll('-', '_'), f.notCatalogued[r]])),
    },
  };
}

/** The human lines about completeness: what was not catalogued and why, and where the walk stopped. */
export function completenessLines(walk: WalkReport, color: boolean): string[] {
  const out: string[] = [];
  const f = walk.files;
  const reasons = NOT_CATALOGUED_REASONS.filter((r) => f.notCatalogued[r] > 0);
  const total = reasons.reduce((n, r) => n + f.notCatalogued[r], 0);
  if (total > 0) out.push(`${total} SKILL.md file(s) not catalogued: ${reasons.map((r) => `${f.notCatalogued[r]} ${REASON_WORDS[r]}`).join(', ')}`);
  if (!walk.complete) {
    const unsearched = walk.limits.reduce((n, l) => n + l.unsearched, 0);
    const limits = walk.limits.map((l) => `${l.root}: ${l.unsearched} folder(s) past ${l.flag} ${l.value}`).join('; ');
    out.push(paint(color, 'red', `INCOMPLETE: the walk stopped at a limit, at least ${unsearched} folder(s) not searched (${limits}); raise the limit to search them`));
  }
  return out;
}

/**
 * `SkillMetadata.fromSummary(pkg, summary).toJSON()`, built directly: package and
 * summary come from our own parse and resolver, so the protocol's zod check can only pass.
 * Perf: no zod round trip per skill (−40 ms at 10k) and no protocol/zod import on the
 * `catalog` path; a unit test keeps the two equal on the real corpus.
 */
function metadataJson(pkg: SkillPackage, summary: CapabilitySummary): Record<string, unknown> {
  return {
    name: pkg.descriptor.name,
    description: pkg.descriptor.description,
    version: pkg.descriptor.version || '0.0.0',
    read_only: summary.read_only,
    writes: summary.writes,
    tool_count: summary.tool_count,
    source_types: [...summary.source_types],
  };
}

/** Exit status of catalog-reading verbs: findings when a skill was left out by an error, or the walk stopped at a limit. */
export function catalogStatus(catalog: Catalog, walk?: WalkReport): number {
  return hasErrors(catalog.diagnostics) || walk?.complete === false ? EXIT.findings : EXIT.ok;
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const extra = { roots: positionals };
  if (values.format !== undefined) {
    if (values.format !== 'mcp') usageError(io, spec.name, `--format must be mcp, got '${String(values.format)}'`);
    const request = await lazyCatalogRequest(values, io, spec.name, extra);
    // Perf: imported here only: the snapshot parses SKILL.md bytes (yaml), which no other catalog run needs.
    const { skillsListSnapshot } = await import('../../serve/snapshot.js');
    const result = await skillsListSnapshot(request.load, { ...request.engine, onProgress: undefined }, (d) => io.stderr.write(`${d.file}: ${d.severity} ${d.code} ${d.message}\n`));
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return EXIT.ok;
  }
  if (values.json) {
    const produce = (result: CatalogFromFlags) => ({ text: jsonDocument(catalogDocument(result)), status: catalogStatus(result.catalog, result.walk) });
    const out = await memoizedCatalogOutput(values, io, spec.name, produce, extra);
    io.stdout.write(out.bytes ?? out.text);
    return out.status;
  }
  const result = await lazyCatalogFromFlags(values, io, spec.name, extra);
  io.stderr.write(renderCatalog(result, io, { table: true }));
  return catalogStatus(result.catalog, result.walk);
}

/** A path for people: relative to the working folder when inside it. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel) ? rel.split(sep).join('/') : path;
}

/** Cut `text` to `width` characters (code points), ending in '…' when cut. */
export function cut(text: string, width: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (width <= 0) return '';
  return chars.length <= width ? chars.join('') : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** Human rendering shared by `catalog` (table) and `list` (short). */
export function renderCatalog(result: CatalogFromFlags, io: CliIo, options: { table: boolean }): string {
  const { catalog, stats } = result;
  const color = useColor(io);
  const width = Math.max(40, io.stderr.columns ?? 100);
  const out: string[] = [];
  const rows = catalog.skills.map((p) => [p.descriptor.source.scope, p.descriptor.name, p.descriptor.description] as const);
  const scopeW = Math.max(5, ...rows.map((r) => r[0].length));
  const nameW = Math.max(4, ...rows.map((r) => r[1].length));
  if (rows.length === 0) {
    out.push('No skills found.');
  } else if (options.table) {
    out.push(paint(color, 'bold', `${'SCOPE'.padEnd(scopeW)}  ${'NAME'.padEnd(nameW)}  DESCRIPTION`));
    for (const [scope, name, description] of rows) {
      out.push(`${scope.padEnd(scopeW)}  ${name.padEnd(nameW)}  ${cut(description, width - scopeW - nameW - 4)}`);
    }
  } else {
    for (const [scope, name, description] of rows) {
      out.push(`${paint(color, 'bold', name)} ${paint(color, 'dim', `(${scope})`)} ${cut(description, width - name.length - scope.length - 4)}`);
    }
  }
  out.push('');
  const shadowed = catalog.conflicts.length;
  out.push(
    `${catalog.skills.length} skill(s) from ${stats.roots.searched} root(s)` +
      (shadowed ? `, ${shadowed} shadowed` : '') +
      (stats.roots.missing.length ? `, ${stats.roots.missing.length} root(s) missing` : '') +
      ` · ${catalog.digest}`,
  );
  out.push(...completenessLines(result.walk, color));
  if (shadowed) {
    out.push('', paint(color, 'bold', 'Conflicts:'));
    for (const c of catalog.conflicts) {
      const note = c.identical ? ' (identical copy)' : '';
      out.push(
        options.table
          ? `  ${c.name}: ${displayPath(c.selected, io.cwd)} shadows ${displayPath(c.shadowed, io.cwd)}${note}`
          : `  ${c.name}: ${displayPath(c.shadowed, io.cwd)} shadowed${note}`,
      );
    }
  }
  out.push(...renderFindings(catalog.diagnostics, io, color, options.table));
  return `${out.join('\n')}\n`;
}

function renderFindings(diagnostics: readonly Diagnostic[], io: CliIo, color: boolean, all: boolean): string[] {
  const shown = diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'catalog.conflict');
  if (shown.length === 0) return [];
  const errors = shown.filter((d) => d.severity === 'error').length;
  const out = ['', paint(color, 'bold', `Findings: ${errors} error(s), ${shown.length - errors} warning(s)`)];
  for (const d of all ? shown : shown.filter((x) => x.severity === 'error')) {
    const where = `${displayPath(d.file, io.cwd)}${d.line ? `:${d.line}:${d.column}` : ''}`;
    out.push(`  ${paint(color, d.severity === 'error' ? 'red' : 'yellow', d.severity)} ${where} ${paint(color, 'dim', d.code)} ${d.message}`);
  }
  return out;
}
