// The I/O side of the routing stage, shared by catalog, graph, describe, materialize and load.
import { readdirSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import type { Catalog } from '../model/catalog.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { ReadBuffer, readListedFile } from '../discover/safe-read.js';
import { findOverlaps, type OverlapOptions, type OverlapPair, type RoutingSkill } from '../routing/overlap.js';
import { implicitEdges, type EdgeFile, type EdgeSource, type SkillEdge } from '../routing/edges.js';
import { findOutboundLinks, findReferences, outboundLinksOf, type Reference } from '../routing/references.js';

/** Markdown files of a skill read for links besides SKILL.md: how many, and how big each. */
const MARKDOWN_FILES_MAX = 64;
const MARKDOWN_BYTES_MAX = 256 * 1024;
const MARKDOWN = /\.(?:md|markdown|mdx)$/i;

/** A skill (a SKILL.md in any case), something else, or nothing. */
export function folderProbe(dir: string): 'skill' | 'other' | 'none' {
  try {
    if (!statSync(dir).isDirectory()) return 'other';
    return readdirSync(dir).some((n) => n.toLowerCase() === 'skill.md') ? 'skill' : 'other';
  } catch {
    return 'none';
  }
}

/** One buffer for every Markdown file read: each is decoded before the next read. */
const markdownBuffer = new ReadBuffer();
const decoder = new TextDecoder();

/**
 * References in a skill's other Markdown files, each read once with the bounded reader; `links` when only
 * links matter (missing siblings), so mentions are never looked for.
 */
export function markdownFiles(
  dir: string,
  files: readonly { readonly path: string; readonly size: number }[],
  shownDir: string,
  links = false,
): EdgeFile[] {
  const out: EdgeFile[] = [];
  for (const f of files) {
    if (out.length >= MARKDOWN_FILES_MAX) break;
    if (!MARKDOWN.test(f.path) || /(^|\/)skill\.md$/i.test(f.path) || f.size > MARKDOWN_BYTES_MAX) continue;
    // Perf: the listing typed it a regular file: opened without following a link, not stat'ed first.
    const read = readListedFile(posix.join(dir, f.path), MARKDOWN_BYTES_MAX, markdownBuffer);
    if (!read.ok) continue;
    const text = decoder.decode(read.bytes);
    const references = links ? findOutboundLinks(text) : findReferences(text);
    if (references.length > 0)
      out.push({ path: f.path, references, firstLine: 1, shown: shownDir === '.' ? f.path : `${shownDir}/${f.path}` });
  }
  return out;
}

export interface CatalogRouting {
  readonly pairs: readonly OverlapPair[];
  readonly edges: readonly SkillEdge[];
  /** Overlaps, then missing siblings, each sorted. */
  readonly diagnostics: readonly Diagnostic[];
}

export const skillDir = (pkg: SkillPackage): string => posix.dirname(pkg.descriptor.source.locator);

/** A SKILL.md reached through a link has links written for a folder the catalog does not keep: sibling names only. */
export function bodySource(pkg: SkillPackage): EdgeSource {
  return sourceOf(pkg, { text: pkg.body });
}

/** `bodySource` with the body's outbound links (as parsing found them) and no text: all that missing siblings need. */
function bodyLinks(pkg: SkillPackage): EdgeSource {
  return sourceOf(pkg, { references: outboundLinksOf(pkg) });
}

function sourceOf(pkg: SkillPackage, body: Pick<EdgeFile, 'text' | 'references'>): EdgeSource {
  const file = pkg.descriptor.source.locator;
  const path = posix.basename(file);
  return {
    name: pkg.descriptor.name,
    dir: /^skill\.md$/i.test(path) ? skillDir(pkg) : undefined,
    files: [{ path, ...body, firstLine: pkg.bodyLine, shown: file }],
  };
}

/** Overlaps among a catalog's winners and the implicit edges of their SKILL.md bodies. */
export function catalogRouting(catalog: Catalog, options: OverlapOptions = {}): CatalogRouting {
  return routeCatalog(catalog, options, bodySource);
}

/** `catalogRouting(catalog, options).diagnostics`, without looking for the mentions only edges need. */
export function catalogRoutingDiagnostics(catalog: Catalog, options: OverlapOptions = {}): readonly Diagnostic[] {
  return routeCatalog(catalog, options, bodyLinks).diagnostics;
}

function routeCatalog(catalog: Catalog, options: OverlapOptions, source: (pkg: SkillPackage) => EdgeSource) {
  const skills = catalog.skills;
  const overlap = findOverlaps(skills, options);
  const targets = skills.map((p) => ({ name: p.descriptor.name, dir: skillDir(p) }));
  const edges = implicitEdges(skills.map(source), targets, { probe: folderProbe });
  return { pairs: overlap.pairs, edges: edges.edges, diagnostics: [...overlap.diagnostics, ...edges.diagnostics] };
}

export interface NotHandedOver {
  readonly from: string;
  /** Its name, or the link as written when it is not in the catalog. */
  readonly to: string;
  readonly kind: 'link' | 'mention';
  readonly catalogued: boolean;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** The skills `handed` use that are not among them, or not installed at all (`materialize NAME…`, `load`). */
export function notHandedOver(catalog: Catalog, handed: readonly string[]): NotHandedOver[] {
  const names = new Set(handed);
  const out: NotHandedOver[] = [];
  const targets = catalog.skills.map((p) => ({ name: p.descriptor.name, dir: skillDir(p) }));
  for (const pkg of catalog.skills.filter((p) => names.has(p.descriptor.name))) {
    const found = implicitEdges([bodySource(pkg)], targets, { probe: folderProbe, severity: 'off' });
    for (const e of found.edges)
      if (!names.has(e.to))
        out.push({
          from: e.from,
          to: e.to,
          kind: e.kind,
          catalogued: true,
          file: e.file,
          line: e.line,
          column: e.column,
        });
    for (const m of found.missing)
      out.push({
        from: m.from,
        to: m.text,
        kind: 'link',
        catalogued: false,
        file: m.file,
        line: m.line,
        column: m.column,
      });
  }
  return out;
}

/** No text kept but the routing text. */
export interface RoutingInput {
  readonly skill: RoutingSkill;
  readonly source: EdgeSource;
}

/** A validate run's routing findings, by the SKILL.md each belongs to (as shown). */
export function validateRouting(
  inputs: readonly RoutingInput[],
  options: OverlapOptions = {},
): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  const add = (file: string, d: Diagnostic): void => {
    const list = out.get(file);
    if (list) list.push(d);
    else out.set(file, [d]);
  };
  for (const d of findOverlaps(
    inputs.map((i) => i.skill),
    options,
  ).diagnostics)
    add(d.file, d);
  const targets = inputs.flatMap((i) =>
    i.source.dir === undefined ? [] : [{ name: i.source.name, dir: i.source.dir }],
  );
  for (const input of inputs) {
    for (const d of implicitEdges([input.source], targets, { probe: folderProbe }).diagnostics)
      add(input.skill.file, d);
  }
  return out;
}

export interface RoutingInputJson {
  readonly entry: number;
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly routing: { readonly name: string; readonly text: string };
  readonly dir: string | null;
  readonly files: readonly {
    readonly path: string;
    readonly shown: string;
    readonly first_line: number;
    readonly references: readonly Reference[];
  }[];
}

/** A shard's routing inputs for its JSON document, and back. */
export function routingInputsJson(inputs: readonly (RoutingInput & { readonly entry: number })[]): RoutingInputJson[] {
  return inputs.map((i) => ({
    entry: i.entry,
    name: i.skill.name,
    file: i.skill.file,
    line: i.skill.line ?? 0,
    column: i.skill.column ?? 0,
    routing: { name: i.skill.routing.name, text: i.skill.routing.text },
    dir: i.source.dir ?? null,
    files: i.source.files.map((f) => ({
      path: f.path,
      shown: f.shown,
      first_line: f.firstLine,
      references: f.references ?? [],
    })),
  }));
}

export function routingInputsFromJson(
  rows: readonly RoutingInputJson[],
): (RoutingInput & { readonly entry: number })[] {
  return rows.map((r) => ({
    entry: r.entry,
    skill: { name: r.name, routing: r.routing, file: r.file, line: r.line, column: r.column },
    source: {
      name: r.name,
      dir: r.dir ?? undefined,
      files: r.files.map((f) => ({ path: f.path, shown: f.shown, firstLine: f.first_line, references: f.references })),
    },
  }));
}
