// One list, summary line and JSON shape of what was left out, for `context`, `materialize`, `load` and `serve`.
import type { Catalog } from '../model/catalog.js';
import { hasErrors, type Diagnostic } from '../model/diagnostics.js';
import { byteOrder } from '../model/order.js';

export const LEFT_OUT_REASONS = ['invalid', 'not-catalogued', 'failed', 'audit', 'hidden', 'budget'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** One skill (or SKILL.md) an agent will not be offered. */
export interface LeftOutSkill {
  /** Null when the skill could not be read (`folder` names it). */
  readonly name: string | null;
  readonly folder: string;
  readonly file: string;
  readonly reason: LeftOutReason;
  /** For `not-catalogued`: the walk's reason (`nested`, `dangling-link`, …). */
  readonly detail?: string;
  /** Errors first; possibly empty. */
  readonly diagnostics: readonly Diagnostic[];
}

/** The walk's account a catalog run reports beside the catalog (see `LoadedCatalog.walk`). */
export interface WalkAccountView {
  readonly complete: boolean;
  readonly files: { readonly notCatalogued: Readonly<Record<string, number>> };
}

/** Left-out skills with exact counts (the walk caps its per-file notes). */
export interface LeftOut {
  readonly skills: readonly LeftOutSkill[];
  readonly counts: Readonly<Record<LeftOutReason, number>>;
  readonly notCatalogued: Readonly<Record<string, number>>;
  /** An error left a skill out, or the walk stopped at a limit: exit 1. */
  readonly findings: boolean;
}

const WALK_CODES: Readonly<Record<string, string>> = {
  'discover.nested-skill': 'nested',
  'discover.skipped-folder-skill': 'skipped-folder',
  'discover.not-regular': 'not-regular',
  'discover.duplicate-skill-file': 'duplicate-name',
  'discover.symlink-skipped': 'link-not-followed',
};

// When the link is itself a SKILL.md.
const LINK_CODES: Readonly<Record<string, string>> = {
  'discover.symlink-escape': 'link-outside',
  'discover.symlink-dangling': 'dangling-link',
  'discover.symlink-loop': 'link-loop',
};

/** What the catalog left out before any verb chose: invalid skills and SKILL.md files the walk did not catalogue. */
export function catalogLeftOut(catalog: Catalog): LeftOutSkill[] {
  const packaged = new Set<string>();
  for (const p of catalog.skills) packaged.add(p.descriptor.source.locator);
  for (const c of catalog.conflicts) packaged.add(c.shadowed);
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of catalog.diagnostics) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  const out: LeftOutSkill[] = [];
  for (const file of byFile.keys()) {
    if (packaged.has(file) || !isSkillFile(file)) continue;
    const diagnostics = byFile.get(file) ?? [];
    if (!hasErrors(diagnostics)) continue;
    out.push(entry(null, file, 'invalid', errorsFirst(diagnostics)));
  }
  for (const d of catalog.diagnostics) {
    const detail = WALK_CODES[d.code] ?? (isSkillFile(d.file) ? LINK_CODES[d.code] : undefined);
    if (detail !== undefined) out.push({ ...entry(null, d.file, 'not-catalogued', [d]), detail });
  }
  return out.sort(compareLeftOut);
}

/**
 * The catalog's own left-out skills plus what the verb left out; `findings` follows the catalog's rule (an error,
 * a failed skill, a walk stopped at a limit).
 */
export function leftOutReport(skills: readonly LeftOutSkill[], walk?: WalkAccountView, catalog?: Catalog): LeftOut {
  const counts = Object.fromEntries(LEFT_OUT_REASONS.map((r) => [r, 0])) as Record<LeftOutReason, number>;
  for (const s of skills) if (s.reason !== 'not-catalogued') counts[s.reason]++;
  const notCatalogued: Record<string, number> = {};
  if (walk) {
    for (const [reason, n] of Object.entries(walk.files.notCatalogued)) if (n > 0) notCatalogued[reason] = n;
    counts['not-catalogued'] = Object.values(notCatalogued).reduce((a, b) => a + b, 0);
  } else {
    counts['not-catalogued'] = skills.filter((s) => s.reason === 'not-catalogued').length;
  }
  const findings =
    counts.invalid > 0 ||
    counts.failed > 0 ||
    walk?.complete === false ||
    (catalog !== undefined && hasErrors(catalog.diagnostics));
  return { skills: [...skills].sort(compareLeftOut), counts, notCatalogued, findings };
}

/** A left-out entry for a package the verb chose not to hand on (`hidden`, `budget`, `audit`, `failed`). */
export function leftOutPackage(
  pkg: { readonly descriptor: { readonly name: string; readonly source: { readonly locator: string } } },
  reason: LeftOutReason,
  diagnostics: readonly Diagnostic[] = [],
): LeftOutSkill {
  return entry(pkg.descriptor.name, pkg.descriptor.source.locator, reason, diagnostics);
}

const REASON_WORDS: Readonly<Record<LeftOutReason, string>> = {
  invalid: 'invalid',
  'not-catalogued': 'not catalogued',
  failed: 'could not be copied',
  audit: 'dropped by the audit',
  hidden: 'hidden from the model',
  budget: 'hidden by the budget',
};

const SHOWN = 3;

/** One line for people, e.g. `2 left out: 1 invalid (broken: yaml.invalid at line 2), 1 hidden by the budget`. */
export function leftOutLine(report: LeftOut): string {
  const total = LEFT_OUT_REASONS.reduce((n, r) => n + report.counts[r], 0);
  if (total === 0) return '';
  const parts: string[] = [];
  for (const reason of LEFT_OUT_REASONS) {
    const n = report.counts[reason];
    if (n === 0) continue;
    parts.push(`${n} ${REASON_WORDS[reason]} (${examples(report, reason, n)})`);
  }
  return `${total} left out: ${parts.join(', ')}`;
}

function examples(report: LeftOut, reason: LeftOutReason, n: number): string {
  if (reason === 'not-catalogued') {
    return Object.entries(report.notCatalogued)
      .map(([why, count]) => `${count} ${why.replaceAll('-', ' ')}`)
      .join(', ');
  }
  const listed = report.skills.filter((s) => s.reason === reason);
  const shown = listed.slice(0, SHOWN).map(describe);
  if (n > shown.length) shown.push(`and ${n - shown.length} more`);
  return shown.join('; ');
}

function describe(s: LeftOutSkill): string {
  const label = s.name ?? folderName(s.folder);
  const first = s.diagnostics[0];
  if (first === undefined) return label;
  return `${label}: ${first.code}${first.line > 0 ? ` at line ${first.line}` : ''}`;
}

/** The `left_out` JSON: an entry per skill and exact counts (`not_catalogued` may exceed the capped entries). */
export function leftOutJson(report: LeftOut): Record<string, unknown> {
  return {
    counts: Object.fromEntries(LEFT_OUT_REASONS.map((r) => [r.replaceAll('-', '_'), report.counts[r]])),
    not_catalogued: Object.fromEntries(
      Object.entries(report.notCatalogued).map(([k, v]) => [k.replaceAll('-', '_'), v]),
    ),
    skills: report.skills.map((s) => ({
      name: s.name,
      folder: s.folder,
      file: s.file,
      reason: s.reason,
      ...(s.detail === undefined ? {} : { detail: s.detail }),
      diagnostics: s.diagnostics.map((d) => ({
        code: d.code,
        severity: d.severity,
        message: d.message,
        line: d.line,
        column: d.column,
        hint: d.hint,
      })),
    })),
  };
}

function entry(
  name: string | null,
  file: string,
  reason: LeftOutReason,
  diagnostics: readonly Diagnostic[],
): LeftOutSkill {
  return { name, folder: parentOf(file), file, reason, diagnostics };
}

function errorsFirst(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity !== 'error')];
}

function compareLeftOut(a: LeftOutSkill, b: LeftOutSkill): number {
  return LEFT_OUT_REASONS.indexOf(a.reason) - LEFT_OUT_REASONS.indexOf(b.reason) || byteOrder(a.file, b.file);
}

const isSkillFile = (file: string): boolean => file.toLowerCase().endsWith('/skill.md');
const parentOf = (file: string): string => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) || '/' : '.');
const folderName = (folder: string): string => folder.slice(folder.lastIndexOf('/') + 1);
