/**
 * `skillgraph catalog` — discover, parse and seal; print the catalog.
 * JSON: `{schemaVersion, digest, skills: [descriptor + skill_metadata…], conflicts, diagnostics, stats}`,
 * byte-identical run to run. Human output: a table of scope, name and
 * description cut to the terminal width on stdout; the summary, conflicts and findings on stderr.
 */
import { relative, sep } from 'node:path';
import type { Catalog } from '../../model/catalog.js';
import { hasErrors, type Diagnostic } from '../../model/diagnostics.js';
import type { SkillDescriptor } from '../../model/package.js';
import { NOT_CATALOGUED_REASONS, REASON_WORDS } from '../../discover/account.js';
import type { RunMemo } from '../../engine/engine.js';
import type { WalkReport } from '../../engine/plan.js';
// Perf: the module itself, not the stage barrel.
import { resolveSummaries } from '../../engine/resolve.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
// Perf: catalog-request.ts, not catalog-flags.ts: config (yaml, zod) is imported only when a config file exists.
import { CATALOG_FLAGS, catalogFindings, lazyCatalogFromFlags, lazyCatalogRequest, memoizedCatalogOutput, type CatalogFromFlags } from '../catalog-request.js';
import { EXIT } from '../exit.js';
import { REPORT_FORMATS } from '../../report/formats.js';
import { OVERLAP_FLAG, overlapThreshold, REPORT_FLAGS, reportOptions } from '../report-flags.js';
import { catalogRouting } from '../../tasks/routing-io.js';
import { jsonControlsEscaped, jsonDocument, note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { parseShard } from '../../tasks/shard.js';
import { DESCRIPTOR_KEYS, skillText } from '../../tasks/descriptor-text.js';
import { renderRows } from '../catalog-rows.js';

export { renderRows };

export const spec: VerbSpec = {
  name: 'catalog',
  summary: 'discover skills in scoped roots and print the sealed catalog',
  usage: '[PATH...] [--root PATH[:scope[:precedence]][!]]... [--preset NAME]... [--config FILE] [--format F] [--overlap-threshold N] [--shard i/n] [--json]',
  flags: {
    ...CATALOG_FLAGS,
    ...OVERLAP_FLAG,
    shard: { type: 'string', value: 'i/n', description: 'with --json: parse shard i of n (a stable split by skill path); skillgraph merge seals the shard documents into the catalog' },
    format: { ...REPORT_FLAGS.format, description: `output: ${[...REPORT_FORMATS, 'mcp'].join(', ')} (default text; json is --json; mcp: the MCP Skills extension's skills/list result, every page in one document)` },
  },
  positionals: 'roots',
  examples: [
    'skillgraph catalog',
    'skillgraph catalog --root skills --root ~/.skills:global --json',
    'skillgraph catalog --preset claude --format sarif > catalog.sarif',
  ],
};

/**
 * The `--json` text of catalog, list and merge: `{schemaVersion, digest, skills, conflicts,
 * diagnostics, complete, incomplete, files, stats}`, exactly as `jsonDocument` writes that object
 * with `descriptorJson(descriptor)` and `skill_metadata` for each skill. `skill_metadata` is the
 * skill's protocol metadata, null when its includes do not resolve (`skillgraph resolve` says
 * why). Not under `metadata`: that is the descriptor's own frontmatter map and must reach the
 * JSON unchanged.
 *
 * @example io.stdout.write(catalogJson(await lazyCatalogFromFlags(values, io, 'catalog')))
 */
export function catalogJson(result: CatalogFromFlags): string {
  const doc = catalogJsonParts(result);
  const pieces = [doc.head];
  for (let i = 0; i < doc.skills; i++) pieces.push(jsonControlsEscaped(doc.skill(i)));
  pieces.push(doc.tail);
  return pieces.join('');
}

/**
 * `catalogJson` as its UTF-8 bytes. Perf: the document never exists as a string: each skill's
 * text is encoded into the buffer as soon as it is made (and is then young garbage), and that
 * buffer is both printed and recorded in the runs table. The buffer is sized from the first
 * skills; the bytes are a view of it. 10k skills (an 11.6 MB document): no stringified skill
 * list, renamed copy, joined text or second encoding alive beside it.
 *
 * @example io.stdout.write(catalogJsonBytes(await lazyCatalogFromFlags(values, io, 'catalog')))
 */
export function catalogJsonBytes(result: CatalogFromFlags): Buffer {
  return encodeDocument(catalogJsonParts(result));
}

/**
 * `catalogJson`'s UTF-8 bytes handed to `write` as they are made, in buffers of about a MiB
 * (each one new: `write` may keep it). Perf: for an output nothing records, so no whole copy of
 * the document is ever held (10k skills: 11.6 MB).
 *
 * @example writeCatalogJson(result, (chunk) => io.stdout.write(chunk))
 */
export function writeCatalogJson(result: CatalogFromFlags, write: (chunk: Buffer) => void): void {
  encodeDocument(catalogJsonParts(result), write);
}

/** Skills written before the document's buffer is sized for the rest. */
const SIZING_SKILLS = 64;
/** Bytes per buffer handed to a `writeCatalogJson` writer. */
const WRITE_CHUNK = 1 << 20;

/**
 * The document's UTF-8 bytes: in one buffer (a view of it is returned), or, with `emit`, in
 * buffers of about WRITE_CHUNK bytes handed to it in order (an empty buffer is returned).
 */
function encodeDocument(doc: DocumentParts, emit?: (chunk: Buffer) => void): Buffer {
  const tail = Buffer.byteLength(doc.tail, 'utf8');
  const first = Buffer.byteLength(doc.head, 'utf8') + Math.min(doc.skills, SIZING_SKILLS) * 2048 + tail;
  let out = Buffer.allocUnsafe(emit ? Math.max(first, WRITE_CHUNK) : first);
  let at = 0;
  const room = (bytes: number): void => {
    if (at + bytes <= out.length) return;
    if (emit) {
      if (at > 0) emit(controlsEscaped(out.subarray(0, at)));
      out = Buffer.allocUnsafe(Math.max(WRITE_CHUNK, bytes));
      at = 0;
      return;
    }
    const grown = Buffer.allocUnsafe(Math.max(at + bytes + tail, Math.ceil(out.length * 1.25)));
    out.copy(grown, 0, 0, at);
    out = grown;
  };
  const put = (piece: string): void => {
    // A UTF-8 byte per UTF-16 unit at most 3: the exact count only when it may not fit.
    if (out.length - at < piece.length * 3) room(Buffer.byteLength(piece, 'utf8'));
    at += out.write(piece, at, 'utf8');
  };
  put(doc.head);
  const head = at;
  for (let i = 0; i < doc.skills; i++) {
    put(doc.skill(i));
    // One resize, from what the first skills took, instead of growing as it fills.
    if (!emit && i === SIZING_SKILLS - 1 && doc.skills > SIZING_SKILLS) room(Math.ceil(((at - head) / SIZING_SKILLS) * (doc.skills - SIZING_SKILLS) * 1.05));
  }
  put(doc.tail);
  if (!emit) return controlsEscaped(out.subarray(0, at));
  if (at > 0) emit(controlsEscaped(out.subarray(0, at)));
  return Buffer.alloc(0);
}

/**
 * `bytes` (UTF-8 JSON text) with DEL and the C1 controls written `\u007f` … `\u009f`, as
 * `jsonControlsEscaped` writes them in the text: `bytes` itself when it holds none. They are the
 * byte 7F and the pairs C2 80 … C2 9F, and JSON punctuation is ASCII, so each one found lies
 * inside a string. Perf: a document of ASCII and most other text costs two memchr-speed searches
 * instead of a regex over every skill's text.
 *
 * @example controlsEscaped(Buffer.from('"a\u0085"')).toString() // '"a\\u0085"'
 */
export function controlsEscaped(bytes: Buffer): Buffer {
  let del = bytes.indexOf(0x7f);
  let c1 = nextC1(bytes, 0);
  if (del < 0 && c1 < 0) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  // Each search starts past the control it found last: one pass over the bytes in all.
  while (del >= 0 || c1 >= 0) {
    const at = del < 0 ? c1 : c1 < 0 ? del : Math.min(del, c1);
    parts.push(bytes.subarray(from, at));
    if (at === del) {
      parts.push(ESCAPED[0]!);
      from = at + 1;
      del = bytes.indexOf(0x7f, from);
    } else {
      parts.push(ESCAPED[bytes[at + 1]! - 0x7f]!);
      from = at + 2;
      c1 = nextC1(bytes, from);
    }
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** `\u007f`, then `\u0080` … `\u009f`, as bytes. */
const ESCAPED = Array.from({ length: 0x21 }, (_, i) => Buffer.from(`\\u00${(0x7f + i).toString(16)}`, 'latin1'));

/** Where the first C1 pair (C2 80–9F) at or after `from` starts, or -1. */
function nextC1(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(0xc2, from); at >= 0; at = bytes.indexOf(0xc2, at + 1)) {
    const next = bytes[at + 1];
    if (next !== undefined && next >= 0x80 && next <= 0x9f) return at;
  }
  return -1;
}

interface DocumentParts {
  readonly head: string;
  readonly skills: number;
  skill(i: number): string;
  readonly tail: string;
}

/**
 * The catalog document in parts: `head`, then `skill(i)` for each skill in order, then `tail`.
 * `skill(i)` is the skill's text with DEL and C1 controls still raw: `catalogJson` escapes each
 * piece, `encodeDocument` the bytes it made (`controlsEscaped`). Perf: each skill is written
 * by `skillText`, which knows the descriptor's shape (no whole-descriptor stringify, no renaming
 * pass, no regex over the text). The summaries come from `resolveSummaries`, which builds
 * no entry list.
 */
function catalogJsonParts(result: CatalogFromFlags): DocumentParts {
  const { catalog, stats } = result;
  const skills = catalog.skills;
  const frame = jsonDocument({ digest: catalog.digest, skills: [], conflicts: catalog.conflicts, diagnostics: catalogFindings(result), ...completenessJson(result.walk), stats });
  if (skills.length === 0) return { head: frame, skills: 0, skill: () => '', tail: '' };
  // The first `"skills": []`: only the digest string comes before it.
  const hole = frame.indexOf('"skills": []');
  // resolveSummaries returns skills in catalog order.
  const summaries = resolveSummaries(catalog);
  return {
    head: `${frame.slice(0, hole)}"skills": [\n`,
    skills: skills.length,
    skill: (i: number): string => (i === 0 ? '' : ',\n') + skillText(skills[i]!.descriptor, summaries[i]),
    tail: `\n  ]${frame.slice(hole + '"skills": []'.length)}`,
  };
}

/**
 * A descriptor with snake_case keys, in the descriptor's own key order. `metadata` is the
 * frontmatter's own map and passes unchanged.
 *
 * @example descriptorJson(pkg.descriptor).allowed_tools
 */
export function descriptorJson(d: SkillDescriptor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d)) out[DESCRIPTOR_KEYS[key] ?? key] = value;
  return out;
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

/** Exit status of catalog-reading verbs: findings when a skill was left out by an error, or the walk stopped at a limit. */
export function catalogStatus(catalog: Catalog, walk?: WalkReport): number {
  return hasErrors(catalog.diagnostics) || walk?.complete === false ? EXIT.findings : EXIT.ok;
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const extra = { roots: positionals };
  if (values.format === 'mcp') {
    const request = await lazyCatalogRequest(values, io, spec.name, extra);
    // Perf: imported here only: the snapshot parses SKILL.md bytes (yaml), which no other catalog run needs.
    const { skillsListSnapshot } = await import('../../serve/snapshot.js');
    const result = await skillsListSnapshot(request.load, { ...request.engine, onProgress: undefined }, (d) => io.stderr.write(`${d.file}: ${d.severity} ${d.code} ${d.message}\n`));
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return EXIT.ok;
  }
  const { format } = reportOptions(values, io, spec.name);
  const shard = parseShard(io, spec.name, values.shard);
  const threshold = overlapThreshold(values, io, spec.name);
  // The routing pass (overlaps, links to missing skills) over the catalog's winners.
  const routed = (result: CatalogFromFlags): CatalogFromFlags => ({ ...result, routing: catalogRouting(result.catalog, threshold === undefined ? {} : { threshold }).diagnostics });
  if (shard) {
    if (format !== 'json') usageError(io, spec.name, '--shard prints a shard document: add --json');
    const request = await lazyCatalogRequest(values, io, spec.name, extra);
    // Perf: imported here only: a shard parses in this thread (yaml), which the catalog path leaves to the engine.
    const { catalogShard, catalogShardDocument } = await import('../../tasks/shard-catalog.js');
    const part = catalogShard(request, shard);
    writeJson(io, catalogShardDocument('catalog', shard, part));
    return EXIT.ok;
  }
  if (format === 'sarif' || format === 'junit' || format === 'github') {
    const result = routed(await lazyCatalogFromFlags(values, io, spec.name, extra));
    // Perf: the report writers load only here, not before every catalog run.
    const { catalogReportText } = await import('../catalog-report.js');
    io.stdout.write(catalogReportText(format, result, io.cwd));
    return catalogStatus(result.catalog, result.walk);
  }
  if (format === 'json') {
    let written = false;
    const produce = (loaded: CatalogFromFlags, recorded: boolean): RunMemo => {
      const result = routed(loaded);
      const status = catalogStatus(result.catalog, result.walk);
      if (!recorded) {
        // Perf: nothing keeps this output, so it is printed as it is made (no 11.6 MB buffer at 10k
        // skills); the memo then carries the status alone.
        writeCatalogJson(result, (chunk) => io.stdout.write(chunk));
        written = true;
        return { status, text: '' };
      }
      const bytes = catalogJsonBytes(result);
      // The text only when a caller asks for it: the bytes are printed and recorded as they are.
      return { status, bytes, get text(): string { return bytes.toString('utf8'); } };
    };
    const out = await memoizedCatalogOutput(values, io, spec.name, produce, extra, threshold === undefined ? '' : `overlap-threshold=${threshold}`);
    if (written) return out.status;
    // Perf: our own JSON text (jsonDocument leaves no raw control in it) goes out as bytes, which
    // the terminal guard passes as they are: no scan of 11 MB for controls it cannot find (10k: −~25 ms).
    io.stdout.write(out.bytes ?? Buffer.from(out.text, 'utf8'));
    return out.status;
  }
  const result = routed(await lazyCatalogFromFlags(values, io, spec.name, extra));
  writeCatalog(result, io, { table: true });
  return catalogStatus(result.catalog, result.walk);
}

/** A path for people: relative to the working folder when inside it. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel) ? rel.split(sep).join('/') : path;
}

/**
 * Human output shared by `catalog` (table) and `list` (short): the rows on stdout, the
 * summary, conflicts and findings on stderr.
 */
export function writeCatalog(result: CatalogFromFlags, io: CliIo, options: { table: boolean }): void {
  io.stdout.write(renderRows(result, io, options));
  note(io, renderNotes(result, io, options));
}

/** The summary line, completeness, conflicts and findings. */
export function renderNotes(result: CatalogFromFlags, io: CliIo, options: { table: boolean }): string {
  const { catalog, stats } = result;
  const color = useColor(io);
  // A blank line parts the rows (stdout) from the notes on a terminal, where both show.
  const out: string[] = [''];
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
  out.push(...renderFindings(catalogFindings(result), io, color, options.table));
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
